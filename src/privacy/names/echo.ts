// Echoes: other mentions of a name already found. The model judges each sentence on its
// own, so "Gerhard Schröder chegou. Schröder disse…" may mask the full name and leak the
// surname alone; a name word found anywhere in the text (or earlier in the same request,
// through NameMemory) marks its other mentions too. Only words that look like names are
// remembered, so a verb or an everyday word the model took for a name does not spread.
import {
  GAZ_CONTEXT,
  GAZ_FIRST_MASK,
  GAZ_SURNAME,
  GAZ_VERB,
  GAZ_HEAD,
  GAZ_ORG,
  GAZ_PARTICLE,
  GAZ_STOP,
  NAME_BITS,
  TAG_B,
  TAG_I,
  TAG_O,
  WORD_BITS,
} from './model.js';
import { eachName } from './decode.js';
import { isSentenceEnd, TEXT_CASED, TEXT_UPPER } from './features.js';
import {
  SHAPE_DIGIT,
  SHAPE_INITIAL,
  SHAPE_LOWER,
  SHAPE_PUNCT,
  SHAPE_UPPER,
  type Tokens,
} from './tokenize.js';

/** Name words and company words (companies.ts) seen earlier in one request, by folded-word hash. One per cleaner. */
export class NameMemory {
  readonly words = new Set<number>();
  readonly companies = new Set<number>();
}

const NOT_NAME = GAZ_PARTICLE | GAZ_STOP | GAZ_CONTEXT;
const MIN_LENGTH = 3;

function isNameWord(tok: Tokens, flags: Uint16Array, i: number): boolean {
  const s = tok.shape[i]!;
  if (s === SHAPE_PUNCT || s === SHAPE_DIGIT || s === SHAPE_INITIAL) return false;
  const f = flags[i]!;
  if ((f & NOT_NAME) !== 0 || tok.end[i]! - tok.start[i]! < MIN_LENGTH) return false;
  // An ordinary word the model tagged (a verb, an adjective) is not remembered; a verb
  // form counts only if it is also a frequent first name or a surname ("Amara").
  if ((f & GAZ_VERB) !== 0) return (f & GAZ_FIRST_MASK) > 2 || (f & GAZ_SURNAME) !== 0;
  return (f & NAME_BITS) !== 0 || (f & WORD_BITS) === 0;
}

/** Part of an address or a handle: "rita@exemplo.com", "rita.souza@", "site.com/rita". */
function glued(text: string, start: number, end: number): boolean {
  const before = start > 0 ? text.charCodeAt(start - 1) : 0x20;
  const after = end < text.length ? text.charCodeAt(end) : 0x20;
  if (before === 0x40 || after === 0x40 || before === 0x2e || before === 0x2f || before === 0x5f) return true;
  if (after !== 0x2e && after !== 0x5f) return false;
  const next = end + 1 < text.length ? text.charCodeAt(end + 1) : 0x20;
  return WORD_CHAR.test(String.fromCharCode(next));
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Adds the name words of the tagged names of two or more words to `known`. A name of one
 * word is too often a company ("a Magna", "Java") to spread: the full name is the evidence.
 */
export function rememberNames(tok: Tokens, flags: Uint16Array, tags: Uint8Array, known: Set<number>): void {
  eachName(tags, tok.count, (start, end) => {
    let words = 0;
    for (let j = start; j < end; j++) if (isNameWord(tok, flags, j)) words++;
    if (words >= 2) for (let j = start; j < end; j++) if (isNameWord(tok, flags, j)) known.add(tok.hash[j]!);
  });
}

/**
 * Tags the untagged mentions of `known` words. A lower-case mention
 * counts only in text that does not capitalise names (chat), and, like any mention in
 * mostly upper-case text, only if the word is in no list of ordinary words: "o tompkins"
 * goes. A capitalised ordinary word at the start of a sentence stays ("Rosa é a cor…").
 * `tc` is the text's case (features.ts, TEXT_*).
 */
export function tagEchoes(
  text: string,
  tok: Tokens,
  flags: Uint16Array,
  tags: Uint8Array,
  known: ReadonlySet<number>,
  tc: number,
): void {
  for (let i = 0; i < tok.count; i++) {
    if (tags[i] !== TAG_O || !known.has(tok.hash[i]!) || !isNameWord(tok, flags, i)) continue;
    const ordinary = (flags[i]! & WORD_BITS) !== 0;
    const s = tok.shape[i]!;
    const caseless = s === SHAPE_LOWER || (tc === TEXT_UPPER && s === SHAPE_UPPER);
    // In prose that capitalises names, a lower-case mention is an ordinary word ("a rosa").
    if (s === SHAPE_LOWER && tc === TEXT_CASED) continue;
    if (ordinary && (caseless || i === 0 || isSentenceEnd(text, tok, i - 1))) continue;
    if (glued(text, tok.start[i]!, tok.end[i]!)) continue;
    // "São Paulo", "Rua Tompkins", "Tompkins Ltda": a place or a company named after the person.
    if (
      (i > 0 && (flags[i - 1]! & GAZ_HEAD) !== 0) ||
      (i + 1 < tok.count && (flags[i + 1]! & GAZ_ORG) !== 0)
    ) {
      continue;
    }
    tags[i] = i > 0 && tags[i - 1] !== TAG_O ? TAG_I : TAG_B;
    // A detected name right behind the echo continues it ("Maria [Tompkins]" → one name).
    if (i + 1 < tok.count && tags[i + 1] === TAG_B) tags[i + 1] = TAG_I;
  }
}
