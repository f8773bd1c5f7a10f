// Person-name accuracy: exact-span precision/recall/F1 on LeNER-Br dev (PESSOA) and on
// the generated chat set, for our model, a bare name-list baseline and openredaction.
//   npm run build && node dist/bench/names-accuracy.js
import { OpenRedaction } from 'openredaction';
import { detectNames } from '../src/privacy/names/index.js';
import { type Doc, lenerSplit, readPrenomes } from '../tools/names/data.js';
import { formatScore, type Score, score } from '../tools/names/eval.js';
import { COMMON_SURNAMES, PARTICLES, STOP_WORDS } from '../tools/names/lexicon.js';
import { chatCase } from '../tools/names/template.js';
import { chatEvalDocs } from './names-chat-set.js';
import { chatEvalDocs2 } from './names-chat-set2.js';

type Span = { start: number; end: number };

/**
 * The bare-list baseline: maximal runs of words found in the IBGE first-name list
 * (1,000+ births) or the surname list, joined by particles, in any case. Function words
 * the census lists as names ("de", "do") are left out.
 */
function listBaseline(): (text: string) => Span[] {
  const names = new Set<string>(COMMON_SURNAMES);
  for (const [name, births] of readPrenomes()) if (births >= 1000) names.add(name);
  const particles = new Set(PARTICLES);
  for (const w of [...PARTICLES, ...STOP_WORDS]) names.delete(w);
  return (text) => {
    const words = [...text.matchAll(/\p{L}[\p{L}'’-]*/gu)].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
      key: chatCase(m[0]),
    }));
    const out: Span[] = [];
    let i = 0;
    while (i < words.length) {
      if (!names.has(words[i]!.key)) {
        i++;
        continue;
      }
      let j = i + 1;
      let last = i;
      while (j < words.length) {
        if (names.has(words[j]!.key)) last = j;
        else if (!particles.has(words[j]!.key)) break;
        j++;
      }
      out.push({ start: words[i]!.start, end: words[last]!.end });
      i = last + 1;
    }
    return out;
  };
}

async function scoreAsync(detect: (t: string) => Promise<Span[]>, docs: Doc[]): Promise<Score> {
  const found = new Map<string, Span[]>();
  for (const d of docs) found.set(d.text, await detect(d.text));
  return score((t) => found.get(t) ?? [], docs);
}

async function main(): Promise<void> {
  const sets: [string, Doc[]][] = [
    ['LeNER-Br dev', lenerSplit('dev')],
    ['chat set', chatEvalDocs()],
    ['chat set 2 (blind check)', chatEvalDocs2()],
  ];
  const baseline = listBaseline();
  const redactor = new OpenRedaction({});
  const openredaction = async (t: string): Promise<Span[]> =>
    (await redactor.detect(t)).detections
      .filter((d) => d.type === 'NAME')
      .map((d) => ({ start: d.position[0], end: d.position[1] }));

  for (const [name, docs] of sets) {
    const entities = docs.reduce((n, d) => n + d.spans.length, 0);
    console.log(`\n${name}: ${docs.length} texts, ${entities} names`);
    console.log(`  ours          ${formatScore(score(detectNames, docs))}`);
    console.log(`  name list     ${formatScore(score(baseline, docs))}`);
    console.log(`  openredaction ${formatScore(await scoreAsync(openredaction, docs))}`);
  }
}

await main();
