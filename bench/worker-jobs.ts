// Worker jobs end to end, against real `svc serve gateway` processes on the dialect under
// test (SQLite unless DATABASE_URL is set), with a no-op worker speaking the protocol
// over HTTP from this process (src/worker/run.ts with capabilities that do nothing):
//  1. jobs/s: N jobs created (202, no wait) → leased → completed, first create to last completion;
//  2. completion → waiting client's 200: a client waits on /v1/audio/speech; the time from
//     the worker sending its completion to the client receiving its 200, when the worker
//     talks to the same instance (in-process wake-up) and to another one (database poll).
// Usage: npm run build && node dist/bench/worker-jobs.js [jobs=500] [samples=40]
import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/context.js';
import { createLogger } from '../src/platform/logger.js';
import type { WorkerCapability } from '../src/worker/registry.js';
import { startWorker } from '../src/worker/run.js';
import { WORKER_TOKEN, writeConfig } from '../test/gateway/workers/helpers.js';
import { testStorage } from '../test/helpers/db.js';
import { makeKey } from '../test/helpers/gateway.js';
import { CLI } from './lib.js';
import { kyselyOf } from '../src/modules.js';

const JOBS = Number(process.argv[2] ?? 500);
const SAMPLES = Number(process.argv[3] ?? 40);
const storage = await testStorage();
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const config = writeConfig(tmpdir(), { waits: { embeddings: 0, speech: 30 }, lease_seconds: 30 });
const env = {
  ...storage.env,
  SVC_SECRET: SECRET,
  GATEWAY_PORT: '0',
  WORKER_TOKEN,
  SVC_CONFIG: config,
  LOG_LEVEL: 'warn',
};
const ctx = await createContext(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
const key = await makeKey(ctx as never);
const auth = { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' };

const procs: ChildProcess[] = [];
async function gateway(): Promise<string> {
  const proc = spawn(process.execPath, [CLI, 'serve', 'gateway'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  procs.push(proc);
  return new Promise<string>((resolve) => {
    let buffer = '';
    proc.stdout!.on('data', (c: Buffer) => {
      buffer += c.toString();
      const line = buffer.split('\n').find((l) => l.includes('"event":"listening"'));
      if (line) {
        buffer = '';
        resolve((JSON.parse(line) as { urls: { gateway: string } }).urls.gateway);
      }
    });
  });
}

const [a, b] = await Promise.all([gateway(), gateway()]);
const sent = new Map<string, number>();
const noop = (name: string): WorkerCapability => ({
  name,
  configured: () => true,
  async run(job) {
    if (name === 'svc.speech') {
      sent.set(String(job.input?.text), performance.now());
      return { type: 'audio/mpeg', bytes: new Uint8Array([1]) };
    }
    return { json: { data: [] } };
  },
});
const log = createLogger('silent');
const worker = (url: string, caps: string[], concurrency: number) =>
  startWorker({
    gateway: url,
    token: WORKER_TOKEN,
    name: 'bench',
    version: '1',
    capabilities: caps.map(noop),
    config: {},
    concurrency,
    pollSeconds: 5,
    log,
  });

// 1. Throughput: one worker per instance, 8 slots each; jobs created on both instances.
const wa = await worker(a!, ['svc.embeddings'], 8);
const wb = await worker(b!, ['svc.embeddings'], 8);
const db = kyselyOf(ctx.db);
const t0 = performance.now();
const ids: string[] = [];
for (let i = 0; i < JOBS; i += 16) {
  const made = await Promise.all(
    Array.from({ length: Math.min(16, JOBS - i) }, async (_, j) => {
      const res = await fetch(`${(i + j) % 2 ? b : a}/v1/embeddings`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ input: `item ${i + j}` }),
      });
      return ((await res.json()) as { id: string }).id;
    }),
  );
  ids.push(...made);
}
const created = performance.now();
for (;;) {
  const r = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('kind', '=', 'svc.embeddings')
    .where('status', '=', 'completed')
    .executeTakeFirst();
  if (Number(r?.n) >= JOBS) break;
  await new Promise((r) => setTimeout(r, 20));
}
const t1 = performance.now();
await Promise.all([wa.stop(), wb.stop()]);

// 2. Completion → the waiting client's 200, same instance and across instances.
async function latency(waitOn: string, workOn: string): Promise<number[]> {
  const w = await worker(workOn, ['svc.speech'], 1);
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const text = `lat ${waitOn === workOn ? 'same' : 'cross'} ${i}`;
    const res = await fetch(`${waitOn}/v1/audio/speech`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ text }),
    });
    const got = performance.now();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    out.push(got - sent.get(text)!);
  }
  await w.stop();
  return out.sort((x, y) => x - y);
}
const same = await latency(a!, a!);
const cross = await latency(a!, b!);

const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!.toFixed(1);
const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
console.log(
  JSON.stringify(
    {
      dialect,
      jobs: JOBS,
      create_s: +((created - t0) / 1000).toFixed(2),
      end_to_end_s: +((t1 - t0) / 1000).toFixed(2),
      jobs_per_s: +(JOBS / ((t1 - t0) / 1000)).toFixed(1),
      completion_to_200_ms: {
        same_instance: { p50: q(same, 0.5), p95: q(same, 0.95) },
        other_instance: { p50: q(cross, 0.5), p95: q(cross, 0.95) },
      },
      load: (await import('node:os')).loadavg()[0]!.toFixed(1),
    },
    null,
    2,
  ),
);
for (const p of procs) p.kill('SIGTERM');
await ctx.db.close();
await storage.drop();
