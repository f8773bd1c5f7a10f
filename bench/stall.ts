// Health latency of a real `svc serve gateway` (SQLite) under the two attacks of
// docs/security.md, against its own idle figure in the same run:
// - lock: another process holds the database's write lock (BEGIN IMMEDIATE) for the whole
//   condition while four clients keep calling POST /v1/privacy/clean (a write per call);
// - flood: FLOOD connections that send part of a request and never finish it, from
//   several loopback addresses (127.0.0.x, 200 per address);
// - slow: 4096 connections (the shipped MAX_CONNECTIONS, 256 from each of 16 loopback
//   addresses, the shipped per-address cap) that send a request declaring a 3,000-byte body
//   and then one byte of it every two seconds; a connection the server closes is opened
//   again at once, as an attacker keeping the pressure would.
// GET /api/health on a fresh connection every 100 ms, 10 s deadline. Printed per condition:
// probes, probes that failed or missed the deadline, median and max latency (ms), max ÷ the
// idle median; for writes their statuses; for the floods how many of their connections were
// still open at the end. BENCH_BASELINE=<checkout>/dist runs that build through the same
// conditions first (the "before" figures).
// Usage: npm run build && [BENCH_BASELINE=<dir>] node dist/bench/stall.js [seconds-per-condition] [flood]
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/context.js';
import { sqliteFile } from '../src/platform/db/index.js';
import type { TestContext } from '../test/helpers/context.js';
import { testStorage } from '../test/helpers/db.js';
import { makeKey } from '../test/helpers/gateway.js';
import { CLI, median, startServer } from './lib.js';

const SECONDS = Number(process.argv[2] ?? 10);
const FLOOD = Number(process.argv[3] ?? 2000);
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const require = createRequire(import.meta.url);

const HOLDER = `
const SQLite = require(process.env.SQLITE_MODULE);
const db = new SQLite(process.env.FILE);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
setTimeout(() => { db.exec('ROLLBACK'); db.close(); }, Number(process.env.HOLD_MS));
`;

function probe(url: string): Promise<number | undefined> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = get(url, { agent: false, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : undefined));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
  });
}

/** Probes every 100 ms until `stop` resolves (in flight ones finish). */
async function probing(url: string, stop: Promise<unknown>): Promise<(number | undefined)[]> {
  const results: Promise<number | undefined>[] = [];
  let done = false;
  void stop.then(() => {
    done = true;
  });
  while (!done) {
    results.push(probe(url));
    await new Promise((r) => setTimeout(r, 100));
  }
  return Promise.all(results);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function summary(name: string, latencies: (number | undefined)[], idleMedian?: number) {
  const ok = latencies.filter((l): l is number => l !== undefined);
  const max = ok.length ? Math.max(...ok) : Number.NaN;
  return {
    condition: name,
    probes: latencies.length,
    failed: latencies.length - ok.length,
    median_ms: Math.round(median(ok.length ? ok : [Number.NaN])),
    max_ms: Math.round(max),
    max_over_idle_median: idleMedian ? Number((max / idleMedian).toFixed(1)) : 1,
  };
}

async function measure(label: string, cli: string) {
  const storage = await testStorage();
  const env = { ...storage.env, SVC_SECRET: SECRET };
  const ctx = await createContext(loadConfig(env));
  const key = await makeKey(ctx as TestContext, { org: { requests_per_minute: 1_000_000_000 } });
  await ctx.db.close();
  const server = await startServer([cli, 'serve', 'gateway'], { ...env, LOG_LEVEL: 'warn' });
  const health = `${server.url}/api/health`;
  const rows = [];

  const idle = await probing(health, sleep(SECONDS * 1000));
  const idleMedian = median(idle.filter((l): l is number => l !== undefined));
  rows.push(summary('idle', idle));

  // lock
  const holder = spawn(process.execPath, ['-e', HOLDER], {
    env: {
      PATH: process.env.PATH ?? '',
      FILE: sqliteFile(storage.dataDir),
      SQLITE_MODULE: require.resolve('better-sqlite3'),
      HOLD_MS: String(SECONDS * 1000),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((r) => holder.stdout!.once('data', r));
  const released = new Promise((r) => holder.once('exit', r));
  const statuses: Record<string, number> = {};
  let writing = true;
  const writers = Array.from({ length: 4 }, async () => {
    while (writing) {
      const status = await fetch(`${server.url}/v1/privacy/clean`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'um texto qualquer' }),
        signal: AbortSignal.timeout(60_000),
      }).then(
        (r) => String(r.status),
        () => 'no answer',
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  const locked = await probing(health, released);
  writing = false;
  await Promise.all(writers);
  rows.push({ ...summary('lock', locked, idleMedian), writes: statuses });

  // flood
  const { port } = new URL(server.url);
  const sockets: Socket[] = [];
  let closed = 0;
  for (let i = 0; i < FLOOD; i++) {
    const s = connect({
      host: '127.0.0.1',
      port: Number(port),
      localAddress: `127.0.0.${2 + Math.floor(i / 200)}`,
    });
    s.on('error', () => {});
    s.resume(); // a 408 is read, so that the close is seen
    s.on('close', () => closed++);
    s.on('connect', () => s.write('GET /api/health HTTP/1.1\r\nHost: flood\r\nX-Half: '));
    sockets.push(s);
  }
  const flooded = await probing(health, sleep(SECONDS * 1000));
  rows.push({ ...summary('flood', flooded, idleMedian), flood_still_open: FLOOD - closed });
  for (const s of sockets) s.destroy();

  // slow bodies
  const slow = await trickle(Number(port), 16, 256);
  const trickled = await probing(health, sleep(SECONDS * 1000));
  rows.push({ ...summary('slow', trickled, idleMedian), flood_still_open: slow.open() });
  slow.stop();

  await server.stop();
  await storage.drop();
  console.log(JSON.stringify({ target: label, seconds: SECONDS, flood: FLOOD }));
  console.table(rows);
}

/**
 * `perAddress` connections from each of `addresses` loopback addresses, each trickling a
 * 3,000-byte body; one the server closes is opened again.
 */
async function trickle(port: number, addresses: number, perAddress: number) {
  const open = new Set<Socket>();
  let running = true;
  const head =
    'POST /api/erro-cliente HTTP/1.1\r\nHost: slow\r\nContent-Type: text/plain\r\nContent-Length: 3000\r\n\r\n';
  const one = (from: string) =>
    new Promise<void>((resolve) => {
      const s = connect({ host: '127.0.0.1', port, localAddress: from });
      s.on('error', () => {});
      s.resume();
      s.on('close', () => {
        open.delete(s);
        resolve();
        if (running) setTimeout(() => void one(from), 10);
      });
      s.on('connect', () => {
        open.add(s);
        s.write(`${head}x`, () => resolve());
      });
    });
  for (let a = 0; a < addresses; a++)
    await Promise.all(Array.from({ length: perAddress }, () => one(`127.0.0.${2 + a}`)));
  const timer = setInterval(() => {
    for (const s of open) if (s.writable) s.write('x');
  }, 2_000);
  return {
    open: () => open.size,
    stop() {
      running = false;
      clearInterval(timer);
      for (const s of open) s.destroy();
    },
  };
}

if (process.env.BENCH_BASELINE) await measure('baseline', `${process.env.BENCH_BASELINE}/src/cli.js`);
await measure('this build', CLI);
