// A flood of connections that never finish their headers must not take a service down: a
// real `svc serve all` with small caps gets hundreds of half-open sockets on loopback (each
// flooding address its own 127.0.0.x). Connections beyond the per-address cap are closed at
// once, at the service's cap the half-open ones make room for newcomers, the rest are closed
// after the headers timeout, and the health routes of all three services answer throughout.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { onPostgres } from '../helpers/db.js';
import { probe } from '../helpers/probe.js';
import { seededStorage, serve } from '../helpers/served.js';
import { waitFor } from '../helpers/wait.js';

const PER_ADDRESS = 50;
const MAX = 200;
const HEADERS_TIMEOUT_S = 10;
const HEALTH_DEADLINE_MS = 4_000;

interface Flood {
  sockets: Socket[];
  closed: Set<Socket>;
  open(): number;
}

/** `n` sockets from `from` to `url`'s port, each sending a request line and part of a header, never the end. */
async function flood(url: string, from: string, n: number, into?: Flood): Promise<Flood> {
  const { port, hostname } = new URL(url);
  const f = into ?? { sockets: [], closed: new Set<Socket>(), open: () => 0 };
  f.open = () => f.sockets.length - f.closed.size;
  await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<void>((resolve) => {
          const s = connect({ host: hostname, port: Number(port), localAddress: from });
          f.sockets.push(s);
          s.on('error', () => {});
          s.resume(); // the server's 408 is read, so that its close is seen
          s.on('close', () => {
            f.closed.add(s);
            resolve();
          });
          s.on('connect', () => {
            s.write('GET /api/health HTTP/1.1\r\nHost: flood\r\nX-Half: ', () => resolve());
          });
        }),
    ),
  );
  return f;
}

/** One health request on a connection of its own. */
const health = (url: string, from?: string) => probe(url, HEALTH_DEADLINE_MS, from);

describe(`connection floods (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  it('caps per address and per service, times out half-open connections, health answers throughout', async () => {
    const { storage, env } = await seededStorage(async () => undefined, {
      MAX_CONNECTIONS: String(MAX),
      MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_S),
    });
    const { child, urls } = await serve(['all'], env);
    const probes = [`${urls.gateway}/api/health`, `${urls.contracts}/health`, `${urls.insights}/health`];
    const answers: (number | string)[] = [];
    let probing = true;
    const poller = (async () => {
      while (probing) {
        answers.push(...(await Promise.all(probes.map((p) => health(p)))));
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const floods: Flood[] = [];
    try {
      // One address, 300 half-open connections to each service: all but the first 50 closed at once.
      for (const url of [urls.gateway!, urls.contracts!, urls.insights!]) {
        const f = await flood(url, '127.0.0.2', 300);
        floods.push(f);
        await waitFor('connections beyond the per-address cap closed', () => f.closed.size >= 250);
        assert.equal(f.open(), PER_ADDRESS, 'the first connections of the address stay until their timeout');
      }
      assert.deepEqual(await Promise.all(probes.map((p) => health(p))), [200, 200, 200]);

      // Four more addresses on the gateway, 50 each: past the service's cap of 200, the
      // oldest half-open connections make room, and a health probe still gets in.
      const gateway = floods[0]!;
      for (const from of ['127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']) {
        await flood(urls.gateway!, from, PER_ADDRESS, gateway);
      }
      await waitFor('the gateway holds at most its cap', () => gateway.open() <= MAX);
      assert.equal(await health(probes[0]!), 200);
      await waitFor('the gateway holds at most its cap', () => gateway.open() <= MAX);

      // Nobody finishes their headers: the server closes every flooding connection.
      for (const f of floods) {
        await waitFor('half-open connections closed after the headers timeout', () => f.open() === 0, {
          timeoutMs: HEADERS_TIMEOUT_S * 1000 + 30_000,
          everyMs: 200,
        });
      }
      probing = false;
      await poller;
      const failed = answers.filter((a) => a !== 200);
      assert.deepEqual(failed, [], `every health probe answered 200 within ${HEALTH_DEADLINE_MS} ms`);
      assert.ok(answers.length >= 3 * 5, `probed all along (${answers.length} probes)`);

      // Afterwards, everything as usual: the flooding addresses too.
      assert.deepEqual(await Promise.all(probes.map((p) => health(p))), [200, 200, 200]);
      assert.deepEqual(await Promise.all(probes.map((p) => health(p, '127.0.0.2'))), [200, 200, 200]);
      const again = await fetch(`${urls.gateway}/api/health`);
      assert.equal(again.status, 200);
    } finally {
      probing = false;
      await poller;
      for (const f of floods) for (const s of f.sockets) s.destroy();
      child.proc.kill('SIGKILL');
      await storage.drop();
    }
  });
});
