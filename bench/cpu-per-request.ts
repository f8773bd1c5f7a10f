// CPU per request of the model gateway: a fixed number of requests through it to the fake
// vendor on loopback (gateway-upstream.ts), and what the gateway's process spent on them —
// CPU time (process.cpuUsage inside it: every thread, user and system), event-loop busy time
// (performance.eventLoopUtilization), bytes allocated on the V8 heap (from a GCProfiler: what
// each collection found beyond what the one before left) and the collections' own time. CPU
// time, not wall time, is the figure: contention on a shared machine stretches the clock, not
// the work per request.
// Eight kinds of request: chat completions and messages, JSON and streaming, a free
// organisation on an unpriced model and a prepaid one on a priced model (a hold and its
// settlement per call); the 2 KB prompt with personal data of the other model benches.
// BENCH_BASELINE=<other checkout>/dist/bench runs that build's gateway too (the same fixture,
// fixtures/cpu-gateway.ts, importing the other build's modules), in the same rounds; Portkey's
// gateway (when `npm run bench:install` has put it in bench/node_modules) takes the chat
// kinds with the fake vendor as its custom host, its CPU read from /proc (whole process, 10 ms
// ticks: enough over hundreds of calls), and so does a bare Node proxy running the barrier
// (fixtures/floor-proxy.ts: the least such a gateway can spend). Each round measures every
// kind on every target, in a new random order, so drift over the run falls on all alike.
// BENCH_CONCURRENCY (default 8) connections per target; BENCH_ROUNDS (default 3);
// BENCH_KINDS=<label part>,… a subset of the kinds; BENCH_PORTKEY=0 and BENCH_FLOOR=0 leave
// those out; BENCH_CPU_PROF=<dir> profiles this build's gateway (`node --cpu-prof`, written
// when the bench ends it).
// Usage: npm run build:server && node dist/bench/cpu-per-request.js [requests-per-kind]
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { cpuMs, PROMPT_2KB, startChild, stopChildren } from './lib.js';
import { peerPath } from './peers.js';

const N = Number(process.argv[2] ?? 600);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const WARM_UP = 150;

type Plan = 'free' | 'prepaid';
interface Kind {
  route: 'chat' | 'messages';
  stream: boolean;
  plan: Plan;
}
const ALL_KINDS: Kind[] = (['chat', 'messages'] as const).flatMap((route) =>
  [false, true].flatMap((stream) => (['free', 'prepaid'] as const).map((plan) => ({ route, stream, plan }))),
);
const label = (k: Kind) => `${k.route} ${k.stream ? 'stream' : 'JSON'} ${k.plan}`;
// BENCH_KINDS=<a>,<b>: only the kinds whose label ("chat JSON free", "messages stream prepaid"…) contains one of them.
const only = process.env.BENCH_KINDS?.split(',');
const KINDS = ALL_KINDS.filter((k) => !only || only.some((o) => label(k).includes(o)));

interface Spent {
  cpuUs: number;
  loopMs?: number;
  bytes?: number;
  gcUs?: number;
}
interface Target {
  name: string;
  pool: Pool;
  serves(k: Kind): boolean;
  request(k: Kind): { path: string; headers: Record<string, string>; body: string };
  /** Runs `work` and returns what the target's process spent meanwhile. */
  measure(work: () => Promise<void>): Promise<Spent>;
}

interface Gateway {
  origin: string;
  keys: Record<Plan, string>;
  pid: number;
  proc: import('node:child_process').ChildProcess;
}

const fake = await startChild<{ origin: string }>('./gateway-upstream.js', []);

/** Asks a cpu-gateway process something over IPC and waits for its answer. */
function ask<T>(gw: Gateway, type: 'mark' | 'read'): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== (type === 'mark' ? 'marked' : 'read')) return;
      gw.proc.off('message', on);
      resolve(m as T);
    };
    gw.proc.on('message', on);
    gw.proc.send({ type });
  });
}

async function svcTarget(name: string, src: string, nodeArgs: string[] = []): Promise<Target> {
  const gw = await startChild<Gateway>('./fixtures/cpu-gateway.js', [src, fake.origin], nodeArgs);
  const models: Record<Plan, string> = { free: 'svc/free', prepaid: 'svc/paid' };
  return {
    name,
    pool: new Pool(gw.origin, { connections: CONCURRENCY }),
    serves: () => true,
    request: (k) => ({
      path: k.route === 'chat' ? '/v1/chat/completions' : '/v1/messages',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${gw.keys[k.plan]}` },
      body: JSON.stringify({
        model: models[k.plan],
        stream: k.stream,
        ...(k.route === 'messages' ? { max_tokens: 256 } : {}),
        messages: [{ role: 'user', content: PROMPT_2KB }],
      }),
    }),
    async measure(work) {
      await ask(gw, 'mark');
      await work();
      return ask<Spent>(gw, 'read');
    },
  };
}

/**
 * A process that takes the vendor's own chat request on the free chat kinds (Portkey's
 * gateway, the floor proxy), its CPU read from /proc: the whole process, in 10 ms ticks,
 * enough over hundreds of calls.
 */
async function chatOnlyTarget(
  name: string,
  script: string,
  args: string[],
  headers: Record<string, string> = {},
): Promise<Target> {
  const server = await startChild<{ origin: string }>(script, args);
  return {
    name,
    pool: new Pool(server.origin, { connections: CONCURRENCY }),
    serves: (k) => k.route === 'chat' && k.plan === 'free',
    request: (k) => ({
      path: '/v1/chat/completions',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        model: 'm',
        stream: k.stream,
        messages: [{ role: 'user', content: PROMPT_2KB }],
      }),
    }),
    async measure(work) {
      const cpu0 = cpuMs(server.pid);
      await work();
      return { cpuUs: (cpuMs(server.pid) - cpu0) * 1000 };
    },
  };
}

/** `count` requests of one kind at CONCURRENCY, each body read to its end; any answer but 200 stops the bench. */
async function drive(t: Target, k: Kind, count: number): Promise<void> {
  const { path, headers, body } = t.request(k);
  let left = count;
  const worker = async () => {
    while (left-- > 0) {
      const res = await t.pool.request({ method: 'POST', path, headers, body });
      const text = await res.body.text();
      if (res.statusCode !== 200)
        throw new Error(`${t.name} ${label(k)}: HTTP ${res.statusCode} ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const here = fileURLToPath(new URL('../src', import.meta.url));
const prof = process.env.BENCH_CPU_PROF;
const targets: Target[] = [
  await svcTarget('svc', here, prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []),
];
if (process.env.BENCH_BASELINE)
  targets.push(await svcTarget('baseline', `${process.env.BENCH_BASELINE}/../src`));
if (process.env.BENCH_PORTKEY === '0') {
  // left out on request
} else if (peerPath('@portkey-ai/gateway/build/start-server.js'))
  targets.push(
    await chatOnlyTarget('portkey', './fixtures/portkey.js', [], {
      authorization: 'Bearer bench',
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': `${fake.origin}/v1`,
    }),
  );
else console.error('Portkey is not measured: `npm run bench:install` puts it in bench/node_modules');
// The least a gateway that keeps personal data from the vendor can spend: a bare Node proxy
// running the barrier on the prompt (fixtures/floor-proxy.ts; it restores nothing in the answer).
if (process.env.BENCH_FLOOR !== '0')
  targets.push(await chatOnlyTarget('floor+barrier', './fixtures/floor-proxy.js', [fake.origin, 'barrier']));
for (const t of targets) for (const k of KINDS) if (t.serves(k)) await drive(t, k, WARM_UP);
console.error('warmed up');

const totals = new Map<
  string,
  { cpuUs: number; loopMs: number; bytes: number; gcUs: number; count: number }
>();
const slice = Math.ceil(N / ROUNDS);
for (let round = 0; round < ROUNDS; round++) {
  for (const k of shuffled(KINDS)) {
    for (const t of shuffled(targets.filter((x) => x.serves(k)))) {
      const spent = await t.measure(() => drive(t, k, slice));
      const key = `${label(k)}|${t.name}`;
      const sum = totals.get(key) ?? { cpuUs: 0, loopMs: 0, bytes: 0, gcUs: 0, count: 0 };
      sum.cpuUs += spent.cpuUs;
      sum.loopMs += spent.loopMs ?? Number.NaN;
      sum.bytes += spent.bytes ?? Number.NaN;
      sum.gcUs += spent.gcUs ?? Number.NaN;
      sum.count += slice;
      totals.set(key, sum);
    }
  }
  console.error(`round ${round + 1} of ${ROUNDS} done`);
}

const per = (k: Kind, name: string) => {
  const s = totals.get(`${label(k)}|${name}`);
  if (!s) return undefined;
  return {
    cpuUs: s.cpuUs / s.count,
    loopUs: (s.loopMs * 1000) / s.count,
    kb: s.bytes / 1024 / s.count,
    gcUs: s.gcUs / s.count,
  };
};
const n0 = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(0));
console.log(
  `${N} requests per kind and target, ${ROUNDS} rounds, ${CONCURRENCY} connections, load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
);
console.log(
  '| kind | target | CPU µs / request | event loop µs / request | heap KB allocated / request | in GC, wall µs / request | ÷ baseline (CPU) | Portkey ÷ svc (CPU) |',
);
console.log('|---|---|---|---|---|---|---|---|');
const ratios: number[] = [];
for (const k of KINDS) {
  const svc = per(k, 'svc')!;
  for (const t of targets) {
    const m = per(k, t.name);
    if (!m) continue;
    const base = per(k, 'baseline');
    const pk = per(k, 'portkey');
    const vsBase = t.name === 'svc' && base ? m.cpuUs / base.cpuUs : undefined;
    if (vsBase !== undefined) ratios.push(vsBase);
    console.log(
      `| ${label(k)} | ${t.name} | ${n0(m.cpuUs)} | ${n0(m.loopUs)} | ${Number.isNaN(m.kb) ? '—' : m.kb.toFixed(1)} | ${n0(m.gcUs)} | ${vsBase?.toFixed(2) ?? '—'} | ${t.name === 'svc' && pk ? (pk.cpuUs / svc.cpuUs).toFixed(2) : '—'} |`,
    );
  }
}
if (ratios.length) {
  const geo = Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length);
  console.log(
    `svc ÷ baseline, CPU per request, geometric mean of the ${ratios.length} kinds: ${geo.toFixed(2)}`,
  );
}

await Promise.all(targets.map((t) => t.pool.close()));
await stopChildren();
process.exit(0);
