// Latency the model gateway adds in front of an upstream, and its throughput, against
// calling the same fake upstream directly and against Portkey's gateway, in the same run. A
// 2 KB prompt with personal data (barrier on, placeholders), JSON and streaming, at
// concurrency 1 (added p50/p99, stream time to first byte) and 64 (throughput).
// Separate processes, as in production: the fake upstream (gateway-upstream.ts), the svc
// gateway (gateway-server.ts), Portkey's gateway (fixtures/portkey.ts, routed to the same
// fake with x-portkey-provider: openai and x-portkey-custom-host) and this load generator,
// so no side's work lands in another's event loop. A minimal Node proxy (fixtures/floor-proxy.ts:
// http + undici, no work) is measured too: what it adds is the price of the extra hop alone. BENCH_CPU_PROF=<dir> runs the svc gateway
// under `node --cpu-prof`. BENCH_BASELINE=<other checkout>/dist/bench also runs that build's
// gateway-server.js in the same run (same upstream, same load), for before/after figures.
// BENCH_ONLY=json|stream runs one of the two kinds.
// Usage: npm run build && node dist/bench/gateway-overhead.js [requests-at-c1] [seconds-at-c64]
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { cpuMs } from './lib.js';

const N = Number(process.argv[2] ?? 2000);
const SECONDS = Number(process.argv[3] ?? 5);
const children: ChildProcess[] = [];
// However the bench ends (a target answering an error throws), its servers go with it.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});

/** Starts a bench script in its own node process (stdout to /dev/null); resolves with its IPC hello. */
async function start<T>(
  script: string,
  args: string[],
  nodeArgs: string[] = [],
): Promise<T & { pid: number }> {
  const path = script.startsWith('/') ? script : fileURLToPath(new URL(script, import.meta.url));
  const child = spawn(process.execPath, [...nodeArgs, path, ...args], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise<T & { pid: number }>((resolve, reject) => {
    child.once('message', (m) => resolve({ ...(m as T), pid: child.pid! }));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
}

const prof = process.env.BENCH_CPU_PROF;
const fake = await start<{ origin: string }>('./gateway-upstream.js', []);
const gw = await start<{ origin: string; secret: string }>(
  './gateway-server.js',
  [fake.origin],
  prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [],
);
const portkey = await start<{ origin: string }>('./fixtures/portkey.js', []);
const floor = await start<{ origin: string }>('./fixtures/floor-proxy.js', [fake.origin]);
const baselineDir = process.env.BENCH_BASELINE;
const baseline = baselineDir
  ? await start<{ origin: string; secret: string }>(`${baselineDir}/gateway-server.js`, [fake.origin])
  : null;

const unit =
  'Olá, sou Joana Prado, CPF 529.982.247-25, e-mail joana.prado@empresa.com.br, celular (11) 98765-4321. ' +
  'Preciso revisar o contrato de prestação de serviços e entender as cláusulas de rescisão e multa. ';
const prompt = unit.repeat(Math.ceil(2048 / unit.length)).slice(0, 2048);

const body = (model: string, stream: boolean) =>
  JSON.stringify({ model, stream, messages: [{ role: 'user', content: prompt }] });
interface Target {
  /** The process that serves it: its main thread's CPU time is read around the c=1 rounds. */
  pid: number;
  origin: string;
  path: string;
  model: string;
  headers: Record<string, string>;
}
const targets = {
  direct: { pid: fake.pid, origin: fake.origin, path: '/v1/chat/completions', model: 'm', headers: {} },
  floor: { pid: floor.pid, origin: floor.origin, path: '/v1/chat/completions', model: 'm', headers: {} },
  portkey: {
    pid: portkey.pid,
    origin: portkey.origin,
    path: '/v1/chat/completions',
    model: 'm',
    headers: {
      authorization: 'Bearer bench',
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': `${fake.origin}/v1`,
    },
  },
  svc: {
    pid: gw.pid,
    origin: gw.origin,
    path: '/v1/chat/completions',
    model: 'svc/bench',
    headers: { authorization: `Bearer ${gw.secret}` },
  },
  ...(baseline
    ? {
        baseline: {
          pid: baseline.pid,
          origin: baseline.origin,
          path: '/v1/chat/completions',
          model: 'svc/bench',
          headers: { authorization: `Bearer ${baseline.secret}` },
        },
      }
    : {}),
} as Record<Name, Target>;
type Name = 'direct' | 'floor' | 'svc' | 'portkey' | 'baseline';

// Main-thread CPU time (lib.ts cpuMs) over a c=1 round is steadier than latency on a shared
// machine: contention stretches the wall clock, not the work done per call.
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function sequential(name: Name, stream: boolean) {
  const t = targets[name];
  const pool = new Pool(t.origin, { connections: 1 });
  const payload = body(t.model, stream);
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
  // Warm-up: at least 200 calls and 2 s, so that the JIT has settled (code that runs once
  // per request needs thousands of calls before the optimising compiler takes it).
  const warmUntil = performance.now() + 2000;
  for (let i = 0; i < 200 || performance.now() < warmUntil; i++) await once();
  const total: number[] = [];
  const ttfb: number[] = [];
  const cpu0 = cpuMs(t.pid, true);
  for (let i = 0; i < N; i++) {
    const r = await once();
    total.push(r.total);
    ttfb.push(r.ttfb);
  }
  const cpuUs = ((cpuMs(t.pid, true) - cpu0) / N) * 1000;
  await pool.close();
  total.sort((a, b) => a - b);
  ttfb.sort((a, b) => a - b);
  return { p50: pct(total, 0.5), p99: pct(total, 0.99), ttfb50: pct(ttfb, 0.5), cpuUs };
}

async function loaded(name: Name, stream: boolean) {
  const t = targets[name];
  const r = await autocannon({
    url: t.origin + t.path,
    method: 'POST',
    connections: 64,
    duration: SECONDS,
    headers: { 'content-type': 'application/json', ...t.headers },
    body: body(t.model, stream),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors };
}

const f = (x: number, digits = 2) => x.toFixed(digits);
const names: Name[] = ['floor', 'svc', 'portkey', ...(baseline ? (['baseline'] as const) : [])];
const only = process.env.BENCH_ONLY;
const kinds = [false, true].filter((stream) => !only || only === (stream ? 'stream' : 'json'));
const rows: string[] = [];
for (const stream of kinds) {
  const kind = stream ? 'stream' : 'JSON';
  // Concurrency 1, then 64, each target in turn (direct first: the reference).
  const c1 = new Map<Name, Awaited<ReturnType<typeof sequential>>>();
  for (const name of ['direct', ...names] as Name[]) {
    c1.set(name, await sequential(name, stream));
    console.error(`${kind} c=1 ${name} done`);
  }
  const c64 = new Map<Name, Awaited<ReturnType<typeof loaded>>>();
  for (const name of ['direct', ...names] as Name[]) {
    c64.set(name, await loaded(name, stream));
    console.error(`${kind} c=64 ${name} done`);
  }
  const d = c1.get('direct')!;
  const dl = c64.get('direct')!;
  const pk = c64.get('portkey')!;
  for (const name of ['direct', ...names] as Name[]) {
    const a = c1.get(name)!;
    const l = c64.get(name)!;
    const added =
      name === 'direct'
        ? '— | — | —'
        : `${f(a.p50 - d.p50)} | ${f(a.p99 - d.p99)} | ${stream ? f(a.ttfb50 - d.ttfb50) : '—'}`;
    const ratio =
      name === 'direct' || name === 'portkey' || name === 'floor' ? '—' : `**${f(l.rps / pk.rps)}×**`;
    rows.push(
      `| ${kind} | ${name} | ${f(a.p50)} / ${f(a.p99)}${stream ? ` / ${f(a.ttfb50)}` : ''} | ${added} | ${a.cpuUs.toFixed(0)} | ${l.rps.toFixed(0)}${l.failed ? ` (${l.failed} failed)` : ''} | ${((100 * l.rps) / dl.rps).toFixed(0)} % | ${ratio} |`,
    );
  }
}
console.log(
  '| kind | target | c=1 p50 / p99 (/ TTFB p50), ms | added p50 | added p99 | added TTFB p50 | c=1 main-thread CPU per call, µs | c=64 req/s | of direct | svc ÷ Portkey |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);

for (const child of children) child.kill('SIGTERM');
await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(0) : c.once('exit', r)))));
process.exit(0);
