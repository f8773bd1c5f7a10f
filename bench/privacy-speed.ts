// Throughput and latency of the barrier on mixed Portuguese text (prose, chat and
// identifiers), and the same figures for openredaction on the same text in the same run.
// Run: npm run build && node dist/bench/privacy-speed.js [MB]
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { OpenRedaction } from 'openredaction';
import { createCleaner } from '../src/privacy/barrier.js';
import { mixedText } from './privacy-gen.js';

const loadAtStart = loadavg()[0]!;
const MB = Number(process.argv[2] ?? 8);
const big = mixedText(1, MB * 1024 * 1024);
const bigBytes = Buffer.byteLength(big);

/** Splits text into ~4 KB messages on line/space boundaries. */
function messages(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    let j = Math.min(text.length, i + size);
    const sp = text.lastIndexOf(' ', j);
    if (j < text.length && sp > i) j = sp;
    out.push(text.slice(i, j));
    i = j;
  }
  return out;
}

/** The full barrier as a request runs it: detection plus placeholder policy. */
function barrier(names: boolean) {
  return (t: string) => createCleaner({ policy: 'placeholder', names }).cleanText(t);
}

const ROUNDS = 5;
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median of ROUNDS runs over the whole text, after one full warm-up run (JIT, lazy name model). */
function throughput(run: (t: string) => unknown, text: string, bytes: number): number {
  run(text);
  const rates: number[] = [];
  for (let k = 0; k < ROUNDS; k++) {
    const t0 = performance.now();
    run(text);
    rates.push(bytes / 1024 / 1024 / ((performance.now() - t0) / 1000));
  }
  return median(rates);
}

/** p50/p99 per round over all messages; the median round is reported. */
function latencies(run: (t: string) => unknown, msgs: string[]): { p50: number; p99: number } {
  for (const m of msgs) run(m);
  const p50s: number[] = [];
  const p99s: number[] = [];
  for (let k = 0; k < ROUNDS; k++) {
    const ts: number[] = [];
    for (const m of msgs) {
      const t0 = performance.now();
      run(m);
      ts.push(performance.now() - t0);
    }
    ts.sort((a, b) => a - b);
    p50s.push(ts[Math.floor(ts.length * 0.5)]!);
    p99s.push(ts[Math.floor(ts.length * 0.99)]!);
  }
  return { p50: median(p50s), p99: median(p99s) };
}

async function latenciesAsync(run: (t: string) => Promise<unknown>, msgs: string[]) {
  for (const m of msgs.slice(0, 20)) await run(m);
  const ts: number[] = [];
  for (const m of msgs) {
    const t0 = performance.now();
    await run(m);
    ts.push(performance.now() - t0);
  }
  ts.sort((a, b) => a - b);
  return { p50: ts[Math.floor(ts.length * 0.5)]!, p99: ts[Math.floor(ts.length * 0.99)]! };
}

const msgs = messages(big, 4096).filter((m) => m.length > 3000);
const structured = barrier(false);
const full = barrier(true);

const rows: [string, number, { p50: number; p99: number }][] = [];
rows.push(['ours, structured only', throughput(structured, big, bigBytes), latencies(structured, msgs)]);
rows.push(['ours, full (with names)', throughput(full, big, bigBytes), latencies(full, msgs)]);

// openredaction is much slower: measure it on a 256 KB slice and 200 messages.
const or = new OpenRedaction({ includeNames: true, includeAddresses: false });
const slice = big.slice(0, 256 * 1024);
await or.detect(slice.slice(0, 20_000));
const t0 = performance.now();
for (const m of messages(slice, 4096)) await or.detect(m);
const orMbs = Buffer.byteLength(slice) / 1024 / 1024 / ((performance.now() - t0) / 1000);
rows.push([
  'openredaction (defaults + names)',
  orMbs,
  await latenciesAsync((m) => or.detect(m), msgs.slice(0, 200)),
]);

console.log(
  `text: ${(bigBytes / 1024 / 1024).toFixed(1)} MB mixed Portuguese; ${msgs.length} messages of ~4 KB`,
);
console.log(
  `node ${process.version}, one core; load average at start ${loadAtStart.toFixed(2)} on ${cpus().length} CPUs\n`,
);
console.log('| engine | MB/s | p50 4 KB (ms) | p99 4 KB (ms) | MB/s vs openredaction |');
console.log('|---|---|---|---|---|');
for (const [name, mbs, l] of rows) {
  console.log(
    `| ${name} | ${mbs.toFixed(1)} | ${l.p50.toFixed(3)} | ${l.p99.toFixed(3)} | ${(mbs / orMbs).toFixed(1)}× |`,
  );
}
