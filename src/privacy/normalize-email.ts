// Spelled e-mail separators in the normalised view: "ana arroba gmail ponto com",
// "ana [at] empresa [dot] com [dot] br", "ana at x dot com", "ana@gmail ponto com"
// read as the address they spell, and so does one typed with spaces around its "@" or
// its dots ("renata . barros @ gmail . com", "renata.barros @gmail.com"); a dot is taken
// as spaced only with blanks on both sides, so a full stop after an address stays one. Only rewritten where the result has an address's
// shape: a local part, "@", two or more domain labels, and a plausible top-level label
// after a spelled dot (a known generic one or two letters), so "ponto final" and
// "preço da arroba do boi" stay prose. The e-mail detector then validates as usual.
import { MapBuilder, type MappedText } from './normalize-map.js';

/**
 * Spelled forms of "@". The bare English " at " needs spaces on both sides. Cases
 * spelled out instead of the i flag, which makes scans slower.
 */
const SPELLED_AT_SOURCE =
  '[aA][rR][rR][oO][bB][aA]|[[({]\\s*(?:[aA][tT]|[aA][rR][rR][oO][bB][aA])\\s*[\\])}]|\\s[aA][tT]\\s';
const SPELLED_AT = new RegExp(SPELLED_AT_SOURCE, 'g');
/** A cheap prefilter for SPELLED_AT: "arrob", or "at" before a space or closing bracket. */
export const MAY_SPELL_AT_SOURCE = '[aA](?:[rR][rR][oO][bB]|[tT][\\s\\])}])';
const MAY_SPELL_AT = new RegExp(MAY_SPELL_AT_SOURCE);
/** After a real "@": a domain label followed by a spelled or spaced dot. */
const SPELLED_DOT_AHEAD =
  /[\p{L}\p{N}.-]+(?:[ \t]*(?:[[({][ \t]*)?(?:ponto|dot)(?![\p{L}\p{N}])|[ \t]+\.[ \t]+\p{L})/iuy;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const DOT = /[ \t]*[[({][ \t]*(?:dot|ponto)[ \t]*[\])}][ \t]*|[ \t]+(?:ponto|dot)[ \t]+|[ \t]+\.[ \t]+|\./iy;
/** A dot with blanks on both sides, ending where a local part's next piece starts. */
const SPACED_DOT_BEFORE = /[\p{L}\p{N}_%+-][ \t]+\.[ \t]+$/u;
const LABEL = /[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?/uy;
const LOCAL_CHAR = /[\p{L}\p{N}._%+-]/u;
const ASCII_LETTERS = /^[A-Za-z]{2,24}$/;
const TLDS = new Set([
  'com',
  'net',
  'org',
  'gov',
  'edu',
  'mil',
  'info',
  'biz',
  'adv',
  'jus',
  'app',
  'dev',
  'tech',
  'online',
  'site',
  'store',
  'digital',
  'email',
]);
/** Words written before a handle ("valeu @maria", "cc @joao.dev"), never a local part. */
const NOT_A_LOCAL_PART = new Set([
  'para',
  'pra',
  'com',
  'por',
  'valeu',
  'obrigado',
  'obrigada',
  'ola',
  'olá',
  'cco',
  'fala',
  'thanks',
  'and',
  'for',
]);
/** Country labels that end an address after a dot typed between blanks. */
const COUNTRY = new Set(['br', 'pt', 'io', 'co', 'uk', 'us', 'ar']);
/** Words that start prose, not a domain: "investors at the dot com bubble". */
const NOT_A_DOMAIN = new Set([
  'the',
  'a',
  'an',
  'o',
  'os',
  'as',
  'um',
  'uma',
  'da',
  'do',
  'de',
  'dos',
  'das',
  'na',
  'no',
]);

interface Edit {
  start: number;
  end: number;
  to: string;
}

function skipBlanks(text: string, i: number, step: 1 | -1): number {
  let k = i;
  while (true) {
    const c = text.charCodeAt(step === 1 ? k : k - 1);
    if (c !== 32 && c !== 9) return k;
    k += step;
  }
}

/** The edits that turn one spelled address at the '@'-like token [at, atEnd) into its plain form. */
function readAddress(text: string, at: number, atEnd: number, edits: Edit[]): number {
  const token = text.slice(at, atEnd);
  const real = token === '@';
  const english = !real && /^\sat\s$/i.test(token);
  const spaced = real && (isBlank(text.charCodeAt(at - 1)) || isBlank(text.charCodeAt(atEnd)));
  const a = real && !spaced ? at : skipBlanks(text, at, -1);
  const b = real && !spaced ? atEnd : skipBlanks(text, atEnd, 1);
  let s = a;
  while (s > 0 && LOCAL_CHAR.test(text[s - 1]!)) s--;
  // "renata . barros @ gmail . com": the local part's pieces across spaced dots.
  const localDots: Edit[] = [];
  while (spaced && s > 0) {
    const m = SPACED_DOT_BEFORE.exec(text.slice(Math.max(0, s - 16), s));
    if (m === null) break;
    const dotStart = s - m[0].length + 1;
    localDots.unshift({ start: dotStart, end: s, to: '.' });
    s = dotStart;
    while (s > 0 && LOCAL_CHAR.test(text[s - 1]!)) s--;
  }
  while (s < a && '.+-'.includes(text[s]!)) s++;
  if (s === a || text[s - 1] === '@') return -1;
  // Before a spaced "@", a short word or a word of the sentence is no local part: "valeu
  // @maria e @joao.dev" greets two handles.
  if (spaced && (a - s < 3 || NOT_A_LOCAL_PART.has(text.slice(s, a).toLowerCase()))) return -1;
  const labels: { start: number; end: number; spelled: boolean; spacedDot: boolean }[] = [];
  const dots: Edit[] = [];
  LABEL.lastIndex = b;
  if (!LABEL.test(text)) return -1;
  const first = text.slice(b, LABEL.lastIndex).toLowerCase();
  if (NOT_A_DOMAIN.has(first)) return -1;
  let pos = LABEL.lastIndex;
  for (;;) {
    DOT.lastIndex = pos;
    if (!DOT.test(text)) break;
    const dotEnd = DOT.lastIndex;
    LABEL.lastIndex = dotEnd;
    if (!LABEL.test(text)) break;
    const spelled = dotEnd - pos > 1;
    if (spelled) dots.push({ start: pos, end: dotEnd, to: '.' });
    const spacedDot = spelled && text.slice(pos, dotEnd).trim() === '.';
    labels.push({ start: dotEnd, end: LABEL.lastIndex, spelled, spacedDot });
    pos = LABEL.lastIndex;
  }
  // The address ends at the last label that can be a top-level one.
  let k = labels.length - 1;
  for (; k >= 0; k--) {
    const label = text.slice(labels[k]!.start, labels[k]!.end);
    if (!ASCII_LETTERS.test(label)) continue;
    const known = TLDS.has(label.toLowerCase());
    // After a dot between blanks, a word of the next sentence is as likely ("… . se precisar").
    if (labels[k]!.spacedDot) {
      if (known || COUNTRY.has(label.toLowerCase())) break;
      continue;
    }
    // Around a spaced "@" the address must end in a known top-level label too: "no insta
    // @joao.silva" is a handle, not "insta@joao.silva".
    if (!(labels[k]!.spelled || spaced) || label.length === 2 || known) break;
  }
  if (k < 0) return -1;
  const used = dots.filter((d) => d.end <= labels[k]!.end);
  if (english ? used.length === 0 : real && !spaced && used.length === 0) return -1;
  edits.push(...localDots.filter((d) => d.start >= s));
  if (!real || spaced) edits.push({ start: a, end: b, to: '@' });
  edits.push(...used);
  return labels[k]!.end;
}

/** Real "@"s with blanks around them, or followed by a domain label and a spelled dot. */
function atsBeforeSpelledDots(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    if (isBlank(text.charCodeAt(at - 1)) || isBlank(text.charCodeAt(at + 1))) {
      // Only where an address may be: a cue here makes the whole text be read again.
      if (spacedAtMayRead(text, at)) out.push([at, at + 1]);
      continue;
    }
    SPELLED_DOT_AHEAD.lastIndex = at + 1;
    if (SPELLED_DOT_AHEAD.test(text)) out.push([at, at + 1]);
  }
  return out;
}

/** A spaced "@" with a local part of three characters or more before it and a dotted label after it. */
function spacedAtMayRead(text: string, at: number): boolean {
  const a = skipBlanks(text, at, -1);
  let s = a;
  while (s > 0 && a - s < 3 && LOCAL_CHAR.test(text[s - 1]!)) s--;
  if (a - s < 3) return false;
  SPACED_DOMAIN.lastIndex = skipBlanks(text, at + 1, 1);
  return SPACED_DOMAIN.test(text);
}
const SPACED_DOMAIN = /[\p{L}\p{N}-]+(?:[ \t]+)?\.(?:[ \t]+)?[\p{L}]/uy;

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/** Whether the text may hold a spelled address: a spelled "@", or a real one before a spelled dot. */
export function mayHaveSpelledAddress(text: string): boolean {
  return MAY_SPELL_AT.test(text) || hasAtBeforeSpelledDot(text);
}

/** A real "@" followed by a domain label and a spelled dot. */
export function hasAtBeforeSpelledDot(text: string): boolean {
  return atsBeforeSpelledDots(text).length > 0;
}

/** The view with spelled addresses rewritten, or null when there is none. */
export function spelledEmails(text: string, base: MappedText | null): MappedText | null {
  const tokens = atsBeforeSpelledDots(text);
  SPELLED_AT.lastIndex = 0;
  for (let m = SPELLED_AT.exec(text); m; m = SPELLED_AT.exec(text)) {
    const end = m.index + m[0].length;
    // "arroba" as a word, not inside one.
    const word = m[0][0] === 'a' || m[0][0] === 'A';
    if (word && (WORD_CHAR.test(text[m.index - 1] ?? '') || WORD_CHAR.test(text[end] ?? ''))) continue;
    tokens.push([m.index, end]);
  }
  if (tokens.length === 0) return null;
  tokens.sort((x, y) => x[0] - y[0]);
  const edits: Edit[] = [];
  let next = 0;
  for (const [start, end] of tokens) {
    if (start < next) continue;
    next = Math.max(end, readAddress(text, start, end, edits));
  }
  if (edits.length === 0) return null;
  const b = new MapBuilder(text, base);
  let pos = 0;
  for (const e of edits) {
    b.copy(pos, e.start);
    b.emit(e.to, e.start, e.end);
    pos = e.end;
  }
  b.copy(pos, text.length);
  return b.done();
}
