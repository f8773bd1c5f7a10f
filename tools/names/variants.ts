// Copies of annotated sentences in other writing styles, for training and for the dev
// sets: lower case, ALL CAPS, and "informal" (lower case, no accents, little punctuation,
// as people type comments). Sentences from the corpora are space-joined tokens, so gold
// spans always start and end at word boundaries.
import type { Doc } from './data.js';
import type { Rng } from './rng.js';
import { chatCase } from './template.js';

export function lowerDoc(d: Doc): Doc {
  return { text: chatCase(d.text), spans: d.spans };
}

export function upperDoc(d: Doc): Doc {
  let text = '';
  for (const ch of d.text) {
    const u = ch.toUpperCase();
    text += u.length === ch.length ? u : ch;
  }
  return { text, spans: d.spans };
}

/**
 * Rewrites a document word by word; `fn` returns the new word or null to drop it. Words
 * inside a name are never dropped. Spans are carried over to the new offsets.
 */
export function mapWords(d: Doc, fn: (word: string, inName: boolean) => string | null): Doc {
  const words = d.text.split(' ');
  const starts: number[] = [];
  let at = 0;
  for (const w of words) {
    starts.push(at);
    at += w.length + 1;
  }
  const inName = new Uint8Array(words.length);
  const spanWords = d.spans.map(([s, e]) => {
    const a = starts.indexOf(s);
    let b = a;
    while (b + 1 < words.length && starts[b + 1]! < e) b++;
    inName.fill(1, a, b + 1);
    return [a, b] as const;
  });
  const newStart: number[] = [];
  const newEnd: number[] = [];
  let text = '';
  words.forEach((w, i) => {
    const r = fn(w, inName[i] === 1);
    if (r === null || r === '') {
      newStart.push(-1);
      newEnd.push(-1);
      return;
    }
    if (text !== '') text += ' ';
    newStart.push(text.length);
    text += r;
    newEnd.push(text.length);
  });
  const spans: [number, number][] = spanWords
    .filter(([a]) => a >= 0)
    .map(([a, b]) => [newStart[a]!, newEnd[b]!]);
  return { text, spans };
}

const PUNCT_ONLY = /^[\p{P}\p{S}]+$/u;

/** Lower case, no accents, most punctuation gone: how many people write comments. */
export function informalDoc(d: Doc, rng: Rng): Doc {
  return mapWords(d, (w, inName) => {
    if (!inName && PUNCT_ONLY.test(w) && (w !== '?' || rng.chance(0.5)) && rng.chance(0.8)) return null;
    return chatCase(w);
  });
}
