// Readers for the reference data folder named by NAMES_DATA_DIR (the folder holding names/,
// lener-br/ and ner-extra/; docs/contributing/privacy-names.md lists its sources). Used only at training
// and benchmark time; nothing here ships in the model path.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export function dataDir(): string {
  const dir = process.env.NAMES_DATA_DIR;
  if (!dir) {
    console.error('NAMES_DATA_DIR: set it to the reference data folder (names/, lener-br/, ner-extra/)');
    process.exit(2);
  }
  return resolve(dir);
}

/** A sentence as text plus gold person-name spans (UTF-16 offsets, end exclusive). */
export interface Doc {
  text: string;
  spans: [number, number][];
  /**
   * Words of the corpus's organisation (kind 1) and place (kind 2) entities, as
   * [start, end, kind]; only read when the gazetteer is built from the train splits.
   */
  others?: [number, number, number][];
}

/** Kind of a tagged non-person word in Doc.others. */
export const OTHER_ORG = 1;
export const OTHER_PLACE = 2;

function otherKind(tag: string): number {
  const cls = tag.slice(2);
  if (cls === 'ORG' || cls === 'ORGANIZACAO') return OTHER_ORG;
  if (cls === 'LOC' || cls === 'LOCAL') return OTHER_PLACE;
  return 0;
}

/**
 * Reads a LeNER-Br CoNLL file. Tokens are joined with single spaces, so the detector
 * tokenizes the text itself exactly as it would at run time.
 */
export function readConll(file: string, person = 'PESSOA'): Doc[] {
  const begin = `B-${person}`;
  const inside = `I-${person}`;
  const docs: Doc[] = [];
  let words: string[] = [];
  let tags: string[] = [];
  const flush = () => {
    if (words.length === 0) return;
    let text = '';
    const spans: [number, number][] = [];
    const others: [number, number, number][] = [];
    let open = -1;
    let lastEnd = 0;
    words.forEach((w, i) => {
      if (i > 0) text += ' ';
      const start = text.length;
      text += w;
      const tag = tags[i]!;
      const kind = tag.length > 2 ? otherKind(tag) : 0;
      if (kind !== 0) others.push([start, text.length, kind]);
      if (open >= 0 && tag !== inside) {
        spans.push([open, lastEnd]);
        open = -1;
      }
      if (tag === begin || (tag === inside && open < 0)) open = start;
      lastEnd = text.length;
    });
    if (open >= 0) spans.push([open, lastEnd]);
    docs.push(others.length > 0 ? { text, spans, others } : { text, spans });
    words = [];
    tags = [];
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const t = line.trim();
    if (t === '') {
      flush();
      continue;
    }
    const parts = t.split(/\s+/);
    words.push(parts[0]!);
    tags.push(parts[parts.length - 1]!);
  }
  flush();
  return docs;
}

export function lenerSplit(split: 'train' | 'dev'): Doc[] {
  return readConll(resolve(dataDir(), 'lener-br', `${split}.conll`));
}

/** The other annotated corpora (PER/LOC/ORG; only PER is a name here). */
export type ExtraCorpus = 'uner_pt_bosque' | 'uner_pt_pud' | 'nerde';

export function extraSplit(corpus: ExtraCorpus, split: 'train' | 'dev' | 'test'): Doc[] {
  return readConll(resolve(dataDir(), 'ner-extra', 'corpora', `${corpus}.${split}.conll`), 'PER');
}

/** One entry per line of a gazetteer in ner-extra/gazetteers (first column of a TSV). */
export function readGazetteer(name: string): string[] {
  return readFileSync(resolve(dataDir(), 'ner-extra', 'gazetteers', name), 'utf8')
    .split('\n')
    .map((l) => l.split('\t')[0]!.trim())
    .filter((l) => l !== '');
}

/** IBGE first names with total births (upper case, no accents). */
export function readPrenomes(): Map<string, number> {
  const out = new Map<string, number>();
  const lines = readFileSync(resolve(dataDir(), 'names', 'ibge-prenomes-2010.csv'), 'utf8').split('\n');
  for (const line of lines.slice(1)) {
    const cols = line.trim().split(',');
    if (cols.length < 2 || cols[0] === '') continue;
    let total = 0;
    for (const c of cols.slice(1)) total += Number(c) || 0;
    out.set(cols[0]!.toLowerCase(), total);
  }
  return out;
}

/** Brasil.IO first-name groups (CC BY-SA 4.0): name -> total frequency. */
export function readBrasilio(): Map<string, number> {
  const out = new Map<string, number>();
  const lines = readFileSync(resolve(dataDir(), 'names', 'brasilio-genero-nomes.csv'), 'utf8').split('\n');
  for (const line of lines.slice(1)) {
    const cols = line.trim().split(',');
    if (cols.length < 5 || cols[0] === '') continue;
    out.set(cols[0]!.toLowerCase(), Number(cols[4]) || 0);
  }
  return out;
}

/**
 * Brasil.IO first names (and their grouped spellings) given to one sex in at least 97 %
 * of at least 100 births: name -> 'M' or 'F'. A spelling listed under both is left out.
 */
export function readFirstNameGenders(): Map<string, 'M' | 'F'> {
  const out = new Map<string, 'M' | 'F'>();
  const both = new Set<string>();
  const lines = readFileSync(resolve(dataDir(), 'names', 'brasilio-genero-nomes.csv'), 'utf8').split('\n');
  for (const line of lines.slice(1)) {
    const cols = line.trim().split(',');
    if (cols.length < 7 || cols[0] === '') continue;
    const sex = cols[1];
    if ((sex !== 'M' && sex !== 'F') || Number(cols[4]) < 100 || Number(cols[5]) < 0.97) continue;
    for (const raw of [cols[0]!, ...cols[6]!.split('|')]) {
      const name = raw.toLowerCase();
      if (name === '') continue;
      if (out.has(name) && out.get(name) !== sex) both.add(name);
      out.set(name, sex);
    }
  }
  for (const name of both) out.delete(name);
  return out;
}

/** First names for generated sentences: frequent ones, lower case, no accents. */
export function frequentFirstNames(minBirths: number): { names: string[]; weights: number[] } {
  const names: string[] = [];
  const weights: number[] = [];
  for (const [name, total] of readPrenomes()) {
    if (total < minBirths || name.length < 2) continue;
    names.push(name);
    weights.push(Math.sqrt(total));
  }
  return { names, weights };
}

/**
 * Single-word Latin-script surnames of Wiktionary's lists by language (lexicon/), for
 * generated sentences: the surnames of immigrants and foreigners no Brazilian list holds.
 */
export function wiktionarySurnames(): string[] {
  const lines = readFileSync(resolve(dataDir(), 'lexicon', 'surnames-wiktionary.tsv'), 'utf8').split('\n');
  const out = new Set<string>();
  for (const line of lines.slice(1)) {
    const name = line.split('\t')[0]!;
    if (/^\p{Lu}\p{Ll}{3,}$/u.test(name) && /^\p{Script=Latin}+$/u.test(name)) out.add(name);
  }
  return [...out].sort();
}

/** Brand names located in Brazil (name-suggestion index, lexicon/brands-nsi.tsv), one or two words. */
export function brazilianBrands(): string[] {
  const lines = readFileSync(resolve(dataDir(), 'lexicon', 'brands-nsi.tsv'), 'utf8').split('\n');
  const out = new Set<string>();
  for (const line of lines.slice(1)) {
    const [name, category, locations] = line.split('\t');
    if (!category?.startsWith('brands/') || !(locations ?? '').split(/[ ,;]+/).includes('br')) continue;
    if (/^\p{Lu}[\p{L}&'-]*( \p{Lu}[\p{L}&'-]*)?$/u.test(name!)) out.add(name!);
  }
  return [...out].sort();
}
