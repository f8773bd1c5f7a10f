// The barrier on the generated business set (business-gen.ts): per category, the share
// of items fully masked (every letter and digit of every part under some placeholder),
// the decoys masked, and the placeholders on no personal item; per layout and casing the
// same in one line. `dev` may print its misses (SHOW=1); `sealed` prints figures only.
//   npm run build:server && node dist/bench/business-accuracy.js [per-layout] [--show]
// BENCH_BASELINE=<other checkout>/dist/bench measures that build's barrier on the same set.
import { findAll as ours } from '../src/privacy/barrier.js';
import { type BusinessDoc, businessSet, type Split } from './business-gen.js';

const baselineDir = process.env.BENCH_BASELINE;
const findAll: typeof ours = baselineDir
  ? (await import(`${baselineDir}/../src/privacy/barrier.js`)).findAll
  : ours;

interface Tally {
  items: number;
  full: number;
}

const VISIBLE = /[\p{L}\p{N}]/u;

/** Whether every letter and digit of text[s, e) lies inside some match. */
function covered(
  text: string,
  s: number,
  e: number,
  spans: readonly { start: number; end: number }[],
): boolean {
  for (let k = s; k < e; k++) {
    if (!VISIBLE.test(text[k]!)) continue;
    if (!spans.some((m) => m.start <= k && k < m.end)) return false;
  }
  return true;
}

const touches = (a: { start: number; end: number }, s: number, e: number) => a.start < e && s < a.end;

interface Result {
  byKind: Map<string, Tally>;
  byLayout: Map<string, Tally>;
  decoys: number;
  decoysMasked: number;
  stray: number;
  misses: string[];
}

function measure(docs: BusinessDoc[], keepMisses: boolean): Result {
  const res: Result = {
    byKind: new Map(),
    byLayout: new Map(),
    decoys: 0,
    decoysMasked: 0,
    stray: 0,
    misses: [],
  };
  const add = (m: Map<string, Tally>, k: string, ok: boolean) => {
    const t = m.get(k) ?? { items: 0, full: 0 };
    t.items++;
    if (ok) t.full++;
    m.set(k, t);
  };
  for (const d of docs) {
    const found = findAll(d.text);
    for (const it of d.items) {
      const ok = it.parts.every(([s, e]) => covered(d.text, s, e, found));
      add(res.byKind, it.kind, ok);
      add(res.byLayout, `${d.layout} / ${d.casing}`, ok);
      if (!ok && keepMisses) {
        const parts = it.parts.map(([s, e]) => JSON.stringify(d.text.slice(s, e))).join(' + ');
        res.misses.push(`MISS ${it.kind} [${d.layout}/${d.casing}]: ${parts}`);
      }
    }
    for (const [s, e] of d.decoys) {
      res.decoys++;
      const hit = found.find((m) => touches(m, s, e));
      if (hit) {
        res.decoysMasked++;
        if (keepMisses)
          res.misses.push(`DECOY ${hit.category} [${d.layout}]: ${JSON.stringify(d.text.slice(s, e))}`);
      }
    }
    for (const m of found) {
      if (d.items.some((it) => it.parts.some(([s, e]) => touches(m, s, e)))) continue;
      res.stray++;
      if (keepMisses)
        res.misses.push(
          `STRAY ${m.category} [${d.layout}/${d.casing}]: ${JSON.stringify(d.text.slice(m.start, m.end))}`,
        );
    }
  }
  return res;
}

const pct = (t: Tally) => ((100 * t.full) / t.items).toFixed(1).padStart(5);

function report(split: Split, perLayout: number, show: boolean): void {
  const docs = businessSet(split, perLayout);
  const res = measure(docs, show && split === 'dev');
  console.log(`\n## ${split}: ${docs.length} documents\n`);
  console.log('| category | items | fully masked % |');
  console.log('|---|---|---|');
  for (const [k, t] of [...res.byKind].sort()) console.log(`| ${k} | ${t.items} | ${pct(t)} |`);
  console.log(
    `\ndecoys masked: ${res.decoysMasked} of ${res.decoys}; placeholders on no personal item: ${res.stray}\n`,
  );
  console.log('| layout / casing | items | fully masked % |');
  console.log('|---|---|---|');
  for (const [k, t] of [...res.byLayout].sort()) console.log(`| ${k} | ${t.items} | ${pct(t)} |`);
  for (const m of res.misses.slice(0, 300)) console.log(m);
}

const args = process.argv.slice(2);
const perLayout = Number(args.find((a) => /^[0-9]+$/.test(a)) ?? 50);
const show = args.includes('--show') || process.env.SHOW === '1';
for (const split of ['dev', 'sealed'] as const) report(split, perLayout, show);
