// Personal data on an OCR page (an image to redact): the detectors read the page's text
// twice — as OCR gave it, and in its OCR-tolerant reading (confusions.ts: a misread `@`,
// letters in digit runs) — and labels make the value beside them personal whatever OCR
// made of it (labels.ts). Each value comes back as the words it covers, so the caller can
// fill their boxes; a value counts once however many of these readings found it.
import { findAll } from '../barrier.js';
import type { Category } from '../registry.js';
import type { FindOptions } from '../types.js';
import { labelledValues } from './labels.js';
import { readPage, type WordRef, wordsIn } from './reading.js';
import type { OcrMatch, OcrTextLine } from './types.js';

export type { WordRef } from './reading.js';
export type { OcrBox, OcrMatch, OcrTextLine, OcrTextWord } from './types.js';

export function findInOcr(lines: readonly OcrTextLine[], options: FindOptions = {}): OcrMatch[] {
  const found: OcrMatch[] = [];
  for (const raw of [true, false]) {
    const reading = readPage(lines, raw);
    for (const m of findAll(reading.text, options))
      found.push({ category: m.category, words: wordsIn(reading, m.start, m.end) });
  }
  const masked = (c: Category) =>
    (options.categories?.includes(c) ?? true) && (c !== 'nome' || options.names !== false);
  found.push(...labelledValues(lines, masked));
  return distinct(found);
}

/**
 * One match per value: a match that shares a word with an earlier one (the same value seen
 * by another reading, or by its label) adds its words to that one instead of counting again.
 */
function distinct(matches: readonly OcrMatch[]): OcrMatch[] {
  const owner = new Map<string, OcrMatch>();
  const key = (r: WordRef) => `${r.line}.${r.word}`;
  const out: OcrMatch[] = [];
  for (const m of matches) {
    if (m.words.length === 0) continue;
    const earlier = m.words.map((r) => owner.get(key(r))).find((o) => o !== undefined);
    const into = earlier ?? { category: m.category, words: [] };
    if (!earlier) out.push(into);
    for (const r of m.words) {
      if (owner.has(key(r))) continue;
      owner.set(key(r), into);
      into.words.push(r);
    }
  }
  return out;
}
