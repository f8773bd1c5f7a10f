// Words written in capitals that are not names: acronyms in prose ("o DPIN e o DAIR",
// "CADIN, CAUC, SIAFI") and roman numerals ("incisos IV, X e XXIII"). The lexicon made
// such words look like rare names (a rare first name, a Wiktionary surname), so the model
// reads some of them as people; these rules read what the writer's capitals say.
// docs/contributing/privacy-names.md, ninth round. Under `balanced` only.
import type { Analysis } from './features.js';
import { eachName } from './decode.js';
import {
  GAZ_CONTEXT,
  GAZ_FIRST_MASK,
  GAZ_SURNAME,
  LEX_FREQ_MASK,
  LEX_FREQ_SHIFT,
  NAME_BITS,
  TAG_O,
} from './model.js';
import { SHAPE_CAP, SHAPE_INITIAL, SHAPE_LOWER, SHAPE_MIXED, SHAPE_UPPER, type Tokens } from './tokenize.js';

/** Highest frequency level (0-7) of general text at which a short capitalised word is read as an acronym. */
const ACRONYM_MAX_FREQ = 3;

/**
 * In text that writes in lower case with capitals where names and sentences start, a
 * one-word detection of 3 to 5 letters written all in capitals, between words that are not
 * capitalised, is an acronym ("Ressaltou que o DPIN e o DAIR…", "( CADIN , CAUC , SIAFI )")
 * when general text rarely writes it as a word (frequency level 3 or less) and it is
 * neither a Brazilian surname nor a first name of 10,000+ births. Shouted names stay:
 * "o LULA", "o BOLSONARO" are frequent in general text, "o ACM", "disse FHC" are in the
 * surname list, and so is a surname after a role ("o Deputado BACELAR"). Two letters are
 * left alone ("o MK", "o JK": nicknames).
 */
export function dropAcronyms(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  const { flags, lex } = an;
  eachName(tags, n, (s, e) => {
    if (e - s !== 1 || tok.shape[s] !== SHAPE_UPPER) return;
    const len = tok.end[s]! - tok.start[s]!;
    if (len < 3 || len > 5) return;
    const f = flags[s]!;
    if ((f & GAZ_SURNAME) !== 0 || (f & GAZ_FIRST_MASK) >= 4) return;
    if ((lex[s]! & LEX_FREQ_MASK) > ACRONYM_MAX_FREQ << LEX_FREQ_SHIFT) return;
    if (s > 0 && ((flags[s - 1]! & GAZ_CONTEXT) !== 0 || capitalised(tok.shape[s - 1]!))) return;
    if (e < n && capitalised(tok.shape[e]!)) return;
    tags[s] = TAG_O;
  });
}

/**
 * In any text, also one written all in capitals or all in lower case where the case of a
 * word says nothing, a one-word detection of 3 to 5 letters in capitals or in lower case
 * that no list knows in any way — no name list of Brazil or of any language, no
 * dictionary entry, never seen in general text (frequency level 0) — is an acronym
 * ("IHP + DaVita", "O DPIN E O DAIR", "o rreo e o siops"): a name is rarely that unknown
 * and that short; the first-name lists hold names of fewer than 100 births.
 */
export function dropBareAcronyms(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  const { flags, lex } = an;
  eachName(tags, n, (s, e) => {
    if (e - s !== 1 || (tok.shape[s] !== SHAPE_UPPER && tok.shape[s] !== SHAPE_LOWER)) return;
    const len = tok.end[s]! - tok.start[s]!;
    if (len < 3 || len > 5 || lex[s] !== 0 || (flags[s]! & NAME_BITS) !== 0) return;
    if (s > 0 && (flags[s - 1]! & GAZ_CONTEXT) !== 0) return;
    tags[s] = TAG_O;
  });
}

function capitalised(shape: number): boolean {
  return shape === SHAPE_CAP || shape === SHAPE_UPPER || shape === SHAPE_MIXED || shape === SHAPE_INITIAL;
}

/**
 * A one-word detection that is a roman numeral of two letters or more ("XXIII", "XIV";
 * in lower case only of I, V, X, L and three letters or more: "xxiii", not "mil" or
 * "vi") is a number. A numeral after a name is part of it ("Pio XII"), so only a
 * detection of the numeral alone is dropped.
 */
export function dropRomanNumerals(text: string, tok: Tokens, tags: Uint8Array, n: number): void {
  eachName(tags, n, (s, e) => {
    if (e - s !== 1) return;
    const shape = tok.shape[s]!;
    const word = text.slice(tok.start[s], tok.end[s]);
    if (shape === SHAPE_UPPER && word.length >= 2 && ROMAN.test(word)) tags[s] = TAG_O;
    else if (shape === SHAPE_LOWER && word.length >= 3 && ROMAN_LOWER.test(word)) tags[s] = TAG_O;
  });
}

/** A well-formed roman numeral from 1 to 3999. */
const ROMAN = /^M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/u;
/** In lower case, numerals below 90 only: "mil", "cid", "dim" are words. */
const ROMAN_LOWER = /^(?:xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/u;
