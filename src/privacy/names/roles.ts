// A lower-case name after an office ("a vereadora dutra sumiu", "o deputado fontes
// prometeu"): in text without capitals the model weighs the word's everyday reading
// ("fontes", "bandeira", "jardim") against the office before it and often keeps the
// word. Tenth round (docs/contributing/privacy-names.md).
import { type Analysis, TEXT_LOWER } from './features.js';
import {
  GAZ_FIRST_MASK,
  GAZ_HEAD,
  GAZ_PARTICLE,
  GAZ_STOP,
  GAZ_SURNAME,
  GAZ_VERB,
  LEX_FREQ_MASK,
  LEX_FREQ_SHIFT,
  NAME_BITS,
  TAG_B,
  TAG_I,
  TAG_O,
} from './model.js';
import { hashWord, SHAPE_LOWER, type Tokens } from './tokenize.js';

/** Elected and appointed offices named before the holder's surname. */
const OFFICES = new Set(
  (
    'vereador vereadora deputado deputada senador senadora prefeito prefeita governador governadora ' +
    'ministro ministra presidente secretario secretaria juiz juiza desembargador desembargadora ' +
    'delegado delegada promotor promotora procurador procuradora'
  )
    .split(' ')
    .map(hashWord),
);

/**
 * In text without capitals, a lower-case word right after an office that is in a name
 * list of any language (first name, surname, international name) is the holder's name,
 * also where it is an everyday word ("o deputado fontes"); an office followed by a
 * function word, a qualifier or an ordinary word in no name list ("o deputado federal",
 * "o juiz responsável") is left alone, and so is a street or a school named after the
 * holder ("avenida presidente vargas"). Under both sensitivities: it only adds names.
 */
export function tagNameAfterOffice(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  if (an.caseOf(tok) !== TEXT_LOWER) return;
  const { flags } = an;
  for (let i = 1; i < n; i++) {
    if (tags[i] !== TAG_O || tok.shape[i] !== SHAPE_LOWER || !OFFICES.has(tok.hash[i - 1]!)) continue;
    const f = flags[i]!;
    if ((f & NAME_BITS) === 0 || (f & (GAZ_STOP | GAZ_PARTICLE)) !== 0) continue;
    if (OFFICES.has(tok.hash[i]!)) continue;
    // "a presidente deu", "o ministro nem": a verb or one of the most frequent words of
    // general text that is also a rare first name is the word.
    if ((f & GAZ_SURNAME) === 0) {
      if ((f & GAZ_VERB) !== 0 && (f & GAZ_FIRST_MASK) <= 2) continue;
      if ((an.lex[i]! & LEX_FREQ_MASK) >= 6 << LEX_FREQ_SHIFT) continue;
    }
    // "avenida presidente vargas": a street named after the office holder.
    if (i > 1 && (flags[i - 2]! & GAZ_HEAD) !== 0) continue;
    tags[i] = TAG_B;
    // "o presidente ali abdullah saleh": the first name joins the name the model found.
    if (i + 1 < n && tags[i + 1] === TAG_B) tags[i + 1] = TAG_I;
  }
}
