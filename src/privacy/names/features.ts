// Candidate selection and feature extraction, shared by the detector and the trainer so
// that both see exactly the same inputs. Features are 32-bit hashes of (template, value);
// the model maps each to a bucket of three tag weights. Nothing here allocates per token.
import { fold } from './chars.js';
import {
  GAZ_CONTEXT,
  GAZ_FIRST_MASK,
  GAZ_HEAD,
  GAZ_ORG,
  GAZ_PARTICLE,
  GAZ_PLACE,
  GAZ_STOP,
  GAZ_SURNAME,
  gazEntry,
  LEX_BRAND,
  LEX_DICT_MASK,
  LEX_FREQ_MASK,
  LEX_FREQ_SHIFT,
  LEX_GIVEN,
  LEX_ORDINARY,
  LEX_SURNAME,
  NAME_BITS,
  type NameModel,
  WORD_BITS,
} from './model.js';
import {
  SHAPE_CAP,
  SHAPE_DIGIT,
  SHAPE_INITIAL,
  SHAPE_LOWER,
  SHAPE_MIXED,
  SHAPE_PUNCT,
  SHAPE_UPPER,
  hashSet,
  hashWord,
  type Tokens,
} from './tokenize.js';

/** Upper bound on the number of features of one token. */
export const MAX_FEATURES = 56;

const BOS = 0x5bd1e995;
const EOS = 0x1b873593;
const DOT = Math.imul(0x811c9dc5 ^ 0x2e, 0x01000193);

/** Case of the surrounding text: lets the model weigh capitalisation only where it means something. */
const CASE_LOWER = 0;
const CASE_UPPER = 1;
const CASE_MIXED = 2;
const CASE_NONE = 3;

function mix(t: number, v: number): number {
  let h = Math.imul(v ^ Math.imul(t, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function mix2(t: number, a: number, b: number): number {
  return mix(t, Math.imul(a, 0x27d4eb2f) ^ b);
}

function nameNear(flags: Uint16Array, i: number, n: number): boolean {
  return (i > 0 && (flags[i - 1]! & NAME_BITS) !== 0) || (i + 1 < n && (flags[i + 1]! & NAME_BITS) !== 0);
}

/**
 * A frequent ordinary word by the dictionary alone, in no name list of any language
 * ("Curioso", "Mania"): like a common word of the corpora, a candidate only next to a name.
 */
function isPlainWord(x: number): boolean {
  return (
    (x & LEX_DICT_MASK) === LEX_ORDINARY &&
    (x & LEX_FREQ_MASK) >= 4 << LEX_FREQ_SHIFT &&
    (x & (LEX_SURNAME | LEX_GIVEN)) === 0
  );
}

export function isWordShape(s: number): boolean {
  return s <= SHAPE_MIXED;
}

/**
 * Greetings, thanks and farewells of chat. The word right after one (or after one and a
 * comma) is whom the message addresses as often as not, and in chat that is a nickname
 * no list can hold ("oi lê", "valeu ju", "BOM DIA FÊ"): such a word is a candidate
 * whatever it is, and the model, which also sees the greeting, decides.
 */
const GREETINGS = hashSet(
  'oi ola opa eai eae ei alo salve obrigado obrigada brigado brigada obg valeu vlw parabens tchau bjs beijos',
);
/** The second word of a two-word greeting, and the words before it ("bom dia", "e ai"). */
const GREETING_TAILS = hashSet('dia tarde noite ai');
const GREETING_HEADS = hashSet('bom boa e');
const COMMA = hashWord(',');

/** 1 if token i follows a greeting directly or after a comma ("oi lê", "bom dia, fê"). */
export function afterGreeting(tok: Tokens, i: number): number {
  let j = i - 1;
  if (j >= 0 && tok.hash[j] === COMMA) j--;
  if (j < 0 || tok.shape[j] === SHAPE_PUNCT) return 0;
  const h = tok.hash[j]!;
  if (GREETINGS.has(h)) return 1;
  return GREETING_TAILS.has(h) && j > 0 && GREETING_HEADS.has(tok.hash[j - 1]!) ? 1 : 0;
}

/** Slots of the recent-word cache (a power of two). */
const RECENT_MASK = 4095;

/** Per-text analysis: gazetteer flags and the candidate mask for every token. */
export class Analysis {
  /**
   * Recent gazetteer answers by word hash, direct-mapped. The gazetteer is megabytes of
   * table, so each lookup is a cache miss; a few thousand frequent words make most of
   * any text.
   */
  private cacheKey = new Int32Array(RECENT_MASK + 1);
  private cacheEntry = new Int32Array(RECENT_MASK + 1);
  private cachedFor: NameModel | null = null;
  flags = new Uint16Array(256);
  /** Lexicon byte of every token (LEX_*). */
  lex = new Uint8Array(256);
  cand = new Uint8Array(256);
  /** Tokens that are organisation words or initials, in order: where company names may end. */
  orgAt = new Int32Array(256);
  orgCount = 0;
  /**
   * Case of the whole text (TEXT_*), or -1 until known: set by run() when the text has
   * candidates (features() reads it), otherwise by the first caseOf().
   */
  textCase = -1;

  /** The text's case, computed at most once per text. */
  caseOf(tok: Tokens): number {
    if (this.textCase < 0) this.textCase = textCase(tok);
    return this.textCase;
  }

  /** Fills flags and cand for the tokens; returns the number of candidate tokens. */
  run(model: NameModel, tok: Tokens): number {
    const n = tok.count;
    this.textCase = -1;
    if (this.flags.length < n) {
      let size = this.flags.length;
      while (size < n) size *= 2;
      this.flags = new Uint16Array(size);
      this.lex = new Uint8Array(size);
      this.cand = new Uint8Array(size);
      this.orgAt = new Int32Array(size);
    }
    const flags = this.flags;
    const lex = this.lex;
    const cand = this.cand;
    const shape = tok.shape;
    if (this.cachedFor !== model) {
      // An empty slot s holds a key whose own slot is s + 1: no lookup ever matches it.
      for (let s = 0; s <= RECENT_MASK; s++) this.cacheKey[s] = (s + 1) & RECENT_MASK;
      this.cachedFor = model;
    }
    const cacheKey = this.cacheKey;
    const cacheEntry = this.cacheEntry;
    const orgAt = this.orgAt;
    let orgs = 0;
    for (let i = 0; i < n; i++) {
      let entry = 0;
      if (isWordShape(shape[i]!)) {
        const h = tok.hash[i]!;
        const slot = (h ^ (h >>> 13)) & RECENT_MASK;
        if (cacheKey[slot] === h) entry = cacheEntry[slot]!;
        else {
          entry = gazEntry(model, h);
          cacheKey[slot] = h;
          cacheEntry[slot] = entry;
        }
      }
      flags[i] = entry & 0xffff;
      lex[i] = entry >>> 16;
      if ((entry & GAZ_ORG) !== 0 || shape[i] === SHAPE_INITIAL) orgAt[orgs++] = i;
    }
    this.orgCount = orgs;
    // Triggers: words that could be part of a name by themselves or by what precedes them.
    // A capitalised word seen in lower case in ordinary text ("APELAÇÃO", "Contrato") and
    // in no name list is kept only next to a name word: this skips most of the words of
    // all-caps headings without losing "PAULO SALINET DIAS".
    let count = 0;
    for (let i = 0; i < n; i++) {
      const s = shape[i]!;
      const f = flags[i]!;
      let c = 0;
      if (isWordShape(s) && (f & (GAZ_STOP | GAZ_PARTICLE)) === 0) {
        if ((f & NAME_BITS) !== 0) {
          // Rare first names that are also everyday words ("manda", "caiu") only count when capitalised.
          c =
            s !== SHAPE_LOWER || (f & WORD_BITS) === 0 || (f & GAZ_FIRST_MASK) > 2 || (f & GAZ_SURNAME) !== 0
              ? 1
              : 0;
        } else if (s !== SHAPE_LOWER) {
          c = ((f & WORD_BITS) === 0 && !isPlainWord(lex[i]!)) || nameNear(flags, i, n) ? 1 : 0;
        } else if (i > 0 && (flags[i - 1]! & GAZ_CONTEXT) !== 0) c = 1;
        else if ((f & (WORD_BITS | GAZ_ORG)) === 0 && tok.end[i]! - tok.start[i]! >= 3) {
          // An unknown lower-case word may be a name in lower-case text ("o boulos", but not
          // "o moleque", an ordinary word by the dictionary), a
          // surname right after a name word ("joao bolsonaro"), also behind a particle
          // ("ana de carvalhal"). Place words (many are surnames) are left to the model.
          if (
            (f & GAZ_PLACE) === 0 &&
            (lex[i]! & LEX_DICT_MASK) !== LEX_ORDINARY &&
            tok.end[i]! - tok.start[i]! >= 4 &&
            this.caseMode(tok, i) === CASE_LOWER
          ) {
            c = 1;
          } else if (i > 0 && cand[i - 1] === 1) c = 1;
          else if (
            i > 1 &&
            cand[i - 2] === 1 &&
            shape[i - 2] === SHAPE_LOWER &&
            (flags[i - 1]! & GAZ_PARTICLE) !== 0
          ) {
            c = 1;
          }
        }
      }
      if (c === 0 && isWordShape(s) && (f & (GAZ_STOP | GAZ_PARTICLE)) === 0 && afterGreeting(tok, i) === 1)
        c = 1;
      cand[i] = c;
      count += c;
    }
    if (count === 0) return 0;
    this.textCase = textCase(tok);
    // Glue between two candidates: particles ("de", "da", "dos", "e") and the dot of an initial ("J. Silva").
    for (let i = 1; i + 1 < n; i++) {
      if (cand[i] !== 0 || cand[i - 1] === 0 || cand[i + 1] === 0) continue;
      if ((flags[i]! & GAZ_PARTICLE) !== 0 || (tok.hash[i] === DOT && shape[i - 1] === SHAPE_INITIAL)) {
        cand[i] = 2;
        count++;
      }
    }
    return count;
  }

  /** Writes the feature hashes of token i into out; returns how many. */
  features(text: string, tok: Tokens, i: number, out: Int32Array): number {
    const n = tok.count;
    const hash = tok.hash;
    const shape = tok.shape;
    const flags = this.flags;
    const w0 = hash[i]!;
    const wm1 = i > 0 ? hash[i - 1]! : BOS;
    const wm2 = i > 1 ? hash[i - 2]! : BOS;
    const wp1 = i + 1 < n ? hash[i + 1]! : EOS;
    const wp2 = i + 2 < n ? hash[i + 2]! : EOS;
    const s0 = shape[i]!;
    const sm1 = i > 0 ? shape[i - 1]! : 8;
    const sp1 = i + 1 < n ? shape[i + 1]! : 9;
    const g0 = flags[i]!;
    const gm1 = i > 0 ? flags[i - 1]! : 0x100;
    const gp1 = i + 1 < n ? flags[i + 1]! : 0x200;
    const gm2 = i > 1 ? flags[i - 2]! : 0x100;
    const gp2 = i + 2 < n ? flags[i + 2]! : 0x200;
    const cm = this.caseMode(tok, i);
    const start = tok.start[i]!;
    const end = tok.end[i]!;
    const len = end - start;

    let k = 0;
    out[k++] = mix(1, 0);
    out[k++] = mix(2, w0);
    out[k++] = mix(3, wm1);
    out[k++] = mix(4, wp1);
    out[k++] = mix(5, wm2);
    out[k++] = mix(6, wp2);
    out[k++] = mix2(7, wm1, s0);
    out[k++] = mix2(8, wp1, s0);
    out[k++] = mix(9, s0);
    out[k++] = mix2(10, sm1, s0);
    out[k++] = mix2(11, s0, sp1);
    out[k++] = mix2(12, sm1 * 16 + s0, sp1);
    out[k++] = mix(13, g0);
    out[k++] = mix(14, gm1);
    out[k++] = mix(15, gp1);
    out[k++] = mix2(16, gm1, g0);
    out[k++] = mix2(17, g0, gp1);
    out[k++] = mix2(18, gm1 * 65536 + g0, gp1);
    out[k++] = mix2(19, cm, s0);
    out[k++] = mix2(20, cm, g0);
    out[k++] = mix2(21, cm * 16 + s0, g0);
    out[k++] = mix2(22, cm * 16 + sm1, sp1);
    out[k++] = mix2(23, gm2, gp2);
    out[k++] = mix(24, Math.min(len, 12));
    out[k++] = mix2(25, wm1, gp1);
    out[k++] = mix2(26, gm1, wp1);
    out[k++] = mix(27, cm);
    // Whom a greeting addresses ("oi lê", "valeu ju"): the greeting's own word is wm1 or
    // wm2; this says "some greeting" for greetings seldom seen in training.
    if (afterGreeting(tok, i) === 1) out[k++] = mix2(48, s0, g0 & (NAME_BITS | WORD_BITS));
    // The case of the whole text: where capitals are used, a lower-case word is rarely a
    // name ("o mar é cristalino"). Only for lower-case words in such text, so that lower-
    // case and all-caps text are scored as before.
    const tc = this.textCase;
    if (s0 === SHAPE_LOWER && (tc === TEXT_CASED || tc === TEXT_INITIAL_CAPS)) {
      out[k++] = mix2(45, tc, g0 & (NAME_BITS | WORD_BITS));
      out[k++] = mix2(46, tc, cm);
    }
    // Organisation or place words in the sentence around ("a Magna , como empresa
    // controladora", "Indústrias J.B. Duarte", "Escola Godofredo Furtado").
    out[k++] = mix2(47, this.orgNear(tok, i) * 16 + s0, g0 & NAME_BITS);
    // Shape of this word with the next token ("AGTE ." and "MIN ." are abbreviations).
    out[k++] = mix2(35, s0, wp1);
    // At the start of a sentence capitalisation says nothing: the word itself must.
    const initial = i === 0 || isSentenceEnd(text, tok, i - 1) ? 1 : 0;
    k = this.lexFeatures(tok, i, initial, cm, out, k);
    out[k++] = mix2(36, initial * 16 + s0, g0);
    out[k++] = mix2(37, initial * 16 + s0, wp1);
    if (s0 !== SHAPE_PUNCT && s0 !== SHAPE_DIGIT && len >= 3) {
      out[k++] = mix(30, affix(text, end - 3, end));
      out[k++] = mix(31, affix(text, end - 2, end));
      out[k++] = mix(32, affix(text, start, start + 3));
      if (len >= 5) out[k++] = mix(33, affix(text, end - 4, end));
      out[k++] = mix2(34, affix(text, end - 2, end), g0 & GAZ_FIRST_MASK);
      out[k++] = mix2(38, initial, affix(text, end - 3, end));
    }
    return k;
  }

  /**
   * What general word lists say of the word and its neighbours: an ordinary Portuguese
   * word, a proper noun only, or unknown to the dictionary; how frequent; a brand word; a
   * surname or given name in some language ("Kowalczyk", "Lindqvist" are surnames no
   * Brazilian list holds, "Renner" is a brand, "Moro" at a sentence start is a verb form).
   */
  lexFeatures(tok: Tokens, i: number, initial: number, cm: number, out: Int32Array, k: number): number {
    const lex = this.lex;
    const n = tok.count;
    const s0 = tok.shape[i]!;
    const x0 = lex[i]!;
    const kind0 = x0 & ~LEX_FREQ_MASK;
    const dictFreq = x0 & (LEX_DICT_MASK | LEX_FREQ_MASK);
    const dm1 = i > 0 ? lex[i - 1]! & (LEX_DICT_MASK | LEX_BRAND) : 0x100;
    const dp1 = i + 1 < n ? lex[i + 1]! & (LEX_DICT_MASK | LEX_BRAND) : 0x200;
    const g0 = this.flags[i]!;
    out[k++] = mix(60, x0);
    out[k++] = mix2(61, kind0, s0);
    out[k++] = mix2(62, initial * 16 + s0, dictFreq);
    out[k++] = mix2(63, g0 & (NAME_BITS | WORD_BITS), kind0);
    out[k++] = mix2(64, dm1 * 1024 + dp1, (x0 & (LEX_DICT_MASK | LEX_SURNAME | LEX_GIVEN)) * 16 + s0);
    out[k++] = mix2(65, cm * 16 + s0, dictFreq);
    if (s0 === SHAPE_LOWER) out[k++] = mix2(66, this.textCase, dictFreq | (x0 & LEX_BRAND));
    return k;
  }

  /** 1 if an organisation word and 2 if a head word (street, school, shop) is within six tokens. */
  orgNear(tok: Tokens, i: number): number {
    const flags = this.flags;
    const lo = Math.max(i - 6, 0);
    const hi = Math.min(i + 7, tok.count);
    let r = 0;
    for (let j = lo; j < hi; j++) {
      if (j === i) continue;
      const f = flags[j]!;
      if ((f & GAZ_ORG) !== 0) r |= 1;
      if ((f & GAZ_HEAD) !== 0) r |= 2;
    }
    return r;
  }

  /**
   * Case of the nearby words (four either side, ignoring this token, punctuation and
   * particles): all lower case (chat), all upper case (legal headings) or mixed (prose).
   */
  caseMode(tok: Tokens, i: number): number {
    const shape = tok.shape;
    const flags = this.flags;
    const lo = Math.max(i - 4, 0);
    const hi = Math.min(i + 5, tok.count);
    let lower = 0;
    let upper = 0;
    let cap = 0;
    for (let j = lo; j < hi; j++) {
      if (j === i || (flags[j]! & GAZ_PARTICLE) !== 0) continue;
      const s = shape[j]!;
      if (s === SHAPE_LOWER) lower++;
      else if (s === SHAPE_UPPER) upper++;
      else if (s === SHAPE_CAP || s === SHAPE_MIXED) cap++;
    }
    if (lower + upper + cap === 0) return CASE_NONE;
    if (upper === 0 && cap === 0) return CASE_LOWER;
    if (lower === 0 && cap === 0) return CASE_UPPER;
    return CASE_MIXED;
  }
}

export const TEXT_LOWER = 0;
export const TEXT_INITIAL_CAPS = 1;
export const TEXT_CASED = 2;
export const TEXT_UPPER = 3;

/**
 * Case of the whole text: no capitals (chat, lower-cased copies), capitals only where a
 * sentence may start (first word, after punctuation), capitals inside sentences too
 * (ordinary prose), or mostly upper case.
 */
export function textCase(tok: Tokens): number {
  if (tok.upperWords > tok.lowerWords) return TEXT_UPPER;
  if (tok.capsInside > 0) return TEXT_CASED;
  return tok.upperWords === 0 && tok.capWords === 0 ? TEXT_LOWER : TEXT_INITIAL_CAPS;
}

/** Token j ends a sentence: . ! ? : ; or a line break right after it. */
export function isSentenceEnd(text: string, tok: Tokens, j: number): boolean {
  const c = text.charCodeAt(tok.start[j]!);
  if (tok.shape[j] === SHAPE_PUNCT && (c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3a || c === 0x3b)) {
    return true;
  }
  const e = tok.end[j]!;
  return e < text.length && text.charCodeAt(e) === 0x0a;
}

function affix(text: string, from: number, to: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = from; i < to; i++) h = Math.imul(h ^ fold(text.charCodeAt(i)), 0x01000193);
  return h;
}
