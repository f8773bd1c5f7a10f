// Exact-span precision, recall and F1 of a detector on documents with gold spans.
import type { Doc } from './data.js';

export interface Score {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

export function score(detect: (text: string) => { start: number; end: number }[], docs: Doc[]): Score {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const doc of docs) {
    const gold = new Set(doc.spans.map(([s, e]) => `${s}:${e}`));
    const seen = new Set<string>();
    for (const m of detect(doc.text)) {
      const k = `${m.start}:${m.end}`;
      if (seen.has(k)) continue;
      seen.add(k);
      if (gold.has(k)) tp++;
      else fp++;
    }
    for (const k of gold) if (!seen.has(k)) fn++;
  }
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, precision, recall, f1 };
}

export function formatScore(s: Score): string {
  const pct = (x: number) => (100 * x).toFixed(2).padStart(6);
  return `P ${pct(s.precision)}  R ${pct(s.recall)}  F1 ${pct(s.f1)}  (tp ${s.tp}, fp ${s.fp}, fn ${s.fn})`;
}
