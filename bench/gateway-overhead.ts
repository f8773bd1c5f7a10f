// Latency the model gateway adds in front of an upstream, and its throughput, against
// calling the same fake upstream directly and against Portkey's gateway, in the same run. A
// 2 KB prompt with personal data (barrier on, placeholders), JSON and streaming, at
// concurrency 1 (added p50/p99, stream time to first byte) and 64 (throughput).
// Separate processes, as in production: the fake upstream (gateway-upstream.ts), the svc
// gateway (gateway-server.ts), Portkey's gateway (fixtures/portkey.ts, routed to the same
// fake with x-portkey-provider: openai and x-portkey-custom-host) and this load generator,
// so no side's work lands in another's event loop. A minimal Node proxy (fixtures/floor-proxy.ts:
// http + undici, no work) is measured too: what it adds is the price of the extra hop alone. The
// "p50 over the floor" column is what a gateway adds beyond that hop. The same proxy running the
// privacy barrier on the prompt ("floor+barrier") is the least any gateway that keeps the
// personal data from the upstream can add on this machine. BENCH_CPU_PROF=<dir> runs the svc gateway
// under `node --cpu-prof`. BENCH_BASELINE=<other checkout>/dist/bench also runs that build's
// gateway-server.js in the same run (same upstream, same load), for before/after figures;
// BENCH_CANDIDATE=<third checkout>/dist/bench measures that build as "svc" instead of this one.
// BENCH_OBSERVE=metrics|traces|both runs the svc target with those on (docs/operations.md).
// The Responses API (POST /v1/responses, the same 2 KB prompt as `input`) is measured only
// when BENCH_TARGETS names it: `responses` (translated to the upstream's chat completions:
// compare with `svc`), `responses-pass` (to a provider with responses_api: true, the fake's
// /v1/responses) and `direct-responses` (that fake endpoint called directly).
// BENCH_ONLY=json|stream runs one of the two kinds. BENCH_TARGETS=svc,baseline measures only those
// (and the upstream called directly, always measured: the added figures are against it). Targets are measured in BENCH_ROUNDS (default:
// one per target) interleaved rounds, each in a new random order, so that the machine's drift
// during the run, and whatever the target measured before leaves behind, fall on all alike.
// Usage: npm run build && node dist/bench/gateway-overhead.js [requests-at-c1] [seconds-at-c64]
import { createServer } from 'node:http';
import { autocannon as loadAutocannon } from './peers.js';
import { Pool } from 'undici';
import { cpuMs, PROMPT_2KB, startChild, stopChildren } from './lib.js';

const autocannon = await loadAutocannon();

const N = Number(process.argv[2] ?? 2000);
const SECONDS = Number(process.argv[3] ?? 5);
const ROUNDS_ASKED = Number(process.env.BENCH_ROUNDS ?? 0);
/** An OTLP/HTTP endpoint that accepts every export and keeps nothing. */
async function otlpSink(): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  server.unref();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const prof = process.env.BENCH_CPU_PROF;
const fake = await startChild<{ origin: string }>('./gateway-upstream.js', []);
// BENCH_CANDIDATE=<other checkout>/dist/bench: that build's gateway is "svc" instead of this one's.
const candidateDir = process.env.BENCH_CANDIDATE;
// BENCH_OBSERVE=metrics|traces|both: the svc target runs with Prometheus metrics (METRICS_PORT)
// and/or OTLP/HTTP traces (to a sink in this process that reads and drops them) on; the
// baseline does not.
const observe = process.env.BENCH_OBSERVE;
const sink = observe === 'traces' || observe === 'both' ? await otlpSink() : undefined;
const gw = await startChild<{ origin: string; secret: string }>(
  candidateDir ? `${candidateDir}/gateway-server.js` : './gateway-server.js',
  observe ? [fake.origin, observe] : [fake.origin],
  prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [],
  sink ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink } : {},
);
const portkey = await startChild<{ origin: string }>('./fixtures/portkey.js', []);
const floor = await startChild<{ origin: string }>('./fixtures/floor-proxy.js', [fake.origin]);
const floorBarrier = await startChild<{ origin: string }>('./fixtures/floor-proxy.js', [
  fake.origin,
  'barrier',
]);
const baselineDir = process.env.BENCH_BASELINE;
const baseline = baselineDir
  ? await startChild<{ origin: string; secret: string }>(`${baselineDir}/gateway-server.js`, [fake.origin])
  : null;

const body = (t: Target, stream: boolean) =>
  JSON.stringify(
    t.path.endsWith('/responses')
      ? { model: t.model, stream, input: PROMPT_2KB }
      : { model: t.model, stream, messages: [{ role: 'user', content: PROMPT_2KB }] },
  );
interface Target {
  /** The process that serves it: its main thread's CPU time is read around the c=1 rounds. */
  pid: number;
  origin: string;
  path: string;
  model: string;
  headers: Record<string, string>;
}
/** A gateway-server.js process (this build's or the baseline's) as a target. */
const svcTarget = (
  server: { pid: number; origin: string; secret: string },
  path = '/v1/chat/completions',
  model = 'svc/bench',
): Target => ({
  pid: server.pid,
  origin: server.origin,
  path,
  model,
  headers: { authorization: `Bearer ${server.secret}` },
});
/** A process that takes the upstream's own request (the fake itself, a proxy in front of it) as a target. */
const plainTarget = (
  server: { pid: number; origin: string },
  headers: Record<string, string> = {},
): Target => ({
  pid: server.pid,
  origin: server.origin,
  path: '/v1/chat/completions',
  model: 'm',
  headers,
});
const targets = {
  direct: plainTarget(fake),
  floor: plainTarget(floor),
  'floor+barrier': plainTarget(floorBarrier),
  portkey: plainTarget(portkey, {
    authorization: 'Bearer bench',
    'x-portkey-provider': 'openai',
    'x-portkey-custom-host': `${fake.origin}/v1`,
  }),
  svc: svcTarget(gw),
  responses: svcTarget(gw, '/v1/responses'),
  'responses-pass': svcTarget(gw, '/v1/responses', 'svc/bench-r'),
  'direct-responses': { ...plainTarget(fake), path: '/v1/responses' },
  ...(baseline ? { baseline: svcTarget(baseline) } : {}),
} as Record<Name, Target>;
type Name =
  | 'direct'
  | 'floor'
  | 'floor+barrier'
  | 'svc'
  | 'portkey'
  | 'baseline'
  | 'responses'
  | 'responses-pass'
  | 'direct-responses';

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** One target's c=1 client: a single connection, its payload, one timed call. */
function caller(name: Name, stream: boolean) {
  const t = targets[name];
  const pool = new Pool(t.origin, { connections: 1 });
  const payload = body(t, stream);
  const once = async () => {
    const start = performance.now();
    const res = await pool.request({
      method: 'POST',
      path: t.path,
      headers: { 'content-type': 'application/json', ...t.headers },
      body: payload,
    });
    let first = 0;
    for await (const _ of res.body) if (!first) first = performance.now();
    const end = performance.now();
    if (res.statusCode !== 200) throw new Error(`${name}: HTTP ${res.statusCode}`);
    return { total: end - start, ttfb: first - start };
  };
  return { pid: t.pid, once, close: () => pool.close() };
}

/**
 * The targets in a new random order for each round, so that no target always follows the
 * same one: whatever a target leaves behind (caches, the shared upstream's state) then falls
 * on all alike. It does not remove every bias between two slots: docs/contributing/performance.md
 * has same-build A/A runs.
 */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Concurrency 1: every target gets N calls, in interleaved slices (direct, floor, svc, …
 * then again, reordered), so that the machine's drift over the run, which on a shared VM is
 * larger than the differences measured, falls on every target alike.
 */
async function sequential(names: Name[], stream: boolean) {
  const ROUNDS = ROUNDS_ASKED || names.length;
  const callers = names.map((name) => caller(name, stream));
  // Warm-up: at least 200 calls and 2 s each, so that the JIT has settled (code that runs
  // once per request needs thousands of calls before the optimising compiler takes it).
  for (const c of callers) {
    const warmUntil = performance.now() + 2000;
    for (let i = 0; i < 200 || performance.now() < warmUntil; i++) await c.once();
  }
  const results = callers.map(() => ({ total: [] as number[], ttfb: [] as number[], cpuMs: 0 }));
  const slice = Math.ceil(N / ROUNDS);
  // Main-thread CPU time (lib.ts cpuMs) over the calls is steadier than latency on a shared
  // machine: contention stretches the wall clock, not the work done per call.
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of shuffled([...callers.keys()])) {
      const c = callers[i]!;
      const r = results[i]!;
      const cpu0 = cpuMs(c.pid, true);
      for (let k = 0; k < slice; k++) {
        const call = await c.once();
        r.total.push(call.total);
        r.ttfb.push(call.ttfb);
      }
      r.cpuMs += cpuMs(c.pid, true) - cpu0;
    }
  }
  await Promise.all(callers.map((c) => c.close()));
  return new Map(
    names.map((name, i) => {
      const r = results[i]!;
      r.total.sort((a, b) => a - b);
      r.ttfb.sort((a, b) => a - b);
      const calls = r.total.length;
      return [
        name,
        {
          p50: pct(r.total, 0.5),
          p99: pct(r.total, 0.99),
          ttfb50: pct(r.ttfb, 0.5),
          cpuUs: (r.cpuMs / calls) * 1000,
        },
      ] as const;
    }),
  );
}

/** Concurrency 64: interleaved autocannon runs per target, reordered each round, SECONDS in all each; mean requests/s. */
async function loaded(names: Name[], stream: boolean) {
  const ROUNDS = ROUNDS_ASKED || names.length;
  const runs = new Map<Name, { rps: number; failed: number }[]>(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of shuffled(names)) {
      const t = targets[name];
      const r = await autocannon({
        url: t.origin + t.path,
        method: 'POST',
        connections: 64,
        duration: SECONDS / ROUNDS,
        headers: { 'content-type': 'application/json', ...t.headers },
        body: body(t, stream),
      });
      runs.get(name)!.push({ rps: r.requests.average, failed: r.non2xx + r.errors });
    }
  }
  return new Map(
    names.map((name) => {
      const rs = runs.get(name)!;
      return [
        name,
        { rps: rs.reduce((a, r) => a + r.rps, 0) / rs.length, failed: rs.reduce((a, r) => a + r.failed, 0) },
      ] as const;
    }),
  );
}

const f = (x: number, digits = 2) => x.toFixed(digits);
const chosen = process.env.BENCH_TARGETS?.split(',');
const RESPONSES: Name[] = ['responses', 'responses-pass', 'direct-responses'];
const names = (
  [
    'floor',
    'floor+barrier',
    'svc',
    'portkey',
    ...(baseline ? (['baseline'] as const) : []),
    ...RESPONSES,
  ] as Name[]
).filter((name) => (chosen ? chosen.includes(name) : !RESPONSES.includes(name)));
const only = process.env.BENCH_ONLY;
const kinds = [false, true].filter((stream) => !only || only === (stream ? 'stream' : 'json'));
const rows: string[] = [];
for (const stream of kinds) {
  const kind = stream ? 'stream' : 'JSON';
  const all: Name[] = ['direct', ...names];
  const c1 = await sequential(all, stream);
  console.error(`${kind} c=1 done`);
  const c64 = await loaded(all, stream);
  console.error(`${kind} c=64 done`);
  const d = c1.get('direct')!;
  const fl = c1.get('floor');
  const dl = c64.get('direct')!;
  const pk = c64.get('portkey');
  const responses = c1.get('responses');
  const chat = c1.get('svc');
  if (responses && chat) {
    // The Responses API against chat completions, same gateway, same upstream call.
    const rl = c64.get('responses')!;
    const cl = c64.get('svc')!;
    console.error(
      `${kind}: /v1/responses over /v1/chat/completions: p50 ${f(responses.p50 - chat.p50)} ms, CPU per call ${(responses.cpuUs - chat.cpuUs).toFixed(0)} µs, c=64 ${f(rl.rps / cl.rps)}× the chat route's req/s`,
    );
  }
  for (const name of ['direct', ...names] as Name[]) {
    const a = c1.get(name)!;
    const l = c64.get(name)!;
    // A call that reaches the upstream's /v1/responses is set against that endpoint called directly.
    const own = name === 'responses-pass' ? 'direct-responses' : 'direct';
    const base = c1.get(own) ?? d;
    const added =
      name === 'direct' || name === 'direct-responses'
        ? '— | — | —'
        : `${f(a.p50 - base.p50)} | ${f(a.p99 - base.p99)} | ${stream ? f(a.ttfb50 - base.ttfb50) : '—'}`;
    const ratio = pk && (name === 'svc' || name === 'baseline') ? `**${f(l.rps / pk.rps)}×**` : '—';
    // What a gateway adds beyond the extra hop itself (the floor proxy's added p50): on a
    // slow machine the hop alone can take the whole budget.
    const overFloor = !fl || name === 'direct' || name === 'floor' ? '—' : f(a.p50 - fl.p50);
    rows.push(
      `| ${kind} | ${name} | ${f(a.p50)} / ${f(a.p99)}${stream ? ` / ${f(a.ttfb50)}` : ''} | ${added} | ${overFloor} | ${a.cpuUs.toFixed(0)} | ${l.rps.toFixed(0)}${l.failed ? ` (${l.failed} failed)` : ''} | ${((100 * l.rps) / (c64.get(own) ?? dl).rps).toFixed(0)} % | ${ratio} |`,
    );
  }
}
console.log(
  '| kind | target | c=1 p50 / p99 (/ TTFB p50), ms | added p50 | added p99 | added TTFB p50 | p50 over the floor | c=1 main-thread CPU per call, µs | c=64 req/s | of direct | svc ÷ Portkey |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);

await stopChildren();
process.exit(0);
