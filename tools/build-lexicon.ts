// Derives the lexicon table (models/lexicon.bin.gz) from the lexicon folder of the data
// directory: for every word form it knows, one byte — what the Brazilian Portuguese
// spelling dictionary says of it (ordinary word, proper noun only, both, unknown), how
// frequent it is in general Portuguese text, and whether it is a word of a brand, a
// surname or a given name in Wiktionary's lists. Words are stored as the same folded
// hash the tokenizer computes, so the table holds no word list; the trainer merges it
// into the model's gazetteer (names/lexicon.ts reads it back).
//   npm run build && NAMES_DATA_DIR=<data> node dist/tools/build-lexicon.js [--out FILE]
// Needs the `hunspell` command (Debian package hunspell) to query the dictionary: the
// dictionary is read as the spell checker reads it, affix rules and all, without
// expanding its 83 million forms. Deterministic: same data, same file.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import {
  LEX_BRAND,
  LEX_FREQ_SHIFT,
  LEX_GIVEN,
  LEX_ORDINARY,
  LEX_PROPER,
  LEX_SURNAME,
} from '../src/privacy/names/model.js';
import { hashWord } from '../src/privacy/names/tokenize.js';
import { dataDir } from './names/data.js';
import { encodeLexicon, freqLevel, mergeLex } from './names/lexicon-table.js';
import { decodeMsgpack } from './names/msgpack.js';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'models/lexicon.bin.gz' } } });

const LATIN_WORD = /^\p{Script=Latin}[\p{Script=Latin}'’-]*$/u;
/** Words of brand names that say nothing about the brand ("de", "do", "the", "&"). */
const FILLER = new Set([
  'de',
  'da',
  'do',
  'das',
  'dos',
  'e',
  'the',
  'of',
  'and',
  'la',
  'le',
  'el',
  'y',
  'a',
  'o',
]);

function lexDir(...parts: string[]): string {
  return resolve(dataDir(), 'lexicon', ...parts);
}

/** Word -> frequency level (1..7) from wordfreq's cB buckets: bucket i holds frequency 10^(-i/100). */
function readWordfreq(): Map<string, number> {
  const data = decodeMsgpack(
    gunzipSync(readFileSync(lexDir('wordfreq', 'large_pt.msgpack.gz'))),
  ) as unknown[];
  const out = new Map<string, number>();
  data.slice(1).forEach((bucket, i) => {
    for (const w of bucket as string[]) if (LATIN_WORD.test(w)) out.set(w, freqLevel(9 - i / 100));
  });
  return out;
}

/** Stems the dictionary lists with a capital only ("Silvânia", "Renner" if present). */
function capitalisedStems(): string[] {
  const out: string[] = [];
  const lines = readFileSync(lexDir('hunspell-pt-br', 'index.dic'), 'utf8').split('\n');
  for (const line of lines.slice(1)) {
    const stem = line.split('/')[0]!.trim();
    if (/^\p{Lu}/u.test(stem) && LATIN_WORD.test(stem)) out.push(stem);
  }
  return out;
}

function readTsv(name: string): string[][] {
  const lines = readFileSync(lexDir(name), 'utf8').split('\n');
  return lines
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => l.split('\t'));
}

function wordsOf(name: string): string[] {
  return name
    .split(/[\s/]+/)
    .map((w) => w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((w) => w.length >= 2 && LATIN_WORD.test(w));
}

/** Words of Wiktionary's surname or given-name lists, lower case (Latin script only). */
function wiktionaryWords(file: string): Set<string> {
  const out = new Set<string>();
  for (const [name] of readTsv(file)) for (const w of wordsOf(name!)) out.add(w.toLowerCase());
  return out;
}

/**
 * Brand words: every brand of the name-suggestion index (shops, banks, car makers, food,
 * fuel…) and the operators located in Brazil (the rest of the operators are mostly
 * municipal bodies abroad). Only the words that are not ordinary Portuguese words are
 * marked ("Lojas Renner" marks "renner"; "Extra" marks nothing).
 */
function brandNames(): string[][] {
  const out: string[][] = [];
  for (const [name, category, locations] of readTsv('brands-nsi.tsv')) {
    const brand = category!.startsWith('brands/');
    const brazil = (locations ?? '').split(/[ ,;]+/).includes('br');
    if (brand || brazil) out.push(wordsOf(name!.replace(/^"|"$/g, '')));
  }
  return out;
}

/** The words of `words` that hunspell rejects. */
function rejected(words: string[]): Set<string> {
  const dict = lexDir('hunspell-pt-br', 'index');
  const out = execFileSync('hunspell', ['-i', 'utf-8', '-d', dict, '-l'], {
    input: `${words.join('\n')}\n`,
    maxBuffer: 1 << 28,
    encoding: 'utf8',
  });
  return new Set(out.split('\n').filter((l) => l !== ''));
}

function main(): void {
  const freq = readWordfreq();
  const stems = capitalisedStems();
  const surnames = wiktionaryWords('surnames-wiktionary.tsv');
  const given = wiktionaryWords('given-names-wiktionary.tsv');
  const brands = brandNames();
  const vocab = new Set<string>(freq.keys());
  for (const s of stems) vocab.add(s.toLowerCase());
  for (const set of [surnames, given]) for (const w of set) vocab.add(w);
  for (const b of brands) for (const w of b) vocab.add(w.toLowerCase());
  const words = [...vocab].sort();
  // Lower case first: accepted means an ordinary word. Of the rest, a capitalised form
  // that is accepted means a proper noun only.
  const notLower = rejected(words);
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const notCap = rejected([...notLower].map(cap));
  const lex = new Map<number, number>();
  const add = (w: string, bits: number) => {
    const h = hashWord(w);
    lex.set(h, mergeLex(lex.get(h) ?? 0, bits));
  };
  for (const w of words) {
    let bits = 0;
    if (!notLower.has(w)) bits |= LEX_ORDINARY;
    else if (!notCap.has(cap(w))) bits |= LEX_PROPER;
    bits |= (freq.get(w) ?? 0) << LEX_FREQ_SHIFT;
    if (surnames.has(w)) bits |= LEX_SURNAME;
    if (given.has(w)) bits |= LEX_GIVEN;
    add(w, bits);
  }
  // A capitalised stem is a proper noun even where its lower-case form is a word too ("Rosa").
  for (const s of stems) add(s.toLowerCase(), LEX_PROPER);
  for (const b of brands) {
    for (const w of b) {
      const l = w.toLowerCase();
      if (FILLER.has(l)) continue;
      if (notLower.has(l)) add(l, LEX_BRAND);
    }
  }
  const file = encodeLexicon(lex);
  const out = resolve(values.out!);
  writeFileSync(out, file);
  const count = (bit: number) => [...lex.values()].filter((v) => v & bit).length;
  console.log(
    `lexicon: ${words.length} words -> ${lex.size} folded forms; ordinary ${count(LEX_ORDINARY)}, proper ${count(LEX_PROPER)}, brand ${count(LEX_BRAND)}, surname ${count(LEX_SURNAME)}, given ${count(LEX_GIVEN)}; wrote ${out} (${(file.length / 1024).toFixed(0)} KiB)`,
  );
}

main();
