// Requests per second of `svc serve gateway --processes 2` against `--processes 1` (and any
// other counts BENCH_PROCESSES lists, e.g. `1,2,auto`), in the same run, in front of a fake vendor that answers every call after 50 ms (as vendors do:
// the gateway's work is then the only thing that scales with the processes). JSON chat
// calls with the 2 KB prompt (barrier on, access log on, written to a file), 128
// connections, rounds alternating between the two in a new random order each round.
// Separate processes for the vendor and both gateways; this one generates the load, so on
// a 2-core machine the load generator, the vendor and the gateway share the cores.
// DATABASE_URL runs both gateways on PostgreSQL (each its own schema), else SQLite; REDIS_URL
// puts their per-minute counters in Redis. Each count's line gives its requests/s, those per
// serving process, and the CPU per call of the primary and its serving processes together.
// Usage: npm run build && node dist/bench/processes.js [seconds-per-round] [rounds] [delay-ms]
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/context.js';
import type { TestContext } from '../test/helpers/context.js';
import { testStorage } from '../test/helpers/db.js';
import { makeKey } from '../test/helpers/gateway.js';
import { writeConfig } from '../test/gateway/models/helpers.js';
import { catalogueModel } from '../test/helpers/catalogue.js';
import { CLI, cpuMs, median, PROMPT_2KB, type Server, startChild, startServer, stopChildren } from './lib.js';
import { autocannon as loadAutocannon } from './peers.js';

const autocannon = await loadAutocannon();

const SECONDS = Number(process.argv[2] ?? 8);
const ROUNDS = Number(process.argv[3] ?? 4);
const DELAY_MS = Number(process.argv[4] ?? 50);
const CONNECTIONS = 128;
const SECRET = 'bench-secret-bench-secret-bench-secret-00';

const { origin } = await startChild<{ origin: string }>('./gateway-upstream.js', [String(DELAY_MS)]);
const servers: Server[] = [];
process.on('exit', () => {
  for (const s of servers) if (s.proc.exitCode === null) s.proc.kill('SIGTERM');
});

/** A gateway with its own storage and a key without a practical rate limit. */
async function gateway(
  processes: string,
): Promise<{ server: Server; secret: string; drop(): Promise<void> }> {
  const storage = await testStorage();
  const configPath = writeConfig({
    providers: { up: { type: 'openai', base_url: `${origin}/v1` } },
    models: [{ ...catalogueModel('svc/bench', { provider: 'up' }), upstream_model: 'm' }],
  });
  const redis: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};
  const env = { ...storage.env, ...redis, SVC_SECRET: SECRET, SVC_CONFIG: configPath };
  const ctx = await createContext(loadConfig(env));
  const key = await makeKey(ctx as TestContext, { org: { requests_per_minute: 1_000_000_000 } });
  await ctx.db.close();
  const server = await startServer([CLI, 'serve', 'gateway', '--processes', processes], env);
  servers.push(server);
  return { server, secret: key.secret, drop: () => storage.drop() };
}

/** CPU of a process and its children (the serving processes of a primary), ms. */
function treeCpuMs(pid: number): number {
  let total = cpuMs(pid);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) total += cpuMs(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

const COUNTS = (process.env.BENCH_PROCESSES ?? '1,2').split(',');
const targets: Record<string, Awaited<ReturnType<typeof gateway>>> = {};
for (const count of COUNTS) targets[count] = await gateway(count);
const body = JSON.stringify({ model: 'svc/bench', messages: [{ role: 'user', content: PROMPT_2KB }] });

async function load(t: { server: Server; secret: string }, seconds: number) {
  const cpu0 = treeCpuMs(t.server.proc.pid!);
  const r = await autocannon({
    url: `${t.server.url}/v1/chat/completions`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.secret}` },
    body,
  });
  const cpu = treeCpuMs(t.server.proc.pid!) - cpu0;
  if (r.non2xx + r.errors > 0)
    throw new Error(`${r.non2xx} non-2xx answers (${JSON.stringify(r.statusCodeStats)}), ${r.errors} errors`);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    cpuPerCall: (cpu * 1000) / Math.max(1, r.requests.total),
  };
}

// Warm-up: JIT, pools, the vendor's sockets.
for (const t of Object.values(targets)) await load(t, 2);
const results: Record<string, { rps: number; p50: number; cpuPerCall: number }[]> = Object.fromEntries(
  COUNTS.map((c) => [c, []]),
);
for (let round = 0; round < ROUNDS; round++) {
  const order = [...COUNTS].sort(() => Math.random() - 0.5);
  for (const name of order) results[name]!.push(await load(targets[name]!, SECONDS));
}
const summary = (name: string) => ({
  rps: median(results[name]!.map((r) => r.rps)),
  p50: median(results[name]!.map((r) => r.p50)),
  cpu: median(results[name]!.map((r) => r.cpuPerCall)),
});
const serving = (count: string) => (count === 'auto' ? availableParallelism() : Number(count));
console.log(
  `vendor delay ${DELAY_MS} ms, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}${process.env.REDIS_URL ? ' + Redis' : ''}, ${availableParallelism()} cores`,
);
for (const count of COUNTS) {
  const r = summary(count);
  console.log(
    `--processes ${count}: ${r.rps.toFixed(0)} req/s, ${(r.rps / serving(count)).toFixed(0)} per serving process (p50 ${r.p50} ms, ${r.cpu.toFixed(0)} µs CPU per call)`,
  );
}
if (results['1'] && results['2'])
  console.log(
    `ratio 2 ÷ 1: ${(summary('2').rps / summary('1').rps).toFixed(2)}× (rounds: ${results['2'].map((r, i) => (r.rps / results['1']![i]!.rps).toFixed(2)).join(', ')})`,
  );
for (const t of Object.values(targets)) {
  await t.server.stop();
  await t.drop();
}
await stopChildren();
