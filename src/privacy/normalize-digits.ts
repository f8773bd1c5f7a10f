// Digit disguises in the normalised view, read as the digits they stand for:
// - digits spelled apart one by one, separators spaced or not: "5 2 9 9 8 2 2 4 7 2 5",
//   "3 9 0 . 5 3 3 . 4 4 7 - 0 5" read as "52998224725" and "390.533.447-05";
// - a line break inside a value, next to one of its separators: "390.533.\n447-05";
// - digits dictated as Portuguese words, one word per digit, with "ponto", "traço",
//   "hífen" and "barra" for the separators: "cinco dois nove nove oito…", "três nove
//   zero ponto cinco três três…".
// Runs must be long enough to be a number someone dictates (five digits or more), so
// "nota 1 2 3" and "um dois três" in prose stay as they are; what the detectors then
// accept is decided by their own rules, as for a value typed plainly.
//
// Dictated words are read while the view is built (normalize.ts), behind a cheap test for
// three number words in a row. Spaced and broken digits are spotted on the digit
// clusters the detectors need anyway (hidesDigits), and only then is the view rebuilt.
import type { Cluster } from './clusters.js';
import { MapBuilder, type MappedText } from './normalize-map.js';

const MIN_DIGITS = 5;

const WORD = 'zero|um|uma|dois|duas|tr[eê]s|quatro|cinco|seis|meia|sete|oito|nove';
/** Cheap test: three number words in a row, the last two in lower case as dictation is typed. */
export const DICTATED_SOURCE = ` (?:${WORD}),? (?:${WORD}),? (?:${WORD})`;
const MAY_WORDS = new RegExp(DICTATED_SOURCE);

/** Single digits joined by spaces, or by '.', '-', '/' with a space on both sides or none (". " ends a sentence). */
const SPACED = /(?<![\p{L}\p{N}])[0-9](?:(?: {1,2}| [.\-/] |[.\-/])[0-9]){4,}(?![\p{L}\p{N}])/gu;
/**
 * A line break inside a number, where wrapped text breaks it: after a '-' or '/' that
 * follows a digit ("12345-\n6"); inside a document mask broken at its dots
 * ("390.533.\n447-05", "390.533\n.447-05", "12.\n345.678-9"); after a "(11)" area code.
 * A sentence ending in a number ("… 22.", "… 98765-4321.", an IP address) and a number
 * on the next line stay apart.
 */
const BR = String.raw`[ \t]*\r?\n[ \t]*`;
/** The start of a dotted mask: a first group of two or three digits, glued to no word and after no other number (on its line or ending the line before). */
const MASK_HEAD = String.raw`(?<![0-9A-Za-z])(?<![0-9][ .\-/_]|[0-9][.\-/_]?[ \t]*\r?\n[ \t]*)[0-9]{2,3}\.`;
const BREAK = new RegExp(
  [
    `(?<=[0-9][-/])${BR}(?=[0-9])`,
    String.raw`(?<=${MASK_HEAD}[0-9]{3}\.)${BR}(?=[0-9]{3}[.\-/])`,
    String.raw`(?<=${MASK_HEAD})${BR}(?=[0-9]{3}\.[0-9]{3}[.\-/])`,
    String.raw`(?<=${MASK_HEAD}[0-9]{3})${BR}(?=\.[0-9]{3}[.\-/])`,
    String.raw`(?<=\([0-9]{2}\))${BR}(?=[0-9])`,
  ].join('|'),
  'g',
);
/** A line break between groups of four ("4111 1111\n1111 1111", "898 0012\n3456 7890"): read as a space. */
const GROUP_BREAK =
  /(?<=(?<![0-9] ?)[0-9]{3,4} [0-9]{4})[ \t]*\r?\n[ \t]*(?=[0-9]{2,4}(?![0-9]|[.\-/][0-9]))/g;
const TOKEN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(${WORD})|(ponto|tra[cç]o|tracinho|h[ií]fen|barra))(?![\\p{L}\\p{N}])`,
  'giuy',
);
const WORD_RUN = new RegExp(`(?<![\\p{L}\\p{N}])(?:${WORD})(?![\\p{L}\\p{N}])`, 'giu');
const GAP = /[ \t]*[,]?[ \t]+|[ \t]*-[ \t]*/y;

const DIGIT: Record<string, string> = {
  zero: '0',
  um: '1',
  uma: '1',
  dois: '2',
  duas: '2',
  tres: '3',
  três: '3',
  quatro: '4',
  cinco: '5',
  seis: '6',
  meia: '6',
  sete: '7',
  oito: '8',
  nove: '9',
};
const SEP: Record<string, string> = { ponto: '.', barra: '/' };

interface Edit {
  start: number;
  end: number;
  to: string;
}

export function mayHaveDictatedDigits(text: string): boolean {
  return MAY_WORDS.test(text);
}

/** One space-like character, or one '.', '-', '/' with spaces: a gap between digits spelled apart. */
function spacedGap(sep: string): boolean {
  if (sep === ' ') return true;
  if (sep.length === 1 || sep.length > 3) return false;
  let marks = 0;
  for (let k = 0; k < sep.length; k++) {
    const c = sep.charCodeAt(k);
    if (c === 46 || c === 45 || c === 47) marks++;
    else if (c !== 32) return false;
  }
  return marks <= 1;
}

/** '.', '-', '/' or ')'. */
function isMark(c: number): boolean {
  return c === 46 || c === 45 || c === 47 || c === 41;
}

/**
 * Whether the digit clusters show digits spelled apart (five single digits in a row with
 * spaces between) or a line break right after a separator: the cue to rebuild the view
 * with respacedDigits().
 */
export function hidesDigits(text: string, clusters: readonly Cluster[]): boolean {
  for (let ci = 0; ci < clusters.length; ci++) if (hidesDigitsIn(text, clusters[ci]!)) return true;
  return false;
}

/** Whether one cluster shows digits spelled apart or broken across lines (hidesDigits). */
export function hidesDigitsIn(text: string, c: Cluster): boolean {
  const g = c.groups;
  let run = 0;
  let spaced = false;
  for (let k = 0; c.singles >= MIN_DIGITS && k < g.length; k++) {
    if (g[k]!.end - g[k]!.start !== 1) {
      run = 0;
      spaced = false;
      continue;
    }
    if (run > 0 && !spacedGap(g[k]!.sep)) {
      run = 0;
      spaced = false;
    }
    if (run > 0 && g[k]!.sep.includes(' ')) spaced = true;
    run++;
    if (run >= MIN_DIGITS && spaced) return true;
  }
  return breaksAfter(text, c);
}

/** Whether the cluster ends at a line break of one of the BREAK or GROUP_BREAK cases. */
function breaksAfter(text: string, c: Cluster): boolean {
  const g = c.groups;
  const last = g[g.length - 1]!;
  const n = last.end - last.start;
  let e = last.end;
  const after = text.charCodeAt(e);
  const mark = isMark(after);
  if (mark) e++;
  while (text.charCodeAt(e) === 32 || text.charCodeAt(e) === 9 || text.charCodeAt(e) === 13) e++;
  if (text.charCodeAt(e) !== 10) return false;
  e++;
  while (text.charCodeAt(e) === 32 || text.charCodeAt(e) === 9) e++;
  const next = text.charCodeAt(e);
  const digitNext = next >= 48 && next <= 57;
  if ((after === 45 || after === 47) && digitNext) return true;
  // "12." or "390.533": the first groups of a dotted mask.
  const first = g[0]!.end - g[0]!.start;
  const head = g.length === 1 && (n === 2 || n === 3);
  const thousands = g.length === 2 && n === 3 && (first === 2 || first === 3) && last.sep === '.';
  if ((head || thousands) && after === 46 && digitNext) return true;
  if (thousands && !mark && isMark(next)) return true;
  if (n === 2 && text.charCodeAt(last.start - 1) === 40 && after === 41 && digitNext) return true;
  const before = g.length > 1 ? g[g.length - 2]! : null;
  const fours = n === 4 && before !== null && last.sep === ' ' && before.end - before.start >= 3;
  return fours && !mark && digitNext;
}

function spaced(text: string, edits: Edit[]): void {
  SPACED.lastIndex = 0;
  for (let m = SPACED.exec(text); m; m = SPACED.exec(text)) {
    if (!m[0].includes(' ')) continue;
    for (let k = m.index; k < m.index + m[0].length; k++) {
      if (text.charCodeAt(k) === 32) edits.push({ start: k, end: k + 1, to: '' });
    }
  }
}

function breaks(text: string, edits: Edit[]): void {
  BREAK.lastIndex = 0;
  for (let m = BREAK.exec(text); m; m = BREAK.exec(text))
    edits.push({ start: m.index, end: m.index + m[0].length, to: '' });
  GROUP_BREAK.lastIndex = 0;
  for (let m = GROUP_BREAK.exec(text); m; m = GROUP_BREAK.exec(text))
    edits.push({ start: m.index, end: m.index + m[0].length, to: ' ' });
}

/** One dictated run starting at `at`: its edits, or none when it is too short. */
function dictated(text: string, at: number, edits: Edit[]): number {
  const run: Edit[] = [];
  let digits = 0;
  let pos = at;
  let lastEnd = at;
  for (;;) {
    TOKEN.lastIndex = pos;
    const t = TOKEN.exec(text);
    if (t === null) break;
    const word = t[0].toLowerCase();
    if (t[1] !== undefined) {
      run.push({ start: t.index, end: t.index + t[0].length, to: DIGIT[word]! });
      digits++;
    } else {
      // A separator word only between digit words.
      if (digits === 0) break;
      run.push({ start: t.index, end: t.index + t[0].length, to: SEP[word] ?? '-' });
    }
    lastEnd = t.index + t[0].length;
    GAP.lastIndex = lastEnd;
    if (!GAP.test(text)) break;
    pos = GAP.lastIndex;
  }
  while (run.length > 0 && !/[0-9]/.test(run[run.length - 1]!.to)) run.pop();
  if (digits < MIN_DIGITS) return lastEnd;
  // The gaps between the words go; the words become their digits and separators.
  for (let k = 0; k < run.length; k++) {
    edits.push(run[k]!);
    if (k + 1 < run.length) edits.push({ start: run[k]!.end, end: run[k + 1]!.start, to: '' });
  }
  return run[run.length - 1]!.end;
}

function words(text: string, edits: Edit[]): void {
  WORD_RUN.lastIndex = 0;
  for (let m = WORD_RUN.exec(text); m; m = WORD_RUN.exec(text)) {
    WORD_RUN.lastIndex = Math.max(WORD_RUN.lastIndex, dictated(text, m.index, edits));
  }
}

/** The view with dictated digits read as digits, or null when there is none. */
export function dictatedDigits(text: string, base: MappedText | null): MappedText | null {
  const edits: Edit[] = [];
  words(text, edits);
  return applyEdits(text, base, edits);
}

/** The view with digits spelled apart or broken across lines joined, or null when there is none. */
export function respacedDigits(text: string, base: MappedText | null): MappedText | null {
  const edits: Edit[] = [];
  spaced(text, edits);
  breaks(text, edits);
  edits.sort((x, y) => x.start - y.start);
  return applyEdits(text, base, edits);
}

function applyEdits(text: string, base: MappedText | null, edits: Edit[]): MappedText | null {
  if (edits.length === 0) return null;
  const b = new MapBuilder(text, base);
  let pos = 0;
  for (const e of edits) {
    if (e.start < pos) continue;
    b.copy(pos, e.start);
    b.emit(e.to, e.start, e.end);
    pos = e.end;
  }
  b.copy(pos, text.length);
  return b.done();
}
