// Builds the model's gazetteer: word hash -> flags. First names come from the IBGE
// lists (frequency bucket), surnames from the hand list plus the non-initial words of
// person names in the training corpora, common words and verb infinitives from their
// lower-case non-name tokens, places, international names and street types from the
// ner-extra gazetteers. Dev and test splits are never read here.
import {
  GAZ_COMMON,
  GAZ_CONTEXT,
  GAZ_HEAD,
  GAZ_INTL,
  GAZ_ORG,
  GAZ_PARTICLE,
  GAZ_PLACE,
  GAZ_PLACE_NAME,
  GAZ_STOP,
  GAZ_SURNAME,
  GAZ_VERB,
  GENDER_FEMININE,
  GENDER_MASCULINE,
} from '../../src/privacy/names/model.js';
import { hashWord } from '../../src/privacy/names/tokenize.js';
import {
  type Doc,
  OTHER_ORG,
  readBrasilio,
  readFirstNameGenders,
  readGazetteer,
  readPrenomes,
} from './data.js';
import {
  BRANDS,
  COMMON_SURNAMES,
  CONTEXT_WORDS,
  EVERYDAY_WORDS,
  NONPERSON_HEADS,
  PARTICLES,
  PLACES,
  REGULAR_VERBS,
  STOP_WORDS,
} from './lexicon.js';
import { CONTACT_WORDS, CURRENCY_WORDS, ORG_WORDS, partyTags } from './nonperson.js';
import { HAND_VERBS, verbForms } from './verbs.js';
import { chatCase } from './template.js';

/** Births -> bucket 1..6 (roughly a decade of frequency each). */
export function freqBucket(births: number): number {
  if (births <= 0) return 0;
  if (births < 100) return 1;
  if (births < 1000) return 2;
  if (births < 10000) return 3;
  if (births < 100000) return 4;
  if (births < 1000000) return 5;
  return 6;
}

let births: Map<string, number> | undefined;

/** IBGE and Brasil.IO first names with births (the larger count when both list a name). */
function firstNameBirths(): Map<string, number> {
  if (births === undefined) {
    births = readPrenomes();
    for (const [name, n] of readBrasilio()) births.set(name, Math.max(births.get(name) ?? 0, n));
  }
  return births;
}

export interface GazetteerStats {
  firstNames: number;
  surnames: number;
  common: number;
  verbForms: number;
}

/**
 * `withLearnedSurnames: false` leaves out the surnames learned from `train` (the hand
 * list stays): generated sentences use those surnames as unknown words.
 */
export function buildGazetteerEntries(
  train: Doc[],
  withLearnedSurnames = true,
): {
  entries: Map<number, number>;
  stats: GazetteerStats;
  learnedSurnames: string[];
} {
  const entries = new Map<number, number>();
  const add = (word: string, flag: number) => {
    const h = hashWord(word);
    entries.set(h, (entries.get(h) ?? 0) | flag);
  };
  const firstNames = firstNameBirths();
  for (const [name, n] of firstNames) add(name, freqBucket(n));
  const nFirst = firstNames.size;

  const surnames = new Set(COMMON_SURNAMES);
  const common = new Map<string, number>();
  const particles = new Set(PARTICLES);
  for (const doc of train) {
    const inName = new Uint8Array(doc.text.length);
    for (const [s, e] of doc.spans) {
      inName.fill(1, s, e);
      const words = doc.text.slice(s, e).split(' ');
      // A name of one word is often a surname alone ("o chanceler Schröder").
      const single = words.length === 1 && (firstNames.get(chatCase(words[0]!)) ?? 0) < 100;
      for (const w of single ? words : words.slice(1)) {
        const f = chatCase(w);
        if (f.length >= 3 && /^[a-z']+$/.test(f) && !particles.has(f)) surnames.add(f);
      }
    }
    let at = 0;
    for (const w of doc.text.split(' ')) {
      if (inName[at] === 0 && /^\p{Ll}[\p{Ll}-]*$/u.test(w)) {
        const f = chatCase(w);
        common.set(f, (common.get(f) ?? 0) + 1);
      }
      at += w.length + 1;
    }
  }
  const learnedOthers = organisationAndPlaceWords(train, particles);
  for (const s of surnames) if (withLearnedSurnames || COMMON_SURNAMES.includes(s)) add(s, GAZ_SURNAME);
  let nCommon = 0;
  for (const [w, n] of common) {
    if (n >= 2) {
      add(w, GAZ_COMMON);
      nCommon++;
    }
  }
  // The other gender and number of a common word ("curiosa" -> "curioso", "roupa" ->
  // "roupas"), unless that form is a first name of 1,000+ births or a known surname.
  for (const [w, n] of common) {
    if (n < 2 || w.length < 4) continue;
    for (const v of inflections(w)) {
      if (common.has(v) || surnames.has(v) || (firstNames.get(v) ?? 0) >= 1000) continue;
      add(v, GAZ_COMMON);
    }
  }
  for (const w of EVERYDAY_WORDS) add(w, GAZ_COMMON);
  const intl = internationalNames();
  for (const w of intl) add(w, GAZ_INTL);
  const forms = verbForms([
    ...HAND_VERBS,
    ...REGULAR_VERBS,
    ...infinitives(common, firstNames, surnames, intl),
  ]);
  for (const w of forms) add(w, GAZ_VERB);
  for (const w of PARTICLES) add(w, GAZ_PARTICLE);
  for (const w of CONTEXT_WORDS) add(w, GAZ_CONTEXT);
  for (const w of [...STOP_WORDS, ...CONTACT_WORDS]) add(w, GAZ_STOP);
  for (const w of [...ORG_WORDS, ...CURRENCY_WORDS, ...partyTags()]) add(w, GAZ_ORG);
  // Places and brands: their distinctive words only. A word that is also a known surname
  // ("santos", "pessoa" in "joao pessoa"), a first name of 1,000+ births ("vitoria", "paulo"),
  // an international name ("washington") or a context word ("juiz" in "juiz de fora")
  // keeps its own flags and not this one.
  const context = new Set(CONTEXT_WORDS);
  for (const place of [...PLACES, ...BRANDS, ...placeNames()]) {
    for (const raw of place.split(/\s+/)) {
      const w = chatCase(raw).replace(/^[^a-z]+|[^a-z]+$/g, '');
      if (!/^[a-z][a-z'-]*$/.test(w) || particles.has(w) || surnames.has(w) || context.has(w)) continue;
      if ((firstNames.get(w) ?? 0) >= 1000 || intl.has(w)) continue;
      add(w, GAZ_PLACE);
    }
  }
  // Whole names of places of two words or more ("serra talhada", "lagoa santa"), under a
  // flag of their own: no single word has their hash, so no feature sees them; the
  // decoder looks a detection up as a whole (names/context.ts).
  for (const place of placeNames()) {
    const words = place.split(/\s+/).filter((w) => w !== '');
    if (words.length >= 2) add(words.join(' '), GAZ_PLACE_NAME);
  }
  for (const w of [...NONPERSON_HEADS, ...streetWords()]) add(w, GAZ_HEAD);
  for (const [w, flag] of learnedOthers) add(w, flag);
  for (const [w, sex] of readFirstNameGenders()) add(w, sex === 'M' ? GENDER_MASCULINE : GENDER_FEMININE);
  return {
    entries,
    learnedSurnames: [...surnames].filter((x) => !COMMON_SURNAMES.includes(x)).sort(),
    stats: { firstNames: nFirst, surnames: surnames.size, common: nCommon, verbForms: forms.size },
  };
}

/** Gender and number variants of a Portuguese noun or adjective (nothing for other endings). */
export function inflections(w: string): string[] {
  const m = /^(.*[a-z])(o|a|os|as)$/.exec(w);
  if (m !== null) {
    const stem = m[1]!;
    return ['o', 'a', 'os', 'as'].filter((e) => e !== m[2]).map((e) => stem + e);
  }
  if (w.endsWith('e')) return [`${w}s`];
  if (w.endsWith('es') && w.length > 4) return [w.slice(0, -1)];
  return [];
}

/**
 * Words of the organisations and places annotated in the training corpora ("Magna",
 * "Siemens", "Petrobras") that are seldom part of a person's name there: at least two
 * occurrences inside organisation (or place) entities and three times as many as inside
 * person names. Soft evidence like every flag; learned from the train splits only, so
 * jackknifed with the rest of the corpus-derived gazetteer.
 */
function organisationAndPlaceWords(train: Doc[], particles: Set<string>): Map<string, number> {
  const org = new Map<string, number>();
  const place = new Map<string, number>();
  const person = new Map<string, number>();
  const bump = (m: Map<string, number>, w: string) => m.set(w, (m.get(w) ?? 0) + 1);
  const clean = (raw: string) => chatCase(raw).replace(/^[^a-z]+|[^a-z]+$/g, '');
  for (const doc of train) {
    for (const [s, e] of doc.spans) for (const w of doc.text.slice(s, e).split(' ')) bump(person, clean(w));
    for (const [s, e, kind] of doc.others ?? []) {
      const raw = doc.text.slice(s, e);
      // Only capitalised words: lower-case words of entity names are ordinary words.
      if (!/^\p{Lu}/u.test(raw)) continue;
      bump(kind === OTHER_ORG ? org : place, clean(raw));
    }
  }
  const out = new Map<string, number>();
  for (const [m, flag] of [
    [org, GAZ_ORG],
    [place, GAZ_PLACE],
  ] as const) {
    for (const [w, n] of m) {
      if (w.length < 3 || !/^[a-z][a-z'-]*$/.test(w) || particles.has(w) || STOP_WORDS.includes(w)) continue;
      if (n >= 2 && n >= 3 * (person.get(w) ?? 0)) out.set(w, (out.get(w) ?? 0) | flag);
    }
  }
  return out;
}

/**
 * Infinitives seen in lower case in the training text ("analisar", "conceber"), except
 * words that are names. Nouns ending in -ar/-er/-ir ("lugar", "mulher") slip in; their
 * generated forms are mostly not words at all, which costs nothing.
 */
function infinitives(
  common: Map<string, number>,
  firstNames: Map<string, number>,
  surnames: Set<string>,
  intl: Set<string>,
): string[] {
  const out: string[] = [];
  for (const [w, n] of common) {
    if (n < 2 || w.length < 5 || !/^[a-z]+(ar|er|ir)$/.test(w)) continue;
    if (firstNames.has(w) || surnames.has(w) || intl.has(w)) continue;
    out.push(w);
  }
  return out.sort();
}

let intlCache: Set<string> | undefined;

/** International given names and surnames (CC0) and top US surnames (public domain), folded. */
function internationalNames(): Set<string> {
  if (intlCache === undefined) {
    intlCache = new Set();
    for (const file of [
      'prenomes_internacionais_cc0.txt',
      'sobrenomes_internacionais_cc0.txt',
      'sobrenomes_eua_censo2010_top.txt',
    ]) {
      for (const entry of readGazetteer(file)) {
        for (const w of entry.split(/\s+/)) {
          const f = chatCase(w);
          // Two-letter names (Le, Vo, Ta) are Portuguese words or chat spellings far more often.
          if (f.length >= 3 && /^[a-z][a-z'-]*$/.test(f) && !STOP_WORDS.includes(f)) intlCache.add(f);
        }
      }
    }
  }
  return intlCache;
}

/** Brazilian municipalities and states, countries (pt-BR, pt-PT) and foreign cities (GeoNames). */
function placeNames(): string[] {
  return [
    'br_municipios.txt',
    'br_estados.txt',
    'paises_pt_br.txt',
    'paises_pt_pt.txt',
    'cidades_mundo_geonames.txt',
    'cidades_mundo_grandes_variantes_geonames.txt',
  ].flatMap((f) => readGazetteer(f));
}

/** Street-type words and their abbreviations ("Travessa", "Av"). */
function streetWords(): string[] {
  return [...readGazetteer('logradouro_tipos.txt'), ...readGazetteer('logradouro_abreviacoes.txt')]
    .map((w) => chatCase(w).replace(/\.$/, ''))
    .filter((w) => /^[a-z]+$/.test(w) && w.length >= 2 && !['via', 'q', 'r', 'est'].includes(w));
}
