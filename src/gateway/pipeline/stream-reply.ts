// A streamed answer on the wire: the pipeline's event batches rendered by a format's
// writer as server-sent events, one write per batch.
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { coalesce } from './coalesce.js';
import type { StreamEvent } from '../models/types.js';

/** What a wire format supplies: its SSE text for an event, for the end, and for a failure mid-stream. */
export interface Writer {
  write(ev: StreamEvent): string;
  end(): string;
  error(message: string, code: string): string;
}

/** One write per batch of events (a write per event would cost a syscall each), its deltas coalesced. */
async function* sseBody(batches: AsyncIterable<StreamEvent[]>, writer: Writer, log: FastifyBaseLogger) {
  try {
    let first = true;
    for await (const batch of batches) {
      let text = '';
      for (const ev of coalesce(batch)) text += writer.write(ev);
      if (!text) continue;
      yield text;
      if (first) {
        // Node sends a response's first bytes on the next tick (it corks the socket), and
        // ticks wait for the promise jobs to run out: with the upstream's data already
        // buffered, this generator would transform all of it before the first byte left.
        // One turn of the event loop lets it go now.
        first = false;
        await nextTurn();
      }
    }
    yield writer.end();
  } catch (err) {
    // Headers are gone already: the error travels in the stream, where the SDKs raise it.
    log.warn({ code: (err as { code?: string }).code ?? (err as Error).name }, 'upstream stream failed');
    yield writer.error('O provedor do modelo falhou durante a resposta.', 'upstream_error');
  }
}

/** Until `body` can take more, or is gone. */
function drained(body: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      body.off('drain', done);
      body.off('close', done);
      resolve();
    };
    body.on('drain', done);
    body.on('close', done);
  });
}

/**
 * Ends `body`, and with it the response, in the same write as the last text: the response's
 * end (the chunked encoding's last chunk) would otherwise leave in a write of its own, one
 * more system call per stream. The socket stays corked from here until the response has
 * ended; Node's own per-tick uncork then leaves it corked, and it is released on the tick
 * after the end.
 */
function endTogether(body: PassThrough, raw: ServerResponse): void {
  // Only with nothing left waiting for the socket to drain: a corked socket never drains,
  // and the body's end would then wait for ever behind its own data.
  if (body.readableLength > 0 || raw.writableNeedDrain) {
    body.end();
    return;
  }
  raw.cork();
  let corked = true;
  const release = () => {
    if (!corked) return;
    corked = false;
    process.nextTick(() => raw.uncork());
  };
  // After Fastify's own 'end' listener (it pipes the body into the response and ends it).
  body.once('end', release);
  body.once('close', release);
  body.end();
}

/**
 * The generator's text into `body`, with backpressure; when the caller has gone (Fastify
 * destroys the body), the generator is returned, which closes the upstream read. What
 * pipeline() does for this one case, without its per-call AbortController, whose abort at
 * the end of every stream built a DOMException with a stack trace.
 */
async function pump(source: AsyncGenerator<string>, body: PassThrough, raw: ServerResponse): Promise<void> {
  try {
    for await (const text of source) {
      if (body.destroyed) return;
      if (!body.write(text)) await drained(body);
    }
    if (!body.destroyed) endTogether(body, raw);
  } catch (err) {
    body.destroy(err as Error);
  }
}

export function sendEvents(
  reply: FastifyReply,
  events: AsyncIterable<StreamEvent[]>,
  writer: Writer,
  log: FastifyBaseLogger,
): FastifyReply {
  reply.header('content-type', 'text/event-stream; charset=utf-8');
  reply.header('x-accel-buffering', 'no');
  // Pushed into a PassThrough (backpressure, and the generators closed when the caller goes
  // away) rather than pulled by Readable.from(). Measured, not explained: under Fastify's
  // stream path a Readable.from() left ~0.7-1 MB of each 13 MB of young objects alive across
  // two scavenges (promoted, then swept by full collections) in 10 runs of 10; pushed, ~0.25 MB
  // in 4 runs of 8 (`--trace-gc-nvp`; docs/contributing/performance.md).
  const body = new PassThrough();
  void pump(sseBody(events, writer, log), body, reply.raw);
  return reply.send(body);
}
