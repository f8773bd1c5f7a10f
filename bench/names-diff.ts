// Which dev sentences a change of the name detector moves: writes the detections of every
// dev sentence (each genre in three casings, and the person-free sentences) to a file,
// and with --against prints each sentence whose detections differ from that file's, with
// the gold names and both readings, so that a rule's effect is seen sentence by sentence
// rather than as an aggregate. Fails nothing.
//   npm run build && node dist/bench/names-diff.js --out /tmp/before.json
//   (change, build) && node dist/bench/names-diff.js --out /tmp/after.json --against /tmp/before.json
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  createNameDetector,
  deserializeModel,
  loadShippedModel,
  type Sensitivity,
} from '../src/privacy/names/index.js';
import type { Doc } from '../tools/names/data.js';
import { devGenres, personFreeDocs } from '../tools/names/devsets.js';
import { lowerDoc, upperDoc } from '../tools/names/variants.js';
import { chatEvalDocs } from './names-chat-set.js';
import { chatEvalDocs2 } from './names-chat-set2.js';
import { commentDocs } from './names-comments-set.js';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    sensitivity: { type: 'string', default: 'balanced' },
    out: { type: 'string' },
    against: { type: 'string' },
  },
});

type Spans = [number, number][];

function mark(text: string, spans: Spans, open: string, close: string): string {
  let s = text;
  for (const [a, b] of [...spans].sort((x, y) => y[0] - x[0]))
    s = `${s.slice(0, a)}${open}${s.slice(a, b)}${close}${s.slice(b)}`;
  return s.replace(/\s+/gu, ' ');
}

function main(): void {
  const model =
    values.model === undefined ? loadShippedModel() : deserializeModel(readFileSync(values.model));
  const detector = createNameDetector(model);
  const sensitivity = values.sensitivity as Sensitivity;
  const sets: [string, Doc[]][] = devGenres([
    { name: 'informal comments (generated)', docs: commentDocs() },
    { name: 'chat set', docs: chatEvalDocs() },
    { name: 'chat set 2', docs: chatEvalDocs2() },
  ])
    .filter((g) => !g.name.startsWith('politics'))
    .map((g) => [g.name, g.docs]);
  sets.push(['person-free', personFreeDocs()]);
  const dump: Record<string, Spans[]> = {};
  const docsOf: Record<string, Doc[]> = {};
  for (const [name, docs] of sets) {
    for (const [suffix, f] of [
      ['', (d: Doc) => d],
      [' · lower', lowerDoc],
      [' · UPPER', upperDoc],
    ] as const) {
      const ds = docs.map(f);
      docsOf[name + suffix] = ds;
      dump[name + suffix] = ds.map((d) =>
        detector.detect(d.text, { sensitivity }).map((m): [number, number] => [m.start, m.end]),
      );
    }
  }
  if (values.out !== undefined) writeFileSync(values.out, JSON.stringify(dump));
  if (values.against === undefined) return;
  const before = JSON.parse(readFileSync(values.against, 'utf8')) as Record<string, Spans[]>;
  let changed = 0;
  for (const [set, now] of Object.entries(dump)) {
    const was = before[set];
    if (was === undefined) continue;
    const docs = docsOf[set]!;
    const seen = new Set<string>();
    for (let i = 0; i < now.length; i++) {
      if (JSON.stringify(now[i]) === JSON.stringify(was[i])) continue;
      const d = docs[i]!;
      const key = d.text + JSON.stringify(now[i]);
      if (seen.has(key)) continue; // duplicate sentences of the corpora
      seen.add(key);
      changed++;
      const gold = (s: Spans) => s.filter(([a, b]) => d.spans.some(([x, y]) => x === a && y === b)).length;
      console.log(
        `${set}: right ${gold(was[i]!)} → ${gold(now[i]!)} of ${d.spans.length} gold, detections ${was[i]!.length} → ${now[i]!.length}`,
      );
      const moved = [...was[i]!, ...now[i]!].map(([a]) => a);
      const from = Math.max(0, Math.min(...moved) - 60);
      const to = Math.max(...[...was[i]!, ...now[i]!].map(([, b]) => b)) + 60;
      const cut = (s: Spans) =>
        s.filter(([a, b]) => a >= from && b <= to).map(([a, b]): [number, number] => [a - from, b - from]);
      const piece = d.text.slice(from, to);
      console.log(`  gold:   …${mark(piece, cut(d.spans as Spans), '{', '}')}…`);
      console.log(`  before: …${mark(piece, cut(was[i]!), '[[', ']]')}…`);
      console.log(`  after:  …${mark(piece, cut(now[i]!), '[[', ']]')}…`);
    }
  }
  console.log(`\n${changed} distinct sentences changed`);
}

main();
