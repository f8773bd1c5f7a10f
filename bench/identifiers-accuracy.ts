// Identifiers typed with other characters (variant classes), every category beyond CPF,
// CNPJ, e-mail and telephone written the way people write it (with its disguises:
// digits spelled apart, a line break inside, digits as words), and decoys in the same
// disguises: per-class recall (and whether the key equals the plain value's), per-category
// precision/recall/F1, and decoy precision (share of decoys left untouched). Prints
// tables; fails nothing.
// Run: npm run build && node dist/bench/identifiers-accuracy.js [samples-per-class]
import { findAll } from '../src/privacy/barrier.js';
import { CATEGORIES } from '../src/privacy/registry.js';
import type { Category } from '../src/privacy/types.js';
import { CATEGORY_CLASSES } from './categories-gen.js';
import { CATEGORY_DECOYS } from './decoys-gen.js';
import { DETAIL_CLASSES } from './details-gen.js';
import { DECOY_FAMILIES, decoySample, disguise, VARIANT_CLASSES, variantSample } from './identifiers-gen.js';
import { pick, rng, type Sample } from './privacy-gen.js';

const CATS = CATEGORIES.filter((c) => c !== 'nome');

interface Item {
  text: string;
  gold: Sample['gold'];
  key?: string;
  /** Class name or decoy family. */
  label: string;
  decoy: boolean;
}

const perClass = Number(process.argv[2] ?? 300);
const r = rng(20261124);
const items: Item[] = [];
const NEW_CLASSES = [...CATEGORY_CLASSES, ...DETAIL_CLASSES];
for (const c of VARIANT_CLASSES) {
  for (let i = 0; i < perClass; i++) items.push({ ...variantSample(r, c), label: c.name, decoy: false });
}
for (const c of NEW_CLASSES) {
  for (let i = 0; i < perClass; i++) items.push({ ...c.sample(r), label: c.name, decoy: false });
}
const families = [...Object.keys(DECOY_FAMILIES), ...Object.keys(CATEGORY_DECOYS)];
for (const f of Object.keys(DECOY_FAMILIES)) {
  for (let i = 0; i < perClass; i++) items.push({ ...decoySample(r, f), label: f, decoy: true });
}
for (const [f, make] of Object.entries(CATEGORY_DECOYS)) {
  for (let i = 0; i < perClass; i++)
    items.push({ text: disguise(r, make(r)), gold: [], label: f, decoy: true });
}

// Items are read inside documents of ten, so the context window also sees neighbours.
for (let i = items.length - 1; i > 0; i--) {
  const j = Math.floor(r() * (i + 1));
  [items[i], items[j]] = [items[j]!, items[i]!];
}

interface Tally {
  n: number;
  hit: number;
  keyed: number;
  sameKey: number;
  fp: number;
}
const byLabel = new Map<string, Tally>();
const byCat = new Map<Category, { tp: number; fp: number; fn: number }>(
  CATS.map((c) => [c, { tp: 0, fp: 0, fn: 0 }]),
);
const errors: string[] = [];

for (let i = 0; i < items.length; i += 10) {
  const doc = items.slice(i, i + 10);
  let text = '';
  const offsets: number[] = [];
  for (const it of doc) {
    // Items on lines of their own, or one after the other on a line once a sentence ends
    // (a value never runs into the next item's words or digits).
    let sep = text ? pick(r, ['\n\n', '\n', ' ']) : '';
    if (sep === ' ' && !/[.!?)]$/.test(text)) sep = '\n';
    text += sep;
    offsets.push(text.length);
    text += it.text;
  }
  const found = findAll(text, { names: false });
  const used = new Set<number>();
  doc.forEach((it, k) => {
    const base = offsets[k]!;
    const t = byLabel.get(it.label) ?? { n: 0, hit: 0, keyed: 0, sameKey: 0, fp: 0 };
    byLabel.set(it.label, t);
    const inItem = found.filter((m) => m.start < base + it.text.length && m.end > base);
    for (const g of it.gold) {
      t.n++;
      const idx = found.findIndex(
        (m) => m.category === g.category && m.start < base + g.end && m.end > base + g.start,
      );
      if (idx >= 0) {
        used.add(idx);
        byCat.get(g.category)!.tp++;
        t.hit++;
        if (it.key && it.gold.length === 1) {
          t.keyed++;
          if (found[idx]!.key === it.key) t.sameKey++;
        }
      } else {
        byCat.get(g.category)!.fn++;
        const around = text.slice(Math.max(0, base + g.start - 40), base + g.end + 20);
        errors.push(`FN ${it.label}: ${JSON.stringify(around)}`);
      }
    }
    if (it.decoy) {
      t.n++;
      if (inItem.length > 0) {
        t.fp++;
        const m = inItem[0]!;
        errors.push(
          `FP ${it.label} (${m.category}): ${JSON.stringify(text.slice(Math.max(0, m.start - 60), m.end + 10))}`,
        );
      }
    }
  });
  found.forEach((m, idx) => {
    if (used.has(idx)) return;
    byCat.get(m.category)!.fp++;
    const inDecoy = doc.some(
      (it, k) => it.decoy && m.start < offsets[k]! + it.text.length && m.end > offsets[k]!,
    );
    if (!inDecoy)
      errors.push(
        `FP ${m.category} in a positive item: ${JSON.stringify(text.slice(Math.max(0, m.start - 30), m.end + 10))}`,
      );
  });
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '-');
const reported = new Set(VARIANT_CLASSES.filter((c) => c.reported).map((c) => c.name));
const row = (name: string, note: string) => {
  const t = byLabel.get(name)!;
  const key = t.keyed > 0 ? f3(t.sameKey / t.keyed) : '-';
  console.log(`| ${name} | ${note} | ${t.n} | ${f3(t.hit / t.n)} | ${key} |`);
};

console.log(
  `${VARIANT_CLASSES.length} variant classes and ${NEW_CLASSES.length} category classes × ${perClass}, ${families.length} decoy families × ${perClass}`,
);
console.log(
  'match: same category and overlapping span; "same key": the placeholder key equals the plain value\'s\n',
);
console.log('| class | kind | values | recall | same key |');
console.log('|---|---|---|---|---|');
for (const c of VARIANT_CLASSES)
  row(c.name, reported.has(c.name) ? 'variant (issue)' : 'variant (neighbour)');
for (const c of NEW_CLASSES) row(c.name, 'category');
console.log('\n| category | precision | recall | F1 | FP | FN |');
console.log('|---|---|---|---|---|---|');
for (const c of CATS) {
  const { tp, fp, fn } = byCat.get(c)!;
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
const worst = NEW_CLASSES.map((c) => byLabel.get(c.name)!).reduce((m, t) => Math.min(m, t.hit / t.n), 1);
console.log(`\nlowest recall of a category class: ${f3(worst)} (target ≥ 0.990)`);
console.log(
  `decoy precision (decoys left untouched): ${f3(1 - touched / decoys)} of ${decoys} (target 1.000)`,
);
if (process.env.SHOW_ERRORS) for (const e of errors.slice(0, 400)) console.log(e);
