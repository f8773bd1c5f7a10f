// The normalised view the detectors read: what a person sees, not how it was typed.
// NFKC (full-width and small forms, ligatures, composed accents), invisible characters
// removed (zero-width, soft hyphen, BOM, bidi controls, word joiner, variation
// selectors), every Unicode decimal digit (\p{Nd}: Arabic-Indic, Devanagari,
// mathematical…) as an ASCII digit, dash variants as '-', space variants as ' ',
// ideographic and full-width dots as '.', full-width and small '@' as '@'; then digits
// dictated as words (normalize-digits.ts); then spelled e-mail separators ("arroba",
// "[dot]"…) where they make an address (normalize-email.ts). Digits spelled apart or
// broken across lines are joined afterwards, once the clusters show them
// (registry.ts, analyseText).
//
// ASCII and Latin-1 are left as they are (except NBSP and the soft hyphen): NFKC only
// changes typographic signs there (ª º ´ ¨ ¹ ² ³ ¼), none of which can be part of an
// identifier, and leaving them lets most Portuguese text skip the view entirely.
// NFKC results that contain digits although the source had no decimal digit
// (superscripts, circled numbers, fractions: "10²", "①", "½") keep the source: turning
// them into digits would glue them to the digits around them.
import { CUE_DICTATED, CUE_SPECIAL, CUE_SPELLED_AT, scanCues } from './normalize-cues.js';
import { dictatedDigits } from './normalize-digits.js';
import { spelledEmails } from './normalize-email.js';
import { MapBuilder, type MappedText } from './normalize-map.js';

export { type MappedText, originalSpan } from './normalize-map.js';

/** Characters the view may change. Without the u flag, astral characters match as surrogates. */
const SPECIAL = /[\u00a0\u00ad\u0100-\uffff]/g;

function isInvisible(cp: number): boolean {
  if (cp < 0x2000) {
    return (
      cp === 0xad ||
      cp === 0x34f ||
      cp === 0x61c ||
      cp === 0x115f ||
      cp === 0x1160 ||
      cp === 0x17b4 ||
      cp === 0x17b5 ||
      (cp >= 0x180b && cp <= 0x180f)
    );
  }
  if (cp < 0x2100)
    return (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f);
  return (
    cp === 0x3164 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0xe0000 && cp <= 0xe007f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}
const DASHES = new Set([0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0xfe58, 0xfe63, 0xff0d]);
const SPACES = new Set([
  0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
  0x202f, 0x205f, 0x3000,
]);
const DOTS = new Set([0x3002, 0xff0e, 0xff61, 0xfe52]);
const ATS = new Set([0xff20, 0xfe6b]);
const ND = /\p{Nd}/u;
const MARK = /\p{M}/u;
const ASCII_DIGIT = /[0-9]/;

const digitCache = new Map<number, string>();

/** The ASCII digit of a \p{Nd} code point, or null. Decimal digits come in runs of 0–9 (Unicode stability policy). */
export function asciiDigit(cp: number): string | null {
  if (cp >= 48 && cp <= 57) return String.fromCharCode(cp);
  if (cp < 0x660) return null;
  const known = digitCache.get(cp);
  if (known !== undefined) return known === '' ? null : known;
  let d: string | null = null;
  if (ND.test(String.fromCodePoint(cp))) {
    let first = cp;
    while (ND.test(String.fromCodePoint(first - 1))) first--;
    d = String((cp - first) % 10);
  }
  if (digitCache.size > 4096) digitCache.clear();
  digitCache.set(cp, d ?? '');
  return d;
}

/** A single code point's replacement, or null when NFKC decides. */
function mapCodePoint(cp: number): string | null {
  if (DASHES.has(cp)) return '-';
  if (SPACES.has(cp)) return ' ';
  if (DOTS.has(cp)) return '.';
  if (ATS.has(cp)) return '@';
  if (isInvisible(cp)) return '';
  return asciiDigit(cp);
}

const clusterCache = new Map<string, string>();

/** A code point and the combining marks after it, as the view shows it. */
function normaliseCluster(cluster: string): string {
  const cached = clusterCache.get(cluster);
  if (cached !== undefined) return cached;
  let r = cluster.normalize('NFKC');
  if (ASCII_DIGIT.test(r) && !ND.test(cluster)) r = cluster;
  let out = '';
  for (const ch of r) out += mapCodePoint(ch.codePointAt(0)!) ?? ch;
  if (clusterCache.size > 4096) clusterCache.clear();
  clusterCache.set(cluster, out);
  return out;
}

function codePointLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const n = text.charCodeAt(i + 1);
    if (n >= 0xdc00 && n <= 0xdfff) return 2;
  }
  return 1;
}

/** Whether each BMP code unit is a combining mark, as MARK says: 0 not known yet, 1 yes, 2 no. */
const markMemo = new Uint8Array(0x10000);

function isMarkAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  // Also false past the end (NaN).
  if (!(c >= 0x300)) return false;
  if (c >= 0xd800 && c <= 0xdfff) return MARK.test(String.fromCodePoint(text.codePointAt(i)!));
  if (markMemo[c] === 0) markMemo[c] = MARK.test(String.fromCharCode(c)) ? 1 : 2;
  return markMemo[c] === 1;
}

/** The view of a lone BMP character with no mark after it: its replacement, or null to copy it. */
const loneMemo = new Map<number, string | null>();

function lone(c: number): string | null {
  let out = loneMemo.get(c);
  if (out === undefined) {
    const ch = String.fromCharCode(c);
    const mapped = mapCodePoint(c);
    out = mapped ?? normaliseCluster(ch);
    if (mapped === null && out === ch) out = null;
    if (loneMemo.size > 4096) loneMemo.clear();
    loneMemo.set(c, out);
  }
  return out;
}

function isDigitAt(text: string, i: number): boolean {
  if (i >= text.length) return false;
  const c = text.charCodeAt(i);
  if (c >= 48 && c <= 57) return true;
  return c >= 0x660 && asciiDigit(text.codePointAt(i)!) !== null;
}

/** The character-level view, or null when the text has nothing to change. */
function normaliseChars(text: string): MappedText | null {
  const b = new MapBuilder(text, null);
  let pos = 0;
  let changed = false;
  SPECIAL.lastIndex = 0;
  // test() and lastIndex, not exec(): no match object per character.
  while (SPECIAL.test(text)) {
    let start = SPECIAL.lastIndex - 1;
    const c = text.charCodeAt(start);
    // The common case (a no-break space, a dash, a curly quote): one BMP character that is
    // no mark, with no mark after it; its view is remembered per character.
    if (c !== 0xad && (c < 0xd800 || c > 0xdfff) && !isMarkAt(text, start) && !isMarkAt(text, start + 1)) {
      b.copy(pos, start);
      const out = lone(c);
      if (out === null) b.copy(start, start + 1);
      else {
        b.emit(out, start, start + 1);
        changed = true;
      }
      pos = start + 1;
      continue;
    }
    // A combining mark composes with the (already copied) character before it.
    if (start > pos && isMarkAt(text, start)) start--;
    let end = start + codePointLength(text, start);
    while (end < text.length && isMarkAt(text, end)) end += codePointLength(text, end);
    b.copy(pos, start);
    const cp = text.codePointAt(start)!;
    if (cp === 0xad && end === start + 1) {
      // A soft hyphen between digits was typed as a separator ("529­982­247­25").
      const last = b.lastCode();
      if (last >= 48 && last <= 57 && isDigitAt(text, end)) b.emit('-', start, end);
      changed = true;
    } else {
      const single = end - start === codePointLength(text, start) ? mapCodePoint(cp) : null;
      const out = single ?? normaliseCluster(text.slice(start, end));
      if (single === null && out.length === end - start && out === text.slice(start, end)) b.copy(start, end);
      else {
        b.emit(out, start, end);
        changed = true;
      }
    }
    pos = end;
    SPECIAL.lastIndex = end;
  }
  if (!changed) return null;
  b.copy(pos, text.length);
  return b.done();
}

/**
 * The normalised view of `text`, or null when it equals the text (the common case,
 * decided by one scan for all the stages' cues, normalize-cues.ts). Offsets of the view
 * map back through `originalSpan`.
 */
export function normalisedView(text: string): MappedText | null {
  const cues = scanCues(text, true);
  if (cues === 0) return null;
  const chars = cues & CUE_SPECIAL ? normaliseChars(text) : null;
  const t = chars ? chars.text : text;
  // A special character stopped the first scan: the stages' cues are asked of the view.
  const tCues = cues & CUE_SPECIAL ? scanCues(t, false) : cues;
  const digits = (tCues & CUE_DICTATED ? dictatedDigits(t, chars) : null) ?? chars;
  const u = digits ? digits.text : text;
  const uCues = digits === chars ? tCues : scanCues(u, false);
  const spelled = uCues & CUE_SPELLED_AT ? spelledEmails(u, digits) : null;
  return spelled ?? digits;
}
