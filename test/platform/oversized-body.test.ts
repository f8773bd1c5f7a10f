// A body over the limit, sent by a client that writes it all before reading (chunked, or with
// a Content-Length the server refuses up front), must reach that client as the 413 and its
// envelope — not as a reset connection. Over a real socket: inject never resets anything.
import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { gatewayEnvelope } from '../../src/gateway/app.js';
import { createApp } from '../../src/platform/http/app.js';
import { createLogger } from '../../src/platform/logger.js';
import { LogCapture } from '../helpers/context.js';

const LIMIT = 64 * 1024;

type Outcome = { status: number; body: string } | { error: string };

/**
 * A client that sends its whole body before it reads the answer (as many HTTP clients do):
 * the request head and `total` bytes (chunked, or with a Content-Length), reading paused
 * until every byte was handed to the socket, then the answer read to its end.
 */
function upload(port: number, total: number, declared: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let settled = false;
    const done = (o: Outcome) => {
      if (!settled) resolve(o);
      settled = true;
      socket.destroy();
    };
    socket.on('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
    socket.pause();
    socket.on('connect', () => {
      const head = [
        'POST /api/echo HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        declared ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked',
        '',
        '',
      ].join('\r\n');
      const body = Buffer.alloc(total, 0x61);
      const framed = declared
        ? body
        : Buffer.concat([Buffer.from(`${total.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
      socket.write(head);
      socket.write(framed, () => {
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
          done({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
        });
        socket.resume();
      });
    });
  });
}

describe('a body over the limit reaches a streaming client as 413', () => {
  let app: ReturnType<typeof createApp>;
  let port: number;
  before(async () => {
    app = createApp({
      logger: createLogger('info', undefined, new LogCapture()),
      envelopeFor: gatewayEnvelope,
      bodyLimit: LIMIT,
    });
    app.post('/api/echo', { config: { auth: 'none' } }, async (req) => ({ got: typeof req.body }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  after(() => app.close());

  for (const declared of [false, true]) {
    it(`${declared ? 'with Content-Length' : 'chunked'}: 8 MiB against 64 KiB, five times in a row`, async () => {
      for (let i = 0; i < 5; i++) {
        const outcome = await upload(port, 8 * 1024 * 1024, declared);
        assert.ok('status' in outcome, `attempt ${i + 1}: the client saw ${JSON.stringify(outcome)}`);
        assert.equal(outcome.status, 413);
        assert.equal(JSON.parse(outcome.body).error, 'payload_too_large');
      }
    });
  }
});
