// The text of an OCR page as the detectors read it: words joined by spaces, lines by a line
// break, paragraphs by a blank line, each word in its OCR-tolerant reading
// (confusions.ts), with where each word lies in it, so a value found in the text is known
// by the words it covers (all of them, across line breaks).
import { digitReading, emailReading, isDomain, isLocalPart, isLoneAt, unglued } from './confusions.js';
import type { OcrTextLine } from './types.js';

/** A word of the page by its line and its place in the line. */
export interface WordRef {
  line: number;
  word: number;
}

export interface Reading {
  text: string;
  /** Each word's [start, end) in `text`, in reading order. */
  spans: { ref: WordRef; start: number; end: number }[];
}

/** The words as read (`raw`: as OCR gave them; otherwise in their tolerant reading). */
export function readPage(lines: readonly OcrTextLine[], raw: boolean): Reading {
  let text = '';
  const spans: Reading['spans'] = [];
  lines.forEach((line, l) => {
    if (l > 0) text += line.paragraph === lines[l - 1]!.paragraph ? '\n' : '\n\n';
    const pieces = raw ? line.words.map((w) => w.text) : tolerant(line.words.map((w) => w.text));
    pieces.forEach((piece, w) => {
      // A piece that continues the previous word's (a split e-mail address) is glued to it.
      const glued = !raw && w > 0 && glue(pieces, w);
      if (w > 0 && !glued) text += ' ';
      spans.push({ ref: { line: l, word: w }, start: text.length, end: text.length + piece.length });
      text += piece;
    });
  });
  return { text, spans };
}

/** An `@` read apart ("nome op exemplo.com.br") is glued to both neighbours. */
function glue(pieces: readonly string[], w: number): boolean {
  return pieces[w] === '@' || pieces[w - 1] === '@';
}

/** Each word's tolerant reading; a lone misread `@` between a local part and a domain becomes `@`. */
function tolerant(words: readonly string[]): string[] {
  const out = words.map((w) => emailReading(w) ?? unglued(digitReading(w)));
  for (let w = 1; w + 1 < words.length; w++) {
    if (isLoneAt(words[w]!) && isLocalPart(words[w - 1]!) && isDomain(words[w + 1]!)) out[w] = '@';
  }
  return out;
}

/** The words a span [start, end) of the reading covers, wholly or in part. */
export function wordsIn(reading: Reading, start: number, end: number): WordRef[] {
  return reading.spans.filter((s) => s.start < end && s.end > start).map((s) => s.ref);
}
