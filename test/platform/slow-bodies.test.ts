// Slow request bodies must not take a service down: a real `svc serve gateway` with the
// shipped connection caps (4096, 256 per address) gets 4096 connections from 16 loopback
// addresses (127.0.0.2 … 127.0.0.17), each declaring a 3,000-byte body and sending it one
// byte every two seconds. Health probes from a clean address are answered throughout (each
// takes a slow body's place), and after BODY_TIMEOUT_SECONDS every trickling connection is
// answered 408 and closed, while a body that keeps a fair pace past the timeout is served.
// The grouping of IPv6 clients by /64 is tested on addresses and on the connection guard
// (the only IPv6 loopback address is ::1, so a second address of one /64 cannot connect here).
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { DEFAULT_CONNECTION_LIMITS } from '../../src/platform/config/bounds.js';
import { guardConnections } from '../../src/platform/http/connections.js';
import { networkOf } from '../../src/platform/net.js';
import { onPostgres } from '../helpers/db.js';
import { probe } from '../helpers/probe.js';
import { seededStorage, serve } from '../helpers/served.js';
import { waitFor } from '../helpers/wait.js';

const HEALTH_DEADLINE_MS = 4_000;
const HEAD =
  'POST /api/erro-cliente HTTP/1.1\r\nHost: flood\r\nContent-Type: text/plain\r\nContent-Length: 3000\r\n\r\n';

interface Trickle {
  sockets: Socket[];
  closed: Set<Socket>;
  /** What the server sent back to each socket. */
  answers: Map<Socket, string>;
  stop(): void;
}

/**
 * `perAddress` connections from each address, each sending its headers and then one body byte
 * every two seconds. A connection the kernel refused on the way in (a full accept queue) is
 * tried again, so that all of them reach the server.
 */
async function trickle(url: string, addresses: string[], perAddress: number): Promise<Trickle> {
  const { port, hostname } = new URL(url);
  const t: Trickle = { sockets: [], closed: new Set(), answers: new Map(), stop: () => {} };
  const open = (from: string): Promise<void> =>
    new Promise<void>((resolve) => {
      const s = connect({ host: hostname, port: Number(port), localAddress: from });
      let connected = false;
      s.on('error', () => {});
      s.on('data', (d: Buffer) => t.answers.set(s, (t.answers.get(s) ?? '') + d.toString('latin1')));
      s.on('close', () => {
        if (connected) t.closed.add(s);
        else resolve(open(from));
      });
      s.on('connect', () => {
        connected = true;
        t.sockets.push(s);
        s.write(`${HEAD}x`, () => resolve());
      });
    });
  for (const from of addresses) await Promise.all(Array.from({ length: perAddress }, () => open(from)));
  const timer = setInterval(() => {
    for (const s of t.sockets) if (!t.closed.has(s) && s.writable) s.write('x');
  }, 2_000);
  t.stop = () => clearInterval(timer);
  return t;
}

/** One health request on a connection of its own. */
const health = (url: string) => probe(url, HEALTH_DEADLINE_MS);

/** A raw POST whose body (`size` bytes) is sent in `chunks` pieces `everyMs` apart; resolves with the status line. */
function pacedPost(url: string, size: number, chunks: number, everyMs: number): Promise<string> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve) => {
    const s = connect({ host: hostname, port: Number(port) });
    let answer = '';
    s.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
    });
    s.on('error', () => {});
    s.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    s.on('connect', () => {
      s.write(HEAD.replace('3000', String(size)).replace('Host: flood', 'Host: paced\r\nConnection: close'));
      let sent = 0;
      const timer = setInterval(() => {
        s.write(Buffer.alloc(size / chunks, 0x61));
        if (++sent === chunks) clearInterval(timer);
      }, everyMs);
    });
  });
}

const loopback = (n: number) => Array.from({ length: n }, (_, i) => `127.0.0.${i + 2}`);

describe(`slow request bodies (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  it('keeps health answering under 4096 trickled bodies from 16 addresses, then closes them with 408', async () => {
    const { storage, env } = await seededStorage(async () => undefined);
    const { child, urls } = await serve(['gateway'], env);
    let flood: Trickle | undefined;
    try {
      const { max, perAddress } = DEFAULT_CONNECTION_LIMITS;
      flood = await trickle(urls.gateway!, loopback(max / perAddress), perAddress);
      const f = flood;
      assert.equal(f.sockets.length, 4096);
      const probes: (number | string)[] = [];
      for (let i = 0; i < 10; i++) probes.push(await health(`${urls.gateway}/api/health`));
      assert.deepEqual(probes, Array(10).fill(200), 'every probe answered while the flood was on');
      // The gateway was full: the first probe took the place of a trickled body (each next
      // one the place its predecessor left).
      assert.ok(f.closed.size >= 1 && f.closed.size < 4096, String(f.closed.size));
      // Past the body timeout, the server answers every trickled body 408 and closes it.
      await waitFor('every trickling connection closed', () => f.closed.size === f.sockets.length, {
        timeoutMs: 90_000,
        everyMs: 500,
      });
      const answers = [...f.answers.values()];
      assert.ok(answers.length > 4000, String(answers.length));
      for (const a of answers) assert.match(a, /^HTTP\/1\.1 408 /);
      assert.equal(await health(`${urls.gateway}/api/health`), 200);
    } finally {
      flood?.stop();
      for (const s of flood?.sockets ?? []) s.destroy();
      child.proc.kill('SIGKILL');
      await storage.drop();
    }
  });

  it('serves a body that keeps a fair pace past the timeout, and cuts one that does not', async () => {
    const { storage, env } = await seededStorage(async () => undefined, {
      BODY_TIMEOUT_SECONDS: '2',
      BODY_MIN_BYTES_PER_SECOND: '1000',
    });
    const { child, urls } = await serve(['gateway'], env);
    try {
      // 16 KB in 8 pieces over ~4 s (4 KB/s): past the timeout, at four times the rate.
      const [paced, slow] = await Promise.all([
        pacedPost(urls.gateway!, 16_384, 8, 500),
        pacedPost(urls.gateway!, 16_384, 64, 500), // 512 B/s
      ]);
      assert.equal(paced, 'HTTP/1.1 204 No Content');
      assert.equal(slow, 'HTTP/1.1 408 Request Timeout');
    } finally {
      child.proc.kill('SIGKILL');
      await storage.drop();
    }
  });
});

describe('clients by network', () => {
  it('counts an IPv6 client as its /64, an IPv4 client as its address', () => {
    assert.equal(networkOf('2001:db8:0:1::5'), '2001:db8:0:1::/64');
    assert.equal(networkOf('2001:0DB8:0000:0001:aaaa:bbbb:cccc:dddd'), '2001:db8:0:1::/64');
    assert.equal(networkOf('::1'), '0:0:0:0::/64');
    assert.equal(networkOf('203.0.113.7'), '203.0.113.7');
    assert.equal(networkOf('::ffff:203.0.113.7'), '203.0.113.7');
  });

  it('caps connections per /64, not per IPv6 address', () => {
    const server = createServer();
    const guard = guardConnections(server, 'test', { ...DEFAULT_CONNECTION_LIMITS, perAddress: 2 }, []);
    type Fake = EventEmitter & { destroyed: boolean; destroy(): void };
    const sockets: Fake[] = [];
    const arrive = (remoteAddress: string): Fake => {
      const s: Fake = Object.assign(new EventEmitter(), {
        remoteAddress,
        destroyed: false,
        setTimeout() {},
        destroy() {
          s.destroyed = true;
          s.emit('close');
        },
      });
      sockets.push(s);
      server.emit('connection', s);
      return s;
    };
    const a = arrive('2001:db8:0:1::1');
    const b = arrive('2001:db8:0:1::2');
    const c = arrive('2001:db8:0:1:ffff:ffff:ffff:ffff'); // a third address of the same /64
    const d = arrive('2001:db8:0:2::1'); // another /64
    assert.deepEqual(
      [a, b, c, d].map((s) => s.destroyed),
      [false, false, true, false],
    );
    assert.equal(guard.openFrom('2001:db8:0:1::abcd'), 2);
    a.destroy();
    assert.equal(arrive('2001:db8:0:1::3').destroyed, false, 'a place freed up in the /64');
    for (const s of sockets) if (!s.destroyed) s.destroy();
    server.close();
  });
});
