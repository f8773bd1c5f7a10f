// A name detector bound to one loaded model. Keeps its scratch buffers between calls,
// so detection allocates only the returned matches.
import type { Match } from '../types.js';
import { nameKey } from './chars.js';
import { dropLeadingTitles, dropLowerWords, eachName, joinNameParts, viterbi } from './decode.js';
import { dropAcronyms, dropBareAcronyms, dropRomanNumerals } from './acronyms.js';
import { dropCompanies, rememberCompanies } from './companies.js';
import {
  dropAfterSaintAbbreviation,
  dropMasculineAfterFeminine,
  dropNamedAfter,
  dropPlaceInPlaceList,
  dropPlaceNames,
  dropShoutedWords,
  isSurnameAfterDe,
  tagPossessorAfterHead,
  SURNAME_AFTER_DE_BIAS,
  tagNameBeforeWorkplace,
} from './context.js';
import { type NameMemory, rememberNames, tagEchoes } from './echo.js';
import { splitNamesAtLines, splitsLines } from './lines.js';
import { tagListItems } from './lists.js';
import { tagNameAfterOccupation, tagNameAfterOffice } from './roles.js';
import { tagSpeakers } from './speakers.js';
import { Analysis, MAX_FEATURES, TEXT_CASED, TEXT_INITIAL_CAPS, TEXT_UPPER } from './features.js';
import { GAZ_PARTICLE, type NameModel, TAG_O, TAGS } from './model.js';
import { SHAPE_PUNCT, Tokens } from './tokenize.js';

/**
 * How readily a word is taken for part of a name. `balanced` (the default) is the
 * model's own decision; `strict` masks more: it adds STRICT_BIAS to the score of the
 * name tags of every candidate word, trading some extra placeholders for fewer leaks.
 */
export type Sensitivity = 'strict' | 'balanced';

export interface DetectOptions {
  sensitivity?: Sensitivity;
  /**
   * Name words found earlier in the same request: their mentions here are masked too,
   * and this text's name words are added (echo.ts). Without it, echoes stay in the text.
   */
  memory?: NameMemory;
}

export interface NameDetector {
  detect(text: string, options?: DetectOptions): Match[];
}

/** Bias added to the B and I scores under `strict`, in model score units (chosen on the dev sets). */
export const STRICT_BIAS = 8;

/** Text that uses capitals: inside sentences, or at least where sentences start. */
function capitalises(textCase: number): boolean {
  return textCase === TEXT_CASED || textCase === TEXT_INITIAL_CAPS;
}

export function createNameDetector(model: NameModel): NameDetector {
  const tok = new Tokens();
  const an = new Analysis();
  const feats = new Int32Array(MAX_FEATURES);
  let em = new Float32Array(64 * TAGS);
  let back = new Uint8Array(64 * TAGS);
  let tags = new Uint8Array(64);
  const w = model.weights;
  const mask = (1 << model.bits) - 1;

  let all = new Uint8Array(256);
  const local = new Set<number>();
  const localCompanies = new Set<number>();

  function detect(text: string, options?: DetectOptions): Match[] {
    const out: Match[] = [];
    const bias = options?.sensitivity === 'strict' ? STRICT_BIAS : 0;
    const memory = options?.memory;
    tok.tokenize(text);
    const candidates = an.run(model, tok);
    if (candidates === 0 && memory === undefined) return out;
    localCompanies.clear();
    const companies = memory?.companies ?? localCompanies;
    rememberCompanies(tok, an, companies);
    if (candidates === 0 && memory!.words.size === 0) return out;
    const n = tok.count;
    if (all.length < n) all = new Uint8Array(n * 2);
    all.fill(TAG_O, 0, n);
    if (candidates > 0) {
      decodeRuns(text, n, bias);
      dropLeadingTitles(all, an.flags, n);
      tagNameBeforeWorkplace(tok, an, all, n);
      tagPossessorAfterHead(tok, an, all, n);
      joinNameParts(text, tok, all, an.flags, n);
      tagListItems(tok, an, all, n);
      tagSpeakers(tok, an, all, n);
      tagNameAfterOffice(tok, an, all, n);
      tagNameAfterOccupation(tok, an, all, n);
      if (bias === 0) {
        if (capitalises(an.caseOf(tok))) dropLowerWords(tok, all, an.flags, an.lex, n);
        dropPlaceInPlaceList(tok, an, all, n);
        if (an.caseOf(tok) === TEXT_UPPER) dropShoutedWords(text, tok, an, all, n);
        dropPlaceNames(text, tok, an, model, all, n);
        if (capitalises(an.caseOf(tok))) dropAcronyms(tok, an, all, n);
        dropBareAcronyms(tok, an, all, n);
        dropRomanNumerals(text, tok, all, n);
        dropAfterSaintAbbreviation(tok, all, n);
        dropMasculineAfterFeminine(text, tok, an, model, all, n);
        dropNamedAfter(tok, an, all, n);
      }
    }
    splitNamesAtLines(text, tok, all, n);
    local.clear();
    const known = memory?.words ?? local;
    rememberNames(tok, an.flags, all, known);
    if (known.size > 0) tagEchoes(text, tok, an.flags, all, known, an.caseOf(tok));
    // Recall first: under `strict` a company's short name stays masked.
    if (bias === 0 && companies.size > 0) dropCompanies(tok, an.flags, all, companies);
    emitSpans(text, n, out);
    return out;
  }

  /** Viterbi over each run of candidates; writes the tags into `all`. */
  function decodeRuns(text: string, n: number, bias: number): void {
    const cand = an.cand;
    let i = 0;
    while (i < n) {
      if (cand[i] === 0) {
        i++;
        continue;
      }
      // Each line is decoded alone: a name's context never reaches across a field's end.
      let j = i + 1;
      while (j < n && cand[j] !== 0 && !splitsLines(text, tok, j)) j++;
      const m = j - i;
      if (em.length < m * TAGS) {
        em = new Float32Array(m * TAGS * 2);
        back = new Uint8Array(m * TAGS * 2);
        tags = new Uint8Array(m * 2);
      }
      for (let t = 0; t < m; t++) {
        const k = an.features(text, tok, i + t, feats);
        let s0 = 0;
        let s1 = 0;
        let s2 = 0;
        for (let f = 0; f < k; f++) {
          const b = (feats[f]! & mask) * TAGS;
          s0 += w[b]!;
          s1 += w[b + 1]!;
          s2 += w[b + 2]!;
        }
        // `strict` masks at least what `balanced` masks.
        const nameBias = isSurnameAfterDe(text, tok, an, i + t)
          ? Math.max(bias, SURNAME_AFTER_DE_BIAS)
          : bias;
        em[t * TAGS] = s0;
        em[t * TAGS + 1] = s1 + nameBias;
        em[t * TAGS + 2] = s2 + nameBias;
      }
      viterbi(em, m, model.trans, i === 0, back, tags);
      all.set(tags.subarray(0, m), i);
      i = j;
    }
  }

  function emitSpans(text: string, n: number, out: Match[]): void {
    eachName(all, n, (t, e) => {
      // A name never ends on a particle or a dot ("Maria da", "J.").
      let last = e - 1;
      while (last > t && (an.flags[last]! & GAZ_PARTICLE || tok.shape[last] === SHAPE_PUNCT)) last--;
      const start = tok.start[t]!;
      const end = tok.end[last]!;
      out.push({ category: 'nome', start, end, key: nameKey(text.slice(start, end)) });
    });
  }

  return { detect };
}
