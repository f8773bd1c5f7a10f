// Throughput and latency of the barrier on mixed Portuguese text (prose, chat and
// identifiers), and the same figures for openredaction on the same text in the same run.
// The same text with typographic characters (no-break spaces, curly quotes, dashes)
// measures the barrier when it has to build the normalised view.
// BENCH_BASELINE=<other checkout>/dist/bench runs that build's barrier too, in
// interleaved rounds, for before/after ratios (openredaction is then skipped).
// BENCH_ROUNDS=<n> takes n rounds instead of 5 (medians move less on a loaded machine).
// Run: npm run build && node dist/bench/privacy-speed.js [MB]
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openRedaction, peerPath } from './peers.js';
import { createCleaner } from '../src/privacy/barrier.js';
import { messages, mixedText, typographicCopy } from './privacy-gen.js';

type CreateCleaner = typeof createCleaner;

const loadAtStart = loadavg()[0]!;
const MB = Number(process.argv[2] ?? 8);
const big = mixedText(1, MB * 1024 * 1024);
const bigBytes = Buffer.byteLength(big);
const typographic = typographicCopy(big);
const typoBytes = Buffer.byteLength(typographic);
const baselineDir = process.env.BENCH_BASELINE;
const baseline: CreateCleaner | null = baselineDir
  ? (await import(`${baselineDir}/../src/privacy/barrier.js`)).createCleaner
  : null;

/** The full barrier as a request runs it: detection plus placeholder policy. */
function barrier(names: boolean, create: CreateCleaner = createCleaner) {
  return (t: string) => create({ policy: 'placeholder', names }).cleanText(t);
}

/** Rounds per measurement; more on a loaded machine (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Median of ROUNDS runs over the whole text per engine, after one full warm-up run each
 * (JIT, lazy name model). Engines take turns in every round, so load changes hit all alike.
 * Also the same rate by this process's CPU time, which a loaded machine disturbs less
 * than the wall clock (time spent waiting for a core is not counted).
 */
function throughput(runs: ((t: string) => unknown)[], text: string, bytes: number): [number, number][] {
  for (const run of runs) run(text);
  const rates: number[][] = runs.map(() => []);
  const cpuRates: number[][] = runs.map(() => []);
  const mb = bytes / 1024 / 1024;
  for (let k = 0; k < ROUNDS; k++) {
    runs.forEach((run, e) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      run(text);
      rates[e]!.push(mb / ((performance.now() - t0) / 1000));
      const c = process.cpuUsage(c0);
      cpuRates[e]!.push(mb / ((c.user + c.system) / 1e6));
    });
  }
  return rates.map((r, e) => [median(r), median(cpuRates[e]!)]);
}

/** p50/p99 per round over all messages, engines taking turns; the median round is reported. */
function latencies(runs: ((t: string) => unknown)[], msgs: string[]): { p50: number; p99: number }[] {
  for (const run of runs) for (const m of msgs) run(m);
  const p50s: number[][] = runs.map(() => []);
  const p99s: number[][] = runs.map(() => []);
  for (let k = 0; k < ROUNDS; k++) {
    runs.forEach((run, e) => {
      const ts: number[] = [];
      for (const m of msgs) {
        const t0 = performance.now();
        run(m);
        ts.push(performance.now() - t0);
      }
      ts.sort((a, b) => a - b);
      p50s[e]!.push(ts[Math.floor(ts.length * 0.5)]!);
      p99s[e]!.push(ts[Math.floor(ts.length * 0.99)]!);
    });
  }
  return runs.map((_, e) => ({ p50: median(p50s[e]!), p99: median(p99s[e]!) }));
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
const typoMsgs = messages(typographic, 4096).filter((m) => m.length > 3000);

type Row = [string, number, { p50: number; p99: number }, number];
const rows: Row[] = [];
/** One table row per engine, measured in interleaved rounds. */
function measure(
  names: string[],
  runs: ((t: string) => unknown)[],
  text: string,
  bytes: number,
  ms: string[],
) {
  const mbs = throughput(runs, text, bytes);
  const lat = latencies(runs, ms);
  names.forEach((name, e) => {
    rows.push([name, mbs[e]![0], lat[e]!, mbs[e]![1]]);
  });
}
for (const [label, names] of [
  ['structured only', false],
  ['full (with names)', true],
] as const) {
  const engines = [barrier(names)];
  const labels = [`ours, ${label}`];
  if (baseline) {
    engines.push(barrier(names, baseline));
    labels.push(`baseline, ${label}`);
  }
  measure(labels, engines, big, bigBytes, msgs);
  measure(
    labels.map((l) => `${l}, typographic text`),
    engines,
    typographic,
    typoBytes,
    typoMsgs,
  );
}

// openredaction is much slower: measure it on a 256 KB slice and 200 messages.
let orMbs = Number.NaN;
if (!baseline && !peerPath('openredaction')) {
  console.log('openredaction comparison skipped: `npm run bench:install` installs it');
} else if (!baseline) {
  const or = await openRedaction({ includeNames: true, includeAddresses: false });
  const slice = big.slice(0, 256 * 1024);
  await or.detect(slice.slice(0, 20_000));
  const t0 = performance.now();
  for (const m of messages(slice, 4096)) await or.detect(m);
  orMbs = Buffer.byteLength(slice) / 1024 / 1024 / ((performance.now() - t0) / 1000);
  rows.push([
    'openredaction (defaults + names)',
    orMbs,
    await latenciesAsync((m) => or.detect(m), msgs.slice(0, 200)),
    Number.NaN,
  ]);
}

console.log(
  `text: ${(bigBytes / 1024 / 1024).toFixed(1)} MB mixed Portuguese; ${msgs.length} messages of ~4 KB`,
);
console.log(
  `node ${process.version}, one core; load average at start ${loadAtStart.toFixed(2)} on ${cpus().length} CPUs\n`,
);
const ratioTo = baseline ? 'vs baseline' : 'vs openredaction';
console.log(
  `| engine | MB/s | p50 4 KB (ms) | p99 4 KB (ms) | MB/s ${ratioTo} | MB per CPU-second | ${baseline ? 'CPU-rate vs baseline |' : ''}`,
);
console.log(`|---|---|---|---|---|---|${baseline ? '---|' : ''}`);
rows.forEach(([name, mbs, l, cpuMbs], k) => {
  // With a baseline, rows come in (ours, baseline) pairs.
  const ref = baseline ? (k % 2 === 0 ? rows[k + 1]! : rows[k]!) : null;
  const ratio = mbs / (ref ? ref[1] : orMbs);
  const cpuRatio = ref ? ` ${(cpuMbs / ref[3]).toFixed(2)}× |` : '';
  const cpuCell = Number.isFinite(cpuMbs) ? cpuMbs.toFixed(1) : '-';
  console.log(
    `| ${name} | ${mbs.toFixed(1)} | ${l.p50.toFixed(3)} | ${l.p99.toFixed(3)} | ${ratio.toFixed(2)}× | ${cpuCell} |${cpuRatio}`,
  );
});
