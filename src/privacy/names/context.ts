// Decoding rules that read a word's context where the model's scores are known to be
// wrong for a whole class of sentences (docs/contributing/privacy-names.md, eighth round): a very
// common first name before where the person works, a place word in a list of places, a
// surname alone after "de" in prose, a whole place name, a frequent ordinary word
// shouted at the start of a sentence; and (ninth round) a saint after "Sta."/"Sto.".
// Each is a plain test on flags, shapes and tags.
import { type Analysis, isSentenceEnd, TEXT_CASED } from './features.js';
import {
  GAZ_CONTEXT,
  GAZ_FIRST_MASK,
  GAZ_HEAD,
  GAZ_ORG,
  GAZ_PLACE,
  GAZ_PARTICLE,
  GAZ_PLACE_NAME,
  GAZ_INTL,
  gazEntry,
  gazLookup,
  GENDER_MASCULINE,
  GAZ_SURNAME,
  LEX_DICT_MASK,
  LEX_FREQ_MASK,
  LEX_FREQ_SHIFT,
  LEX_ORDINARY,
  LEX_PROPER,
  NAME_BITS,
  type NameModel,
  TAG_B,
  TAG_I,
  TAG_O,
  WORD_BITS,
} from './model.js';
import { eachName } from './decode.js';
import {
  hashWord,
  SHAPE_CAP,
  SHAPE_DIGIT,
  SHAPE_LOWER,
  SHAPE_MIXED,
  SHAPE_UPPER,
  type Tokens,
  hashSet,
} from './tokenize.js';

/** Articles, alone or joined to a preposition ("à" folds to "a"): "a Maria", "pro João", "pela Ana". */
const ARTICLES = hashSet('o a do da no na ao pelo pela pro pra');
/** "do"/"da" before where someone works or lives: "do RH", "da portaria", "do 302". */
const OF = hashSet('do da dos das');
/** "de" and its contractions, before whose act it was: "a posição de Brandão". */
const OF_DE = hashSet('de do da dos das');
const COMMA = hashWord(',');
const DOT = hashWord('.');
/** "Sta." and "Sto.", abbreviations of Santa and Santo. */
const SAINT = hashSet('sta sto');
/** Feminine articles and determiners, alone or joined to a preposition: "a", "da", "pela", "numa". */
const FEMININE = hashSet(
  'a da na pela uma numa duma esta essa aquela desta dessa daquela nesta nessa naquela',
);
/**
 * Where a bare "a" is the article: at a sentence's or clause's start and after these
 * words. After a verb or a noun it is also the preposition "to" ("disse a Pedro", "em
 * substituição a Carlinhos"), which any name may follow.
 */
const BEFORE_ARTICLE_A = hashSet('entre que com contra sobre segundo para como , ( « " : ;');
const A = hashWord('a');
/** Words that name a kind of place before its name: "município de Raul Soares". */
const PLACE_KINDS = hashSet(
  'municipio municipios cidade cidades comarca comarcas distrito estado prefeitura camara',
);
/** Separators of a list's items. */
const LIST_GLUE = hashSet(', e ou');

/**
 * A very common first name (100,000+ births) after an article and before "do"/"da" is a
 * person named by where they work or live ("Fale com a Maria do RH", "o Paulo da TI",
 * "pergunte ao carlos do juridico"). The model reads such words as one organisation's
 * or place's name ("Banco do Brasil"), the more so since the dictionary lists "maria",
 * "joão" and "paulo" as ordinary words. A name the model tagged is left as it is ("a
 * Maria do Carmo ligou"). In lower case or capitals a first name that is also an
 * everyday word is left to the model ("a rosa do jardim", "a clara do ovo");
 * capitalised after the article it is a name ("o Marcos do SAC").
 */
export function tagNameBeforeWorkplace(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  const { flags, lex } = an;
  for (let i = 1; i + 2 < n; i++) {
    const f = flags[i]!;
    if (tags[i] !== TAG_O || (f & GAZ_FIRST_MASK) < 5 || (f & GAZ_ORG) !== 0) continue;
    if (!ARTICLES.has(tok.hash[i - 1]!) || !OF.has(tok.hash[i + 1]!)) continue;
    if (tags[i + 2] !== TAG_O || !workplaceWord(tok, lex, i + 2)) continue;
    if (tok.shape[i] !== SHAPE_CAP && !plainFirstName(f, lex[i]!)) continue;
    tags[i] = TAG_B;
    // A name after "da" goes on it: "a MARIA DAS ESTEVES", "a MARIA DAS DORES".
    if (nameGoesOn(flags[i + 2]!)) {
      tags[i + 1] = TAG_I;
      tags[i + 2] = TAG_I;
    }
  }
}

/**
 * A surname or a first name after "da" goes on the name ("Maria das Dores"), unless it
 * is also an organisation or head word ("do Banco", "da Rua").
 */
function nameGoesOn(f: number): boolean {
  return ((f & GAZ_SURNAME) !== 0 || (f & GAZ_FIRST_MASK) >= 2) && (f & (GAZ_ORG | GAZ_HEAD)) === 0;
}

/**
 * What may follow "do"/"da" in "a Maria do ___": a lower-case word, a number or an
 * acronym ("RH", "TI", "SAC"). A capitalised word goes on a company's or a place's name
 * ("a Rosa dos Ventos Ltda", "a Carolina do Norte"), and so does, in capitals, a proper
 * noun of the dictionary ("A CAROLINA DO NORTE").
 */
function workplaceWord(tok: Tokens, lex: Uint8Array, j: number): boolean {
  const shape = tok.shape[j]!;
  if (shape === SHAPE_LOWER || shape === SHAPE_DIGIT) return true;
  if (shape !== SHAPE_UPPER) return false;
  return tok.end[j]! - tok.start[j]! <= 3 || (lex[j]! & LEX_PROPER) === 0;
}

/**
 * A first name that is not also an everyday word: never seen in ordinary lower-case use,
 * and not a dictionary word unless it is among the most frequent names (1,000,000+).
 */
function plainFirstName(f: number, x: number): boolean {
  if ((f & WORD_BITS) !== 0) return false;
  return (x & LEX_DICT_MASK) !== LEX_ORDINARY || (f & GAZ_FIRST_MASK) === 6;
}

/**
 * Items of one list are of one kind: a one-word detection that is a place word ("Viena")
 * in a list whose other items the model left alone, one of them at least a place
 * ("Visitamos Florença, Veneza e Viena"), is a place too. A known surname or a first
 * name of 1,000+ births is left to the model. Under `balanced` only.
 */
export function dropPlaceInPlaceList(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  const flags = an.flags;
  eachName(tags, n, (s, e) => {
    if (e - s !== 1) return;
    const f = flags[s]!;
    if ((f & GAZ_PLACE) === 0 || (f & GAZ_SURNAME) !== 0 || (f & GAZ_FIRST_MASK) > 2) return;
    let places = 0;
    for (let j = s - 1; j >= 1 && LIST_GLUE.has(tok.hash[j]!); j -= 2) {
      if (!leftAlone(tok, tags, j - 1)) return;
      places += flags[j - 1]! & GAZ_PLACE;
    }
    for (let j = s + 1; j + 1 < n && LIST_GLUE.has(tok.hash[j]!); j += 2) {
      if (!leftAlone(tok, tags, j + 1)) return;
      places += flags[j + 1]! & GAZ_PLACE;
    }
    if (places > 0) tags[s] = TAG_O;
  });
}

/** A capitalised word the model did not take for a name. */
function leftAlone(tok: Tokens, tags: Uint8Array, j: number): boolean {
  const shape = tok.shape[j]!;
  return tags[j] === TAG_O && (shape === SHAPE_CAP || shape === SHAPE_UPPER);
}

/**
 * Bias added to the name scores of a surname alone after "de" in prose (see
 * isSurnameAfterDe), in model score units: twice STRICT_BIAS, chosen on the dev sets
 * (two names more, no false alarm more; at three times a city came in).
 */
export const SURNAME_AFTER_DE_BIAS = 16;

/**
 * A capitalised word of the Brazilian surname list, alone (no capitalised neighbour),
 * right after "de" ("do", "da"…) inside a sentence of prose that capitalises names, that the
 * dictionary also accepts as an ordinary word: "A posição de Brandão foi criticada",
 * "a decisão de Salgado". The lexicon's "ordinary word" pulls such surnames below the
 * model's threshold although the writer's capital says otherwise. Not a place,
 * organisation, head or title word ("em Guimarães", "de Aveiro" are places by the list),
 * nor after a role ("o prefeito de Salgado": the role's place).
 */
export function isSurnameAfterDe(text: string, tok: Tokens, an: Analysis, i: number): boolean {
  if (i === 0 || tok.shape[i] !== SHAPE_CAP || an.textCase !== TEXT_CASED) return false;
  const f = an.flags[i]!;
  if ((f & GAZ_SURNAME) === 0 || (f & (GAZ_PLACE | GAZ_ORG | GAZ_HEAD | GAZ_CONTEXT)) !== 0) return false;
  if ((an.lex[i]! & LEX_ORDINARY) === 0) return false;
  if (tok.shape[i - 1] !== SHAPE_LOWER || !OF_DE.has(tok.hash[i - 1]!)) return false;
  // "Feira de Santana", "Ministério da Fazenda": after a capitalised word, "de" goes on its name.
  if (i > 1 && (tok.shape[i - 2] === SHAPE_CAP || tok.shape[i - 2] === SHAPE_UPPER)) return false;
  // "o prefeito de Salgado", "a governadora do Serra…": after a role, "de" names its place.
  if (i > 1 && (an.flags[i - 2]! & GAZ_CONTEXT) !== 0) return false;
  if (i + 1 < tok.count && (tok.shape[i + 1] === SHAPE_CAP || tok.shape[i + 1] === SHAPE_UPPER)) return false;
  return !isSentenceEnd(text, tok, i - 1);
}

/**
 * In text written in capitals (shouted comments), a one-word detection at the start of
 * the text or of a sentence, not called by ("HENRY, VÊ ISSO"), that the dictionary accepts
 * as an ordinary word of the two highest frequency levels, and that is neither a surname
 * nor a first name of 100,000+ births, is the word, not a name ("GLÓRIA A DEUS NAS
 * ALTURAS"). Under `balanced` only.
 */
export function dropShoutedWords(text: string, tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  const { flags, lex } = an;
  eachName(tags, n, (s, e) => {
    if (e - s !== 1 || tok.shape[s] !== SHAPE_UPPER) return;
    if (s > 0 && !isSentenceEnd(text, tok, s - 1)) return;
    // "HENRY, VÊ ISSO AQUI": a name called by.
    if (e < n && tok.hash[e] === COMMA) return;
    const f = flags[s]!;
    const x = lex[s]!;
    if ((f & GAZ_SURNAME) !== 0 || (f & GAZ_FIRST_MASK) > 4) return;
    if ((x & LEX_ORDINARY) === 0 || (x & LEX_FREQ_MASK) < 6 << LEX_FREQ_SHIFT) return;
    tags[s] = TAG_O;
  });
}

/**
 * A detection inside a whole place name of the gazetteer ("Serra Talhada fica no sertão",
 * "que Serra Talhada terá", "Montes Claros") is the place, when no word of the place name
 * is a person's name that is not also an ordinary word: a place named after a person
 * keeps the person's reading ("Castro Alves", "Monteiro Lobato", "Teófilo Otoni"), as
 * only the context tells them apart — unless the context does: right after "município
 * de", "cidade de", "comarca de" and the like, a place named after a person is the place
 * ("no município de Raul Soares"). The name may reach two words past the detection
 * either side. Under `balanced` only.
 */
export function dropPlaceNames(
  text: string,
  tok: Tokens,
  an: Analysis,
  model: NameModel,
  tags: Uint8Array,
  n: number,
): void {
  eachName(tags, n, (s, e) => {
    const named = s >= 2 && OF_DE.has(tok.hash[s - 1]!) && PLACE_KINDS.has(tok.hash[s - 2]!);
    for (let a = Math.max(0, s - 2); a <= s; a++) {
      for (let b = e; b <= Math.min(n, e + 2); b++) {
        if (b - a >= 2 && isPlaceName(text, tok, an.flags, model, a, b, named)) {
          tags.fill(TAG_O, s, e);
          return;
        }
      }
    }
  });
}

function isPlaceName(
  text: string,
  tok: Tokens,
  flags: Uint16Array,
  model: NameModel,
  a: number,
  b: number,
  named: boolean,
): boolean {
  let phrase = '';
  for (let i = a; i < b; i++) {
    const f = flags[i]!;
    if (tok.shape[i]! > SHAPE_MIXED) return false;
    if (!named && (f & NAME_BITS) !== 0 && (f & WORD_BITS) === 0 && (f & GAZ_PARTICLE) === 0) return false;
    phrase += (i > a ? ' ' : '') + text.slice(tok.start[i], tok.end[i]);
  }
  return (gazLookup(model, hashWord(phrase)) & GAZ_PLACE_NAME) !== 0;
}

/**
 * A detection right after "Sta." or "Sto." (Santa, Santo) names a saint, or the place,
 * church or firm named after one ("a Sta. Silvania Laticínios", "igreja de Sto.
 * Antônio", "festa de Sta. Luzia"), not a person of the text: the abbreviation is not
 * used to address people ("Sra." is, and is not one of these). Under `balanced` only.
 */
export function dropAfterSaintAbbreviation(tok: Tokens, tags: Uint8Array, n: number): void {
  eachName(tags, n, (s, e) => {
    let p = s - 1;
    if (p >= 0 && tok.hash[p] === DOT) p--;
    if (p >= 0 && SAINT.has(tok.hash[p]!) && tok.shape[p] !== SHAPE_DIGIT) tags.fill(TAG_O, s, e);
  });
}

/**
 * A man's first name after a feminine article names a firm, a brand or a thing named
 * after a man, not the man ("a Marconi anunciou", "pela Ericsson", "da Ferrari"):
 * Portuguese articles agree with the person's gender, and a woman given a name that
 * 97 % of its bearers are men is rare. Only a one-word detection of a name that is no
 * known surname ("a Duarte" may be Ms. Duarte) and no international name (a foreign
 * woman's name may be a Brazilian man's), whose article does not follow a name ("Maria
 * da Marconi" is one name however it was cut), in text that uses capitals inside
 * sentences (generated or careless chat pairs any article with any name). Under
 * `balanced` only.
 */
export function dropMasculineAfterFeminine(
  text: string,
  tok: Tokens,
  an: Analysis,
  model: NameModel,
  tags: Uint8Array,
  n: number,
): void {
  if (an.textCase !== TEXT_CASED) return;
  eachName(tags, n, (s, e) => {
    if (e - s !== 1 || s === 0 || tok.shape[s] !== SHAPE_CAP || !FEMININE.has(tok.hash[s - 1]!)) return;
    if (s > 1 && (tags[s - 2] !== TAG_O || (an.flags[s - 2]! & NAME_BITS) !== 0)) return;
    const bareA = tok.hash[s - 1] === A && s > 1;
    if (bareA && !BEFORE_ARTICLE_A.has(tok.hash[s - 2]!) && !isSentenceEnd(text, tok, s - 2)) return;
    if ((an.flags[s]! & (GAZ_SURNAME | GAZ_INTL)) !== 0) return;
    if ((gazEntry(model, tok.hash[s]!) & GENDER_MASCULINE) === 0) return;
    tags[s] = TAG_O;
  });
}

/** Institutions and buildings often named after a person (not streets: an address keeps its name masked). */
const NAMED_AFTER_HEADS = hashSet(
  'mercado escola colegio faculdade universidade instituto fundacao creche hospital clinica ' +
    'aeroporto rodoviaria estadio ginasio teatro cinema museu biblioteca ponte galeria',
);
const DE = hashWord('de');

/**
 * A detection right after the capitalised name of an institution or a building, or after
 * it and "de" or a qualifier ("Escola Estadual Godofredo Furtado", "Mercado de Manuel
 * Firmino", "Estádio Mário Filho"), is what the place is named after, not a person of the
 * text: the rule drops it under `balanced`, in cased text. Not after "do"/"da" ("a escola
 * da Maria" is hers), not after a street's name (the address stays masked).
 */
export function dropNamedAfter(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  if (an.textCase !== TEXT_CASED) return;
  eachName(tags, n, (s, e) => {
    let h = s - 1;
    if (h >= 0 && tok.hash[h] === DE && tok.shape[h] === SHAPE_LOWER) h--;
    // "Escola Estadual Godofredo Furtado": a qualifier between the kind and the name.
    else if (h >= 0 && tok.shape[h] === SHAPE_CAP && (an.flags[h]! & GAZ_CONTEXT) !== 0) h--;
    if (h < 0 || tok.shape[h] !== SHAPE_CAP || !NAMED_AFTER_HEADS.has(tok.hash[h]!)) return;
    tags.fill(TAG_O, s, e);
  });
}

const DO_DA = hashSet('do da');
/** Places a person has, as a child has a school: "a escola da Fernanda". */
const OWN_PLACES = hashSet('escola colegio creche faculdade sala turma quarto apartamento');

/**
 * A frequent first name (10,000+ births; no place or firm word) after a lower-case
 * school, class or room word and "do"/"da" is the person it belongs to ("a escola da
 * Fernanda", "a escola do pedro"): the model reads "escola da X" as a place's name
 * ("Escola da Ponte"). Under both sensitivities.
 */
export function tagPossessorAfterHead(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  const { flags } = an;
  for (let i = 2; i < n; i++) {
    if (tags[i] !== TAG_O || (flags[i]! & GAZ_FIRST_MASK) < 4 || (flags[i]! & (GAZ_PLACE | GAZ_ORG)) !== 0)
      continue;
    if (!DO_DA.has(tok.hash[i - 1]!) || tok.shape[i - 2] !== SHAPE_LOWER || !OWN_PLACES.has(tok.hash[i - 2]!))
      continue;
    if (tok.shape[i] !== SHAPE_CAP && !(tok.shape[i] === SHAPE_LOWER && an.caseOf(tok) !== TEXT_CASED))
      continue;
    tags[i] = TAG_B;
  }
}
