// Latency the model gateway adds in front of an upstream, and its throughput, against
// calling the same fake upstream directly, in the same run. A 2 KB prompt with personal
// data (barrier on, placeholders), JSON and streaming, at concurrency 1 and 64.
// Three processes, as in production: the fake upstream (gateway-upstream.ts), the gateway
// (gateway-server.ts) and this load generator, so neither side's work lands in the other's
// event loop. BENCH_CPU_PROF=<dir> runs the gateway under `node --cpu-prof`.
// BENCH_BASELINE=<other checkout>/dist/bench also runs that build's gateway-server.js in
// the same run (same upstream, same load), for before/after figures on a noisy machine.
// Usage: npm run build && node dist/bench/gateway-overhead.js [requests-at-c1] [seconds-at-c64]
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Pool } from 'undici';

const N = Number(process.argv[2] ?? 2000);
const SECONDS = Number(process.argv[3] ?? 5);
const children: ChildProcess[] = [];

/** Starts a bench script in its own node process (stdout to /dev/null); resolves with its IPC hello. */
async function start<T>(script: string, args: string[], nodeArgs: string[] = []): Promise<T> {
  const path = script.startsWith('/') ? script : fileURLToPath(new URL(script, import.meta.url));
  const child = spawn(process.execPath, [...nodeArgs, path, ...args], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
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
  origin: string;
  path: string;
  model: string;
  headers: Record<string, string>;
}
const targets = {
  direct: { origin: fake.origin, path: '/v1/chat/completions', model: 'm', headers: {} },
  gateway: {
    origin: gw.origin,
    path: '/v1/chat/completions',
    model: 'svc/bench',
    headers: { authorization: `Bearer ${gw.secret}` },
  },
  ...(baseline
    ? {
        baseline: {
          origin: baseline.origin,
          path: '/v1/chat/completions',
          model: 'svc/bench',
          headers: { authorization: `Bearer ${baseline.secret}` },
        },
      }
    : {}),
} as Record<'direct' | 'gateway' | 'baseline', Target>;
type Name = 'direct' | 'gateway' | 'baseline';

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function sequential(name: Name, stream: boolean) {
  const t = targets[name];
  const pool = new Pool(t.origin, { connections: 1 });
  const payload = body(t.model, stream);
  const total: number[] = [];
  const ttfb: number[] = [];
  for (let i = 0; i < N + 200; i++) {
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
    if (i >= 200) {
      total.push(end - start);
      ttfb.push(first - start);
    }
  }
  await pool.close();
  total.sort((a, b) => a - b);
  ttfb.sort((a, b) => a - b);
  return { p50: pct(total, 0.5), p99: pct(total, 0.99), ttfb50: pct(ttfb, 0.5) };
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
  if (r.non2xx) throw new Error(`${name}: ${r.non2xx} non-2xx answers`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const f = (x: number) => x.toFixed(3);
const names: Name[] = baseline ? ['gateway', 'baseline'] : ['gateway'];
for (const stream of [false, true]) {
  const kind = stream ? 'stream' : 'JSON';
  const d = await sequential('direct', stream);
  console.log(`${kind} c=1: direct p50 ${f(d.p50)} ms p99 ${f(d.p99)} ms ttfb ${f(d.ttfb50)} ms`);
  for (const name of names) {
    const g = await sequential(name, stream);
    console.log(
      `${kind} c=1: ${name} p50 ${f(g.p50)} ms p99 ${f(g.p99)} ms ttfb ${f(g.ttfb50)} ms | added p50 ${f(g.p50 - d.p50)} ms p99 ${f(g.p99 - d.p99)} ms ttfb ${f(g.ttfb50 - d.ttfb50)} ms`,
    );
  }
  const dl = await loaded('direct', stream);
  console.log(`${kind} c=64: direct ${dl.rps.toFixed(0)} req/s (p99 ${dl.p99} ms)`);
  for (const name of names) {
    const gl = await loaded(name, stream);
    console.log(
      `${kind} c=64: ${name} ${gl.rps.toFixed(0)} req/s (p50 ${gl.p50} ms, p99 ${gl.p99} ms), ${((100 * gl.rps) / dl.rps).toFixed(0)}% of direct`,
    );
  }
}

for (const child of children) child.kill('SIGTERM');
await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(0) : c.once('exit', r)))));
process.exit(0);
