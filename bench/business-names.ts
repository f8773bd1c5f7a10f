// The barrier on the name layouts of business-names-gen.ts: per layout and casing, the
// share of names fully masked (every letter under some placeholder), the decoys touched
// and the placeholders on no name. `dev` may print its misses (--show); `sealed` prints
// figures only.
//   npm run build:server && node dist/bench/business-names.js [per-layout] [--show]
// BENCH_BASELINE=<other checkout>/dist/bench measures that build's barrier on the same set.
import { findAll as ours } from '../src/privacy/barrier.js';
import { type NamesDoc, namesSet, type Split } from './business-names-gen.js';

const baselineDir = process.env.BENCH_BASELINE;
const findAll: typeof ours = baselineDir
  ? (await import(`${baselineDir}/../src/privacy/barrier.js`)).findAll
  : ours;

const VISIBLE = /[\p{L}\p{N}]/u;
type Span = { start: number; end: number };
const touches = (a: Span, s: number, e: number) => a.start < e && s < a.end;

function covered(text: string, s: number, e: number, spans: readonly Span[]): boolean {
  for (let k = s; k < e; k++) {
    if (VISIBLE.test(text[k]!) && !spans.some((m) => m.start <= k && k < m.end)) return false;
  }
  return true;
}

interface Row {
  names: number;
  masked: number;
  decoys: number;
  decoysHit: number;
  stray: number;
}

function measure(docs: NamesDoc[], show: boolean): Map<string, Row> {
  const rows = new Map<string, Row>();
  for (const d of docs) {
    const key = `${d.layout} / ${d.casing}`;
    const row = rows.get(key) ?? { names: 0, masked: 0, decoys: 0, decoysHit: 0, stray: 0 };
    rows.set(key, row);
    const found = findAll(d.text);
    for (const it of d.items) {
      row.names++;
      if (it.parts.every(([s, e]) => covered(d.text, s, e, found))) row.masked++;
      else if (show) console.log(`MISS [${key}]: ${JSON.stringify(d.text)}`);
    }
    for (const [s, e] of d.decoys) {
      row.decoys++;
      if (found.some((m) => touches(m, s, e))) {
        row.decoysHit++;
        if (show)
          console.log(`DECOY [${key}]: ${JSON.stringify(d.text.slice(s, e))} in ${JSON.stringify(d.text)}`);
      }
    }
    for (const m of found) {
      if (d.items.some((it) => it.parts.some(([s, e]) => touches(m, s, e)))) continue;
      if (d.decoys.some(([s, e]) => touches(m, s, e))) continue;
      row.stray++;
      if (show) console.log(`STRAY [${key}]: ${JSON.stringify(d.text.slice(m.start, m.end))}`);
    }
  }
  return rows;
}

function report(split: Split, perLayout: number, show: boolean): void {
  const docs = namesSet(split, perLayout);
  const rows = measure(docs, show && split === 'dev');
  console.log(`\n## ${split}: ${docs.length} documents\n`);
  console.log('| layout / casing | names | fully masked % | decoys touched | stray placeholders |');
  console.log('|---|---|---|---|---|');
  const total: Row = { names: 0, masked: 0, decoys: 0, decoysHit: 0, stray: 0 };
  for (const [k, r] of [...rows].sort()) {
    const pct = r.names === 0 ? '—' : ((100 * r.masked) / r.names).toFixed(1);
    console.log(`| ${k} | ${r.names} | ${pct} | ${r.decoysHit} of ${r.decoys} | ${r.stray} |`);
    for (const f of Object.keys(total) as (keyof Row)[]) total[f] += r[f];
  }
  console.log(
    `\nnames fully masked: ${((100 * total.masked) / total.names).toFixed(1)} % of ${total.names}; decoys touched: ${total.decoysHit} of ${total.decoys}; stray placeholders: ${total.stray}`,
  );
}

const args = process.argv.slice(2);
const perLayout = Number(args.find((a) => /^[0-9]+$/.test(a)) ?? 50);
const show = args.includes('--show');
for (const split of ['dev', 'sealed'] as const) report(split, perLayout, show);
