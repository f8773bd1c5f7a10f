// Viterbi decoding over one run of consecutive candidate tokens. Tokens outside runs
// are O, so each run starts after an O (or the start of the text) and ends before one.
import {
  GAZ_CONTEXT,
  GAZ_FIRST_MASK,
  GAZ_PARTICLE,
  GAZ_SURNAME,
  LEX_ORDINARY,
  TAG_B,
  TAG_I,
  TAG_O,
  TAG_START,
  TAGS,
} from './model.js';
import { hashWord, SHAPE_LOWER, type Tokens, hashSet } from './tokenize.js';

const AND = hashWord('e');

/**
 * Best tag sequence for `m` tokens whose emission scores are `em[t * TAGS + tag]`.
 * `first` says whether the run starts at the first token of the text. Writes tags into
 * `out[0..m)`; `back` is scratch of at least m * TAGS entries.
 */
export function viterbi(
  em: Float32Array | Float64Array,
  m: number,
  trans: Float32Array | Float64Array,
  first: boolean,
  back: Uint8Array,
  out: Uint8Array,
): void {
  const prevRow = (first ? TAG_START : TAG_O) * TAGS;
  let d0 = em[0]! + trans[prevRow]!;
  let d1 = em[1]! + trans[prevRow + 1]!;
  let d2 = Number.NEGATIVE_INFINITY; // I cannot open a name
  for (let t = 1; t < m; t++) {
    const e = t * TAGS;
    // to O
    let b0 = 0;
    let v0 = d0 + trans[0]!;
    let x = d1 + trans[TAGS]!;
    if (x > v0) {
      v0 = x;
      b0 = 1;
    }
    x = d2 + trans[2 * TAGS]!;
    if (x > v0) {
      v0 = x;
      b0 = 2;
    }
    // to B
    let b1 = 0;
    let v1 = d0 + trans[1]!;
    x = d1 + trans[TAGS + 1]!;
    if (x > v1) {
      v1 = x;
      b1 = 1;
    }
    x = d2 + trans[2 * TAGS + 1]!;
    if (x > v1) {
      v1 = x;
      b1 = 2;
    }
    // to I: only after B or I
    let b2 = 1;
    let v2 = d1 + trans[TAGS + 2]!;
    x = d2 + trans[2 * TAGS + 2]!;
    if (x > v2) {
      v2 = x;
      b2 = 2;
    }
    back[e] = b0;
    back[e + 1] = b1;
    back[e + 2] = b2;
    d0 = v0 + em[e]!;
    d1 = v1 + em[e + 1]!;
    d2 = v2 + em[e + 2]!;
  }
  // The token after the run is O.
  d0 += trans[0]!;
  d1 += trans[TAGS]!;
  d2 += trans[2 * TAGS]!;
  let tag = d0 >= d1 && d0 >= d2 ? 0 : d1 >= d2 ? 1 : TAG_I;
  for (let t = m - 1; t >= 0; t--) {
    out[t] = tag;
    if (t > 0) tag = back[t * TAGS + tag]!;
  }
}

/** Calls `visit(start, end)` for each tagged name (a B and the I's after it) in `tags[0..n)`. */
export function eachName(tags: Uint8Array, n: number, visit: (start: number, end: number) => void): void {
  // Nearly every token is O and a dozen rules walk the tags: the native search skips
  // the O's several times faster than a loop in script.
  const view = tags.length === n ? tags : tags.subarray(0, n);
  let i = view.indexOf(TAG_B);
  while (i >= 0) {
    let e = i + 1;
    while (e < n && tags[e] === TAG_I) e++;
    visit(i, e);
    i = e < n ? view.indexOf(TAG_B, e) : -1;
  }
}

/**
 * A title or role word is never the first word of a name: "Dona Zulmira", "Pastor
 * Elias", "Vereador Estadual Luís Boaventura" mask the person only.
 */
export function dropLeadingTitles(tags: Uint8Array, flags: Uint16Array, n: number): void {
  for (let i = 0; i + 1 < n; i++) {
    if (tags[i] === TAG_B && (flags[i]! & GAZ_CONTEXT) !== 0 && tags[i + 1] === TAG_I) {
      tags[i] = TAG_O;
      tags[i + 1] = TAG_B;
    }
  }
}

/**
 * Two detections that are one name: an inverted name at the start of a text, a line or
 * after a label ("Autor: SIQUEIRA, Marcelo Antunes", "bastos, carolina ferreira"), and a
 * name with particles cut at its last "e" ("pedro henrique de bragança e lima").
 */
export function joinNameParts(
  text: string,
  tok: Tokens,
  tags: Uint8Array,
  flags: Uint16Array,
  n: number,
): void {
  for (let i = 0; i + 2 < n; i++) {
    if (tags[i] !== TAG_B || tags[i + 1] === TAG_I) continue;
    const c = text.charCodeAt(tok.start[i + 1]!);
    if (
      c === 0x2c &&
      tags[i + 2] === TAG_B &&
      i + 3 < n &&
      tags[i + 3] === TAG_I &&
      (flags[i]! & GAZ_FIRST_MASK) <= 2 &&
      (flags[i + 2]! & GAZ_FIRST_MASK) >= 3 &&
      startsEntry(text, tok, i)
    ) {
      tags[i + 1] = TAG_I;
      tags[i + 2] = TAG_I;
    }
  }
  for (let i = 0; i + 2 < n; i++) {
    if (tags[i] === TAG_O || tags[i + 1] !== TAG_O || tok.hash[i + 1] !== AND || tags[i + 2] !== TAG_B)
      continue;
    if (i + 3 < n && tags[i + 3] === TAG_I) continue;
    const last = flags[i + 2]!;
    if ((last & GAZ_SURNAME) === 0 || (last & GAZ_FIRST_MASK) > 3) continue;
    let b = i;
    while (b > 0 && tags[b] === TAG_I) b--;
    let particle = false;
    for (let j = b; j < i; j++) if ((flags[j]! & GAZ_PARTICLE) !== 0) particle = true;
    if (!particle) continue;
    tags[i + 1] = TAG_I;
    tags[i + 2] = TAG_I;
  }
}

/** Token i is the first of the text, of a line or after a colon. */
function startsEntry(text: string, tok: Tokens, i: number): boolean {
  if (i === 0) return true;
  const prev = text.charCodeAt(tok.start[i - 1]!);
  if (prev === 0x3a) return true;
  for (let p = tok.end[i - 1]!; p < tok.start[i]!; p++) if (text.charCodeAt(p) === 0x0a) return true;
  return false;
}

/**
 * In prose that capitalises names, a detection made only of lower-case ordinary words of
 * the dictionary that are rare first names at most ("menos severa", "o mar é cristalino",
 * "comerão mel") is a word, not a name. Not after a title ("a dona rosa"). Under
 * `balanced` only.
 */
export function dropLowerWords(
  tok: Tokens,
  tags: Uint8Array,
  flags: Uint16Array,
  lex: Uint8Array,
  n: number,
): void {
  eachName(tags, n, (s, e) => {
    if (s > 0 && (flags[s - 1]! & GAZ_CONTEXT) !== 0) return;
    // After a linking verb the word is what someone is or became ("ficou calado",
    // "estava branco"), even where it is also a surname.
    const predicate = e - s === 1 && s > 0 && LINKING_VERBS.has(tok.hash[s - 1]!);
    for (let i = s; i < e; i++) {
      const f = flags[i]!;
      if (tok.shape[i] !== SHAPE_LOWER || (lex[i]! & LEX_ORDINARY) === 0) return;
      if (!predicate && ((f & GAZ_SURNAME) !== 0 || (f & GAZ_FIRST_MASK) > 3)) return;
    }
    tags.fill(TAG_O, s, e);
  });
}

/** Linking verbs: the word after them says what the subject is, not who ("é", "sou" name people: "meu nome é joão"). */
const LINKING_VERBS = hashSet(
  'fica ficou ficava ficaram ficavam ficam fiquei ficar esta estava estavam estao estou esteve ' +
    'estive estiveram parece parecia pareciam pareceu continua continuava continuou permanece ' +
    'permaneceu permanecia andava andou andam andavam',
);
