// A body over the route's limit is answered 413 before it has all arrived. Closing the
// connection then, with the client still sending, makes the kernel reset it, and the client
// usually sees the reset instead of the answer. So the rest of the body is read and thrown
// away first — up to a bound in bytes and in time, past which the connection is closed
// anyway — and only then does the 413 leave, with `Connection: close`.
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Bytes of an oversized body read (and discarded) after the limit, at most. */
export const DRAIN_MAX_BYTES = 32 * 1024 * 1024;
/** How long the rest of an oversized body may take to arrive, at most. */
export const DRAIN_MAX_MS = 10_000;

export function drainOversizedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
): void {
  const raw = request.raw;
  if (reply.statusCode !== 413 || raw.complete || raw.readableEnded || raw.destroyed) {
    done(null, payload);
    return;
  }
  reply.header('connection', 'close');
  let seen = 0;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    raw.off('data', onData);
    raw.off('end', finish);
    raw.off('error', finish);
    raw.off('close', finish);
    done(null, payload);
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_MAX_BYTES) finish();
  };
  const timer = setTimeout(finish, DRAIN_MAX_MS);
  raw.on('data', onData);
  raw.once('end', finish);
  raw.once('error', finish);
  raw.once('close', finish);
  raw.resume();
}
