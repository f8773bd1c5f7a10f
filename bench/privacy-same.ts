// Detections of this build against another build's, for changes that must move speed
// only: every match (category, start, end, key) of findAll, names off and on, and the
// placeholder output of cleanText, over the speed bench's 8 MB mixed text (plain and
// typographic, whole and in 4 KB messages), the generated identifier sets (variants,
// categories, bank details, decoys; alone and in documents of ten) and every string
// literal of the tests. Prints each difference and their count; zero is the pass.
// Run: BENCH_BASELINE=<other checkout>/dist/bench node dist/bench/privacy-same.js [MB]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { createCleaner, findAll } from '../src/privacy/barrier.js';
import type { FindOptions, Match } from '../src/privacy/types.js';
import { CATEGORY_CLASSES } from './categories-gen.js';
import { CATEGORY_DECOYS } from './decoys-gen.js';
import { DETAIL_CLASSES } from './details-gen.js';
import { DECOY_FAMILIES, decoySample, disguise, VARIANT_CLASSES, variantSample } from './identifiers-gen.js';
import { messages, mixedText, rng, typographicCopy } from './privacy-gen.js';

type Barrier = { findAll: typeof findAll; createCleaner: typeof createCleaner };

const baselineDir = process.env.BENCH_BASELINE;
if (!baselineDir) throw new Error('set BENCH_BASELINE=<other checkout>/dist/bench');
const base: Barrier = await import(`${baselineDir}/../src/privacy/barrier.js`);
const ours: Barrier = { findAll, createCleaner };
const MB = Number(process.argv[2] ?? 8);

let compared = 0;
let differences = 0;

const show = (m: Match) => `${m.category} ${m.start}-${m.end}`;

function sameMatches(label: string, text: string, options: FindOptions): void {
  const a = ours.findAll(text, options);
  const b = base.findAll(text, options);
  compared += b.length;
  const n = Math.max(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a[k];
    const y = b[k];
    if (x && y && x.category === y.category && x.start === y.start && x.end === y.end && x.key === y.key)
      continue;
    differences++;
    // Offsets and categories only: the texts are generated, but keep the habit.
    if (differences <= 20) console.log(`${label}: ours ${x ? show(x) : '-'}, baseline ${y ? show(y) : '-'}`);
  }
}

function sameCleaned(label: string, texts: readonly string[]): void {
  const a = ours.createCleaner({ policy: 'placeholder', names: false });
  const b = base.createCleaner({ policy: 'placeholder', names: false });
  for (let k = 0; k < texts.length; k++) {
    if (a.cleanText(texts[k]!) === b.cleanText(texts[k]!)) continue;
    differences++;
    if (differences <= 20) console.log(`${label}: cleanText differs on item ${k}`);
  }
}

/** Every text of a set, names off; `withNames` also with names on. */
function sameSet(label: string, texts: readonly string[], withNames: boolean): void {
  for (const t of texts) {
    sameMatches(label, t, { names: false });
    if (withNames) sameMatches(`${label}, names`, t, {});
  }
  sameCleaned(label, texts);
  console.log(
    `${label}: ${texts.length} texts (${texts.reduce((n, t) => n + t.length, 0)} characters), ${compared} matches compared so far, ${differences} differences`,
  );
}

// The speed bench's texts (the same generator and typographic copy as privacy-speed.ts).
const big = mixedText(1, MB * 1024 * 1024);
const typographic = typographicCopy(big);
sameSet('mixed text, whole', [big], true);
sameSet('typographic text, whole', [typographic], true);
sameSet('mixed text, 4 KB messages', messages(big, 4096), false);
sameSet('typographic text, 4 KB messages', messages(typographic, 4096), false);

// The identifier sets of identifiers-accuracy.ts.
const perClass = 300;
const r = rng(20261124);
const items: string[] = [];
for (const c of VARIANT_CLASSES) for (let i = 0; i < perClass; i++) items.push(variantSample(r, c).text);
for (const c of [...CATEGORY_CLASSES, ...DETAIL_CLASSES])
  for (let i = 0; i < perClass; i++) items.push(c.sample(r).text);
for (const f of Object.keys(DECOY_FAMILIES))
  for (let i = 0; i < perClass; i++) items.push(decoySample(r, f).text);
for (const make of Object.values(CATEGORY_DECOYS))
  for (let i = 0; i < perClass; i++) items.push(disguise(r, make(r)));
const docs: string[] = [];
for (let i = 0; i < items.length; i += 10) docs.push(items.slice(i, i + 10).join(i % 20 ? '\n' : ' '));
sameSet('identifier sets, alone', items, false);
sameSet('identifier sets, documents of ten', docs, true);
// Longer than LONG_TEXT (barrier.ts): read in one walk, with digits spelled apart or broken in it.
sameSet('identifier sets, joined', [docs.join('\n')], true);

/** String literals of every test file: the fixtures the tests feed the barrier. */
function literals(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) literals(path, out);
    else if (name.endsWith('.ts')) {
      const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
      const visit = (node: ts.Node): void => {
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
        else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
          out.push(node.text);
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  }
  return out;
}
const fixtures = literals(new URL('../../test', import.meta.url).pathname, []).filter((s) => s.length > 2);
sameSet('test string literals', fixtures, true);
sameSet('test string literals, joined', [fixtures.join('\n')], true);

console.log(`\n${compared} baseline matches compared; differences: ${differences}`);
