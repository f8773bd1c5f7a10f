// Person-name accuracy per genre x casing on the dev sets (tools/names/devsets.ts):
// exact-span precision, recall and F1, the share of name words masked, and false alarms
// per 10,000 person-free dev sentences. Prints a table; fails nothing.
//   npm run build && node dist/bench/names-accuracy.js [--model FILE] [--sensitivity strict]
//   [--test]  also the Bosque and NERDE test splits (final report only, never for tuning)
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  createNameDetector,
  loadShippedModel,
  deserializeModel,
  type Sensitivity,
} from '../src/privacy/names/index.js';
import { type Doc, extraSplit } from '../tools/names/data.js';
import { devGenres, type Genre, paragraphs, personFreeDocs } from '../tools/names/devsets.js';
import { score } from '../tools/names/eval.js';
import { lowerDoc, upperDoc } from '../tools/names/variants.js';
import { chatEvalDocs } from './names-chat-set.js';
import { chatEvalDocs2 } from './names-chat-set2.js';
import { commentDocs } from './names-comments-set.js';

const PARAGRAPH = 5;

type Detect = (text: string) => { start: number; end: number }[];

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    sensitivity: { type: 'string', default: 'balanced' },
    test: { type: 'boolean', default: false },
  },
});

/** Share of the words inside gold names that some detection covers (what leaks is the rest). */
function wordsMasked(detect: Detect, docs: Doc[]): number {
  let total = 0;
  let masked = 0;
  for (const d of docs) {
    const found = detect(d.text);
    for (const [s, e] of d.spans) {
      for (const m of d.text.slice(s, e).matchAll(/[\p{L}\p{N}]+/gu)) {
        const ws = s + m.index;
        const we = ws + m[0].length;
        total++;
        if (found.some((f) => f.start <= ws && f.end >= we)) masked++;
      }
    }
  }
  return total === 0 ? 1 : masked / total;
}

function row(name: string, detect: Detect, docs: Doc[]): string {
  const s = score(detect, docs);
  const pct = (x: number) => (100 * x).toFixed(1).padStart(6);
  const names = docs.reduce((n, d) => n + d.spans.length, 0);
  return `| ${name.padEnd(44)} | ${String(names).padStart(5)} | ${pct(s.precision)} | ${pct(s.recall)} | ${pct(s.f1)} | ${pct(wordsMasked(detect, docs))} |`;
}

function main(): void {
  const model =
    values.model === undefined ? loadShippedModel() : deserializeModel(readFileSync(values.model));
  const detector = createNameDetector(model);
  const sensitivity = values.sensitivity as Sensitivity;
  const detect: Detect = (t) => detector.detect(t, { sensitivity });
  const extra: Genre[] = [
    { name: 'informal comments (generated)', docs: commentDocs() },
    { name: 'chat set', docs: chatEvalDocs() },
    { name: 'chat set 2', docs: chatEvalDocs2() },
  ];
  const genres = devGenres(extra);
  if (values.test) {
    genres.push(
      { name: 'TEST Bosque (report only)', docs: extraSplit('uner_pt_bosque', 'test') },
      { name: 'TEST NERDE (report only)', docs: extraSplit('nerde', 'test') },
    );
  }
  console.log(`model: ${values.model ?? 'shipped'}, sensitivity: ${sensitivity}\n`);
  console.log(`| ${'set'.padEnd(44)} | names |      P |      R |     F1 | words |`);
  console.log(`|${'-'.repeat(46)}|-------|--------|--------|--------|--------|`);
  const all: Doc[][] = [[], [], []];
  for (const g of genres) {
    const variants: [string, Doc[]][] = [
      ['', g.docs],
      [' · lower', g.docs.map(lowerDoc)],
      [' · UPPER', g.docs.map(upperDoc)],
    ];
    variants.forEach(([suffix, docs], i) => {
      console.log(row(`${g.name}${suffix}`, detect, docs));
      if (!g.name.startsWith('TEST') && !g.name.startsWith('politics')) all[i]!.push(...docs);
    });
  }
  // The proxies of the three genres of the unseen sets together: bills (legal), mixed
  // news and web text (news/web), citizens' comments (both informal sets).
  const proxies = genres.filter((g) => /^(legal|news\/web|informal)/.test(g.name)).flatMap((g) => g.docs);
  console.log(row('three unseen-genre proxies together', detect, proxies));
  console.log(row('three unseen-genre proxies · lower', detect, proxies.map(lowerDoc)));
  console.log(row('three unseen-genre proxies · UPPER', detect, proxies.map(upperDoc)));
  console.log(row('all dev sets', detect, all[0]!));
  console.log(row('all dev sets · lower', detect, all[1]!));
  console.log(row('all dev sets · UPPER', detect, all[2]!));
  // The same sentences read as paragraphs: a name's later mentions (echoes) count here.
  for (const g of genres.slice(0, 2)) {
    const joined = paragraphs(g.docs, PARAGRAPH);
    const label = g.name.split(' (')[0];
    console.log(row(`${label} · paragraphs of ${PARAGRAPH}`, detect, joined));
    console.log(row(`${label} · paragraphs · lower`, detect, joined.map(lowerDoc)));
    console.log(row(`${label} · paragraphs · UPPER`, detect, joined.map(upperDoc)));
  }

  const free = personFreeDocs();
  for (const [label, docs] of [
    ['as written', free],
    ['lower', free.map(lowerDoc)],
    ['UPPER', free.map(upperDoc)],
  ] as const) {
    let alarms = 0;
    for (const d of docs) alarms += detect(d.text).length;
    let inParagraphs = 0;
    for (const d of paragraphs(docs, PARAGRAPH)) inParagraphs += detect(d.text).length;
    console.log(
      `false alarms, person-free dev sentences (${label}): ${alarms} in ${docs.length} = ${((alarms * 10000) / docs.length).toFixed(1)} per 10,000; read as paragraphs of ${PARAGRAPH}: ${((inParagraphs * 10000) / docs.length).toFixed(1)}`,
    );
  }
}

main();
