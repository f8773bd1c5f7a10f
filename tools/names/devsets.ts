// The dev sets, one per genre, built only from dev splits and generated text (never from
// train or test splits), and the person-free set for false alarms. Shared by the trainer
// (progress figures) and bench/names-accuracy.ts (the table).
import { type Doc, extraSplit, lenerSplit } from './data.js';
import { Rng } from './rng.js';
import { informalDoc } from './variants.js';

export interface Genre {
  name: string;
  docs: Doc[];
}

const INFORMAL_SEED = 515151;

/** Politics in news (deputado, senador, ministro...): the nearest thing to parliamentary prose we have. */
const POLITICS =
  /\b(deputad[oa]s?|senador[ae]?s?|ministr[oa]s?|governador[ae]?s?|president[ea]s?|vereador[ae]?s?|partido|PT|PSDB|PMDB|PFL)\b/u;

export function devGenres(extra: Genre[] = []): Genre[] {
  const news = [...extraSplit('uner_pt_bosque', 'dev'), ...extraSplit('uner_pt_pud', 'dev')];
  const rng = new Rng(INFORMAL_SEED);
  return [
    { name: 'legal (LeNER-Br dev + NERDE dev)', docs: [...lenerSplit('dev'), ...extraSplit('nerde', 'dev')] },
    { name: 'news/web (Bosque dev + PUD dev)', docs: news },
    {
      name: 'politics in news (subset of the above)',
      docs: news.filter((d) => d.spans.length > 0 && POLITICS.test(d.text)),
    },
    { name: 'informal (news dev rewritten)', docs: news.map((d) => informalDoc(d, rng)) },
    ...extra,
  ];
}

/** Dev sentences with no person name: every detection in them is a false alarm. */
export function personFreeDocs(): Doc[] {
  return [
    ...lenerSplit('dev'),
    ...extraSplit('nerde', 'dev'),
    ...extraSplit('uner_pt_bosque', 'dev'),
    ...extraSplit('uner_pt_pud', 'dev'),
  ].filter((d) => d.spans.length === 0);
}

/**
 * Consecutive documents joined into paragraphs of `size` (the corpora keep each article's
 * sentences in order), so a name mentioned twice in a paragraph is judged as in a real
 * text: the model reads each sentence alone, the echo step (names/echo.ts) reads them all.
 */
export function paragraphs(docs: Doc[], size: number): Doc[] {
  const out: Doc[] = [];
  for (let i = 0; i < docs.length; i += size) {
    let text = '';
    const spans: [number, number][] = [];
    for (const d of docs.slice(i, i + size)) {
      if (text.length > 0) text += ' ';
      const base = text.length;
      text += d.text;
      for (const [s, e] of d.spans) spans.push([base + s, base + e]);
    }
    out.push({ text, spans });
  }
  return out;
}
