// A name after an office or an occupation ("a vereadora bandeira faltou", "o volante
// eslovênio Katanec"): where the case of a word says nothing (all lower case, all
// capitals) the model weighs the word's everyday reading ("fontes", "bandeira",
// "jardim") against the office before it and often keeps the word; in prose it misses
// surnames no list knows after an occupation the context words do not hold. Tenth round
// (docs/contributing/privacy-names.md).
import { type Analysis, TEXT_CASED, TEXT_LOWER, TEXT_UPPER } from './features.js';
import {
  GAZ_CONTEXT,
  GAZ_FIRST_MASK,
  GAZ_HEAD,
  GAZ_PARTICLE,
  GAZ_STOP,
  GAZ_SURNAME,
  GAZ_VERB,
  LEX_BRAND,
  LEX_DICT_MASK,
  LEX_FREQ_MASK,
  LEX_FREQ_SHIFT,
  LEX_ORDINARY,
  NAME_BITS,
  TAG_B,
  TAG_I,
  TAG_O,
  NOT_PERSON_BITS,
} from './model.js';
import { hashSet, SHAPE_CAP, SHAPE_LOWER, SHAPE_MIXED, SHAPE_UPPER, type Tokens } from './tokenize.js';

/** Elected and appointed offices named before the holder's surname. */
const OFFICES = hashSet(
  'vereador vereadora deputado deputada senador senadora prefeito prefeita governador governadora ' +
    'ministro ministra presidente secretario secretaria juiz juiza desembargador desembargadora ' +
    'delegado delegada promotor promotora procurador procuradora',
);

/**
 * In text without capitals or written in capitals, a word right after an office or an
 * occupation that is in a name list of any language (first name, surname, international
 * name) is the holder's name, also where it is an everyday word ("o deputado fontes");
 * so is a word no list or dictionary knows after an occupation ("o atacante okwuosa"),
 * with the unknown words after it; an office or an occupation followed by a
 * function word, a qualifier or an ordinary word in no name list ("o deputado federal",
 * "o juiz responsável") is left alone, and so is a street or a school named after the
 * holder ("avenida presidente vargas"). Under both sensitivities: it only adds names.
 */
export function tagNameAfterOffice(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  const textCase = an.caseOf(tok);
  // In capitals, as in lower case, the case says nothing: the lists decide.
  const shape = textCase === TEXT_LOWER ? SHAPE_LOWER : textCase === TEXT_UPPER ? SHAPE_UPPER : -1;
  if (shape < 0) return;
  const { flags } = an;
  for (let i = 1; i < n; i++) {
    const f = flags[i]!;
    if (tags[i] !== TAG_O || tok.shape[i] !== shape) continue;
    // A word no list knows, not followed by another (an adjective of nationality before the
    // name: "o volante eslovenio katanec").
    const unknown =
      isUnknown(tok, an, i) && tok.end[i]! - tok.start[i]! >= 4 && !(i + 1 < n && isUnknown(tok, an, i + 1));
    if (((f & NAME_BITS) === 0 && !unknown) || (f & (GAZ_STOP | GAZ_PARTICLE)) !== 0) continue;
    const h = tok.hash[i - 1]!;
    // A word no list knows names a person after an occupation ("o volante katanec"); after
    // an office it may be the office's jargon ("pelo juiz sumariante").
    const office = OFFICES.has(h);
    if (!(office && (f & NAME_BITS) !== 0) && !OCCUPATIONS.has(h)) continue;
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
    // "o presidente ali abdullah saleh": the first name joins the name the model found, or
    // the words no list knows after it.
    if (i + 1 < n && tags[i + 1] === TAG_B) tags[i + 1] = TAG_I;
    for (let j = i + 1; j < n && tags[j] === TAG_O && tok.shape[j] === shape && isUnknown(tok, an, j); j++) {
      tags[j] = TAG_I;
    }
  }
}

/** In no list and unknown to the dictionary. */
function isUnknown(tok: Tokens, an: Analysis, i: number): boolean {
  return tok.shape[i]! <= SHAPE_MIXED && an.flags[i] === 0 && (an.lex[i]! & LEX_DICT_MASK) === 0;
}

/**
 * Occupations written before a person's name in news and prose that the gazetteer's
 * context words do not hold: sport positions, arts, trades ("o arqueiro Zubizarreta", "o
 * volante eslovênio Katanec", "o pintor Spoerri").
 */
const OCCUPATIONS = hashSet(
  'arqueiro goleiro zagueiro lateral volante meia atacante ala avancado tecnico treinador ' +
    'jogador jogadora tenista piloto ciclista pugilista lutador nadador atleta ' +
    'ator atriz cantor cantora compositor compositora pianista violinista maestro musico ' +
    'pintor pintora escultor escultora poeta poetisa escritor escritora romancista cineasta ' +
    'realizador realizadora fotografo fotografa arquiteto arquiteta jornalista economista ' +
    'historiador historiadora filosofo filosofa sociologo sociologa cientista fisico quimico ' +
    'medico medica empresario empresaria banqueiro industrial sindicalista militante ativista ' +
    'chanceler embaixador embaixadora premie ditador general almirante comandante ' +
    'ex-presidente ex-ministro ex-ministra ex-governador ex-deputado ex-jogador',
);

/**
 * In cased text, a capitalised word that no list calls an ordinary word, a place, a
 * firm, a role or a brand, right after an occupation or a role word, or after an
 * occupation with a single lower-case word between them (a nationality: "o volante
 * eslovênio Katanec"), is a name, with the capitalised words after it. Under both
 * sensitivities: it only adds names.
 */
export function tagNameAfterOccupation(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  if (an.textCase !== TEXT_CASED) return;
  const { flags, lex } = an;
  for (let i = 1; i < n; i++) {
    if (tags[i] !== TAG_O || tok.shape[i] !== SHAPE_CAP || (flags[i]! & NOT_PERSON_BITS) !== 0) continue;
    const r = i - 1;
    const adjacent = isRole(tok, flags, r);
    // "o volante eslovênio Katanec": an occupation of the list, then one adjective.
    if (!adjacent && !(r > 0 && isBetween(tok, flags, r) && isOccupation(tok, r - 1))) continue;
    const f = flags[i]!;
    if ((lex[i]! & LEX_DICT_MASK) === LEX_ORDINARY && (f & NAME_BITS) === 0) continue;
    if ((lex[i]! & LEX_BRAND) !== 0 && (f & NAME_BITS) === 0) continue;
    tags[i] = TAG_B;
    for (
      let j = i + 1;
      j < n && tags[j] === TAG_O && tok.shape[j] === SHAPE_CAP && (flags[j]! & NOT_PERSON_BITS) === 0;
      j++
    ) {
      tags[j] = TAG_I;
    }
  }
}

/** Words that cannot stand between a role and a name: verbs, function words, particles. */
const NOT_BETWEEN = GAZ_VERB | GAZ_STOP | GAZ_PARTICLE;

function isOccupation(tok: Tokens, r: number): boolean {
  return r >= 0 && tok.shape[r] === SHAPE_LOWER && OCCUPATIONS.has(tok.hash[r]!);
}

function isRole(tok: Tokens, flags: Uint16Array, r: number): boolean {
  return isOccupation(tok, r) || (tok.shape[r] === SHAPE_LOWER && (flags[r]! & GAZ_CONTEXT) !== 0);
}

function isBetween(tok: Tokens, flags: Uint16Array, r: number): boolean {
  return tok.shape[r] === SHAPE_LOWER && (flags[r]! & NOT_BETWEEN) === 0;
}
