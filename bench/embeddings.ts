// What the gateway adds to an embeddings call: 256 inputs of 1 KB of Portuguese, each with a
// name, a CPF, an e-mail and a phone number, sent to a catalogue embedding model through the
// svc gateway (barrier on every input, one placeholder map across the batch) and straight to
// the same fake vendor, in the same run, for base64 (the `openai` client's default) and float
// answers of 1536 numbers per vector. Separate processes, as in production: the fake vendor
// (embeddings-upstream.ts), the gateway (gateway-server.ts) and this load generator. One
// connection per target, calls interleaved in rounds of a new random order, so the machine's
// drift falls on both alike. Reports per call: p50 and p99 latency, and the CPU time of the
// serving process's main thread (steadier than latency on a shared machine).
// BENCH_BASELINE=<other checkout>/dist/bench also measures that build's gateway-server.js.
// Usage: npm run build && node dist/bench/embeddings.js [calls per target and encoding, default 60]
import { Pool } from 'undici';
import { cpuMs, median, PROMPT_2KB, startChild, stopChildren } from './lib.js';

const N = Number(process.argv[2] ?? 60);
const ROUNDS = 6;
const INPUTS = 256;

// 1 KB each, every one a little different (the number at the start), personal data in all.
const inputs = Array.from({ length: INPUTS }, (_, i) => `Trecho ${i}. ${PROMPT_2KB}`.slice(0, 1024));

const fake = await startChild<{ origin: string }>('./embeddings-upstream.js', []);
const gw = await startChild<{ origin: string; secret: string }>('./gateway-server.js', [fake.origin]);
const baselineDir = process.env.BENCH_BASELINE;
const baseline = baselineDir
  ? await startChild<{ origin: string; secret: string }>(`${baselineDir}/gateway-server.js`, [fake.origin])
  : null;

interface Target {
  name: string;
  pid: number;
  origin: string;
  model: string;
  headers: Record<string, string>;
}
const svc = (name: string, s: { pid: number; origin: string; secret: string }): Target => ({
  name,
  pid: s.pid,
  origin: s.origin,
  model: 'svc/bench-embed',
  headers: { authorization: `Bearer ${s.secret}` },
});
const targets: Target[] = [
  { name: 'direct', pid: fake.pid, origin: fake.origin, model: 'e', headers: {} },
  svc('svc', gw),
  ...(baseline ? [svc('baseline', baseline)] : []),
];

function caller(t: Target, encoding: 'base64' | 'float') {
  const pool = new Pool(t.origin, { connections: 1 });
  const payload = JSON.stringify({ model: t.model, input: inputs, encoding_format: encoding });
  const once = async () => {
    const start = performance.now();
    const res = await pool.request({
      method: 'POST',
      path: '/v1/embeddings',
      headers: { 'content-type': 'application/json', ...t.headers },
      body: payload,
    });
    const text = await res.body.text();
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${t.name}: HTTP ${res.statusCode} ${text.slice(0, 200)}`);
    return { ms, bytes: text.length };
  };
  return { once, close: () => pool.close() };
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)]!;

console.log(`embeddings: ${INPUTS} inputs of 1 KB, ${N} calls per target and encoding, c=1`);
console.log('target    encoding  p50 ms   p99 ms   CPU ms/call  answer KB');
for (const encoding of ['base64', 'float'] as const) {
  const callers = targets.map((t) => ({ t, c: caller(t, encoding), ms: [] as number[], cpu: 0, bytes: 0 }));
  // Warm-up: the JIT settles on the request path (and the tokenizer-free path stays so).
  for (const x of callers) for (let i = 0; i < 20; i++) x.bytes = (await x.c.once()).bytes;
  const slice = Math.ceil(N / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const x of shuffled(callers)) {
      const cpu0 = cpuMs(x.t.pid, true);
      for (let k = 0; k < slice; k++) x.ms.push((await x.c.once()).ms);
      x.cpu += cpuMs(x.t.pid, true) - cpu0;
    }
  }
  for (const x of callers) {
    await x.c.close();
    console.log(
      `${x.t.name.padEnd(9)} ${encoding.padEnd(9)} ${pct(x.ms, 0.5).toFixed(1).padStart(6)}   ${pct(
        x.ms,
        0.99,
      )
        .toFixed(1)
        .padStart(
          6,
        )}   ${(x.cpu / x.ms.length).toFixed(1).padStart(10)}   ${(x.bytes / 1024).toFixed(0).padStart(8)}`,
    );
  }
  const direct = median(callers[0]!.ms);
  for (const x of callers.slice(1))
    console.log(`  ${x.t.name} adds ${(median(x.ms) - direct).toFixed(1)} ms at the median (${encoding})`);
}
await stopChildren();
