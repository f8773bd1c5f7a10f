// Identifiers typed with other characters (variant classes) and decoys in the same
// disguises: per-class recall (and whether the key equals the plain value's), per-category
// precision/recall/F1, and decoy precision (share of decoys left untouched). Prints
// tables; fails nothing.
// Run: npm run build && node dist/bench/identifiers-accuracy.js [samples-per-class]
import { findAll } from '../src/privacy/barrier.js';
import type { Category } from '../src/privacy/types.js';
import { DECOY_FAMILIES, decoySample, VARIANT_CLASSES, variantSample } from './identifiers-gen.js';
import { pick, rng } from './privacy-gen.js';

type Cat = 'cpf' | 'cnpj' | 'email' | 'telefone';
const CATS: Cat[] = ['cpf', 'cnpj', 'email', 'telefone'];

interface Item {
  text: string;
  gold: { category: Category; start: number; end: number }[];
  key?: string;
  /** Variant class name or decoy family. */
  label: string;
  decoy: boolean;
}

const perClass = Number(process.argv[2] ?? 300);
const r = rng(20261124);
const items: Item[] = [];
for (const c of VARIANT_CLASSES) {
  for (let i = 0; i < perClass; i++) items.push({ ...variantSample(r, c), label: c.name, decoy: false });
}
const families = Object.keys(DECOY_FAMILIES);
for (const f of families) {
  for (let i = 0; i < perClass; i++) items.push({ ...decoySample(r, f), label: f, decoy: true });
}

// Items are read inside documents of ten, so the context window also sees neighbours.
for (let i = items.length - 1; i > 0; i--) {
  const j = Math.floor(r() * (i + 1));
  [items[i], items[j]] = [items[j]!, items[i]!];
}

interface Tally {
  n: number;
  hit: number;
  sameKey: number;
  fp: number;
}
const byLabel = new Map<string, Tally>();
const byCat = Object.fromEntries(CATS.map((c) => [c, { tp: 0, fp: 0, fn: 0 }])) as Record<
  Cat,
  { tp: number; fp: number; fn: number }
>;
const errors: string[] = [];

for (let i = 0; i < items.length; i += 10) {
  const doc = items.slice(i, i + 10);
  let text = '';
  const offsets: number[] = [];
  for (const it of doc) {
    const sep = text ? pick(r, ['\n', ' ', '\n\n']) : '';
    text += sep;
    offsets.push(text.length);
    text += it.text;
  }
  const found = findAll(text, { names: false }).filter((m) => m.category !== 'nome');
  const used = new Set<number>();
  doc.forEach((it, k) => {
    const base = offsets[k]!;
    const t = byLabel.get(it.label) ?? { n: 0, hit: 0, sameKey: 0, fp: 0 };
    byLabel.set(it.label, t);
    t.n++;
    const inItem = found.filter((m) => m.start < base + it.text.length && m.end > base);
    for (const g of it.gold) {
      const cat = g.category as Cat;
      const idx = found.findIndex(
        (m) => m.category === cat && m.start < base + g.end && m.end > base + g.start,
      );
      if (idx >= 0) {
        used.add(idx);
        byCat[cat].tp++;
        t.hit++;
        if (found[idx]!.key === it.key) t.sameKey++;
      } else {
        byCat[cat].fn++;
        const around = text.slice(Math.max(0, base + g.start - 40), base + g.end + 20);
        errors.push(`FN ${it.label}: ${JSON.stringify(around)}`);
      }
    }
    if (it.decoy && inItem.length > 0) {
      t.fp++;
      const m = inItem[0]!;
      errors.push(
        `FP ${it.label} (${m.category}): ${JSON.stringify(text.slice(Math.max(0, m.start - 60), m.end + 10))}`,
      );
    }
  });
  found.forEach((m, idx) => {
    if (used.has(idx)) return;
    byCat[m.category as Cat].fp++;
    const inDecoy = doc.some(
      (it, k) => it.decoy && m.start < offsets[k]! + it.text.length && m.end > offsets[k]!,
    );
    if (!inDecoy)
      errors.push(
        `FP in a variant item: ${JSON.stringify(text.slice(Math.max(0, m.start - 20), m.end + 10))}`,
      );
  });
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '-');
const reported = new Set(VARIANT_CLASSES.filter((c) => c.reported).map((c) => c.name));

console.log(
  `${VARIANT_CLASSES.length} variant classes × ${perClass}, ${families.length} decoy families × ${perClass}`,
);
console.log(
  'match: same category and overlapping span; "same key": the placeholder key equals the plain value\'s\n',
);
console.log('| variant class | in the issue | samples | recall | same key |');
console.log('|---|---|---|---|---|');
for (const c of VARIANT_CLASSES) {
  const t = byLabel.get(c.name)!;
  console.log(
    `| ${c.name} | ${reported.has(c.name) ? 'yes' : 'neighbour'} | ${t.n} | ${f3(t.hit / t.n)} | ${f3(t.sameKey / Math.max(1, t.hit))} |`,
  );
}
console.log('\n| category | precision | recall | F1 | FP | FN |');
console.log('|---|---|---|---|---|---|');
for (const c of CATS) {
  const { tp, fp, fn } = byCat[c];
  const p = tp / (tp + fp);
  const rec = tp / (tp + fn);
  console.log(`| ${c} | ${f3(p)} | ${f3(rec)} | ${f3((2 * p * rec) / (p + rec))} | ${fp} | ${fn} |`);
}
let decoys = 0;
let touched = 0;
console.log('\n| decoy family | samples | left untouched |');
console.log('|---|---|---|');
for (const f of families) {
  const t = byLabel.get(f)!;
  decoys += t.n;
  touched += t.fp;
  console.log(`| ${f} | ${t.n} | ${f3(1 - t.fp / t.n)} |`);
}
console.log(`\ndecoy precision (decoys left untouched): ${f3(1 - touched / decoys)} of ${decoys}`);
if (process.env.SHOW_ERRORS) for (const e of errors.slice(0, 300)) console.log(e);
