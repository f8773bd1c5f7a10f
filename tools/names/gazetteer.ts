// Builds the model's gazetteer: word hash -> flags. First names come from the IBGE
// lists (frequency bucket), surnames from the hand list plus the non-initial words of
// person names in LeNER-Br train, common words from lower-case non-name tokens of
// LeNER-Br train. Dev is never read here.
import {
  GAZ_COMMON,
  GAZ_CONTEXT,
  GAZ_HEAD,
  GAZ_PARTICLE,
  GAZ_PLACE,
  GAZ_STOP,
  GAZ_SURNAME,
} from '../../src/privacy/names/model.js';
import { hashWord } from '../../src/privacy/names/tokenize.js';
import { type Doc, readBrasilio, readPrenomes } from './data.js';
import {
  BRANDS,
  COMMON_SURNAMES,
  CONTEXT_WORDS,
  EVERYDAY_WORDS,
  NONPERSON_HEADS,
  PARTICLES,
  PLACES,
  STOP_WORDS,
  verbForms,
} from './lexicon.js';
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
}

export function buildGazetteerEntries(train: Doc[]): {
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
      for (const w of words.slice(1)) {
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
  for (const s of surnames) add(s, GAZ_SURNAME);
  let nCommon = 0;
  for (const [w, n] of common) {
    if (n >= 2) {
      add(w, GAZ_COMMON);
      nCommon++;
    }
  }
  for (const w of EVERYDAY_WORDS) add(w, GAZ_COMMON);
  for (const w of verbForms()) add(w, GAZ_COMMON);
  for (const w of PARTICLES) add(w, GAZ_PARTICLE);
  for (const w of CONTEXT_WORDS) add(w, GAZ_CONTEXT);
  for (const w of STOP_WORDS) add(w, GAZ_STOP);
  // Places and brands: their distinctive words only. A word that is also a known surname
  // ("santos", "pessoa" in "joao pessoa"), a first name of 1,000+ births ("vitoria", "paulo")
  // or a context word ("juiz" in "juiz de fora") keeps its own flags and not this one.
  const context = new Set(CONTEXT_WORDS);
  for (const place of [...PLACES, ...BRANDS]) {
    for (const w of place.split(' ')) {
      if (!/^[a-z]+$/.test(w) || particles.has(w) || surnames.has(w) || context.has(w)) continue;
      if ((firstNames.get(w) ?? 0) >= 1000) continue;
      add(w, GAZ_PLACE);
    }
  }
  for (const w of NONPERSON_HEADS) add(w, GAZ_HEAD);
  return {
    entries,
    learnedSurnames: [...surnames].filter((x) => !COMMON_SURNAMES.includes(x)).sort(),
    stats: { firstNames: nFirst, surnames: surnames.size, common: nCommon },
  };
}
