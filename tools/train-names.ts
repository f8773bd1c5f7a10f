// Trains the person-name model and writes models/names.bin.gz.
//   npm run train:names                       all train splits (+ case variants, generated text), reports dev
//   npm run train:names -- --holdout          trains on 90% of train, reports the other 10% and dev
//   npm run train:names -- --folds 5          5-fold cross-validation on train only (writes nothing)
//   options: --errors (print misses and false alarms)  --epochs N  --bits N  --chat N  --prose N  --business N
//            --dropout P  --seeds 7,11,13 (one model per seed, weights averaged)  --out FILE
//            --lexicon FILE (default models/lexicon.bin.gz, from tools/build-lexicon.ts; "none": without)
//   reference data folder: NAMES_DATA_DIR
// Deterministic: fixed seeds, no dependence on time or iteration order of hash maps.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createNameDetector } from '../src/privacy/names/detector.js';
import {
  buildGazetteer,
  type NameModel,
  serializeModel,
  TAG_START,
  TAGS,
} from '../src/privacy/names/model.js';
import { trainBusinessDocs } from './names/business-train.js';
import { trainChatDocs } from './names/chat-train.js';
import { type Doc, dataDir, extraSplit, lenerSplit } from './names/data.js';
import { devGenres, personFreeDocs } from './names/devsets.js';
import { formatScore, score } from './names/eval.js';
import { buildGazetteerEntries } from './names/gazetteer.js';
import { decodeLexicon } from './names/lexicon-table.js';
import { Trainer } from './names/perceptron.js';
import { trainProseDocs } from './names/prose-train.js';
import { Rng } from './names/rng.js';
import { informalDoc, lowerDoc, upperDoc } from './names/variants.js';

const { values } = parseArgs({
  options: {
    holdout: { type: 'boolean', default: false },
    folds: { type: 'string', default: '0' },
    errors: { type: 'boolean', default: false },
    epochs: { type: 'string', default: '10' },
    bits: { type: 'string', default: '18' },
    chat: { type: 'string', default: '40000' },
    prose: { type: 'string', default: '30000' },
    business: { type: 'string', default: '10000' },
    dropout: { type: 'string', default: '0.3' },
    out: { type: 'string', default: 'models/names.bin.gz' },
    seeds: { type: 'string', default: '7,11,13' },
    lexicon: { type: 'string', default: 'models/lexicon.bin.gz' },
  },
});

/** The lexicon table (tools/build-lexicon.ts); `--lexicon none` trains without it. */
const lexicon: Map<number, number> =
  values.lexicon === 'none' ? new Map() : decodeLexicon(readFileSync(resolve(values.lexicon!)));

/**
 * Same text in other cases: the model must not depend on capitalisation alone. Every
 * sentence also goes in lower case (half of those as informal text: no accents, little
 * punctuation) and half of them in ALL CAPS.
 */
function augment(docs: Doc[], rng: Rng): Doc[] {
  const out: Doc[] = [];
  for (const doc of docs) {
    out.push(doc);
    out.push(rng.chance(0.5) ? lowerDoc(doc) : informalDoc(doc, rng));
    if (rng.chance(0.5)) out.push(upperDoc(doc));
  }
  return out;
}

/** Parts for jackknifed gazetteer features (see trainOn). */
const JACKKNIFE = 5;

function gazModel(
  learnFrom: Doc[],
  bits: number,
  log: boolean,
  withLearnedSurnames = true,
): NameModel & { learned: string[] } {
  const { entries, stats, learnedSurnames } = buildGazetteerEntries(learnFrom, withLearnedSurnames);
  const gaz = buildGazetteer(entries, lexicon);
  if (log) {
    console.log(
      `gazetteer: ${stats.firstNames} first names, ${stats.surnames} surnames, ${stats.common} common words, ${gaz.length / 2} slots`,
    );
  }
  return {
    learned: learnedSurnames,
    bits,
    weights: new Float32Array(0),
    trans: new Float32Array((TAG_START + 1) * TAGS),
    gaz,
  };
}

/**
 * Trains on `train`. Surnames and common words learned from the corpus would be known
 * for every training sentence but not for unseen text, and the model would learn that a
 * capitalised word without the surname flag is not a name. So the features of each
 * training part come from a gazetteer learned on the other parts (jackknifing); the
 * shipped gazetteer is learned from all of train.
 */
function trainOn(train: Doc[], log: boolean, seed: number): NameModel {
  const bits = Number(values.bits);
  const full = gazModel(train, bits, log);
  const rng = new Rng(seed);
  const trainer = new Trainer(bits, full);
  trainer.dropout = Math.round(Number(values.dropout) * 1024);
  const prep = { entities: 0, reachable: 0 };
  const data = [];
  for (let k = 0; k < JACKKNIFE; k++) {
    const part = train.filter((_, i) => i % JACKKNIFE === k);
    const gaz = gazModel(
      train.filter((_, i) => i % JACKKNIFE !== k),
      bits,
      false,
    );
    data.push(...trainer.prepare(augment(part, rng), prep, gaz));
  }
  // Generated sentences see the full gazetteer except the surnames learned from the
  // corpora, which they use as unknown surnames.
  const handOnly = gazModel(train, bits, false, false);
  data.push(...trainer.prepare(trainChatDocs(Number(values.chat), full.learned), prep, handOnly));
  data.push(...trainer.prepare(trainProseDocs(Number(values.prose), full.learned), prep, handOnly));
  data.push(...trainer.prepare(trainBusinessDocs(Number(values.business), full.learned), prep, handOnly));
  if (log) {
    console.log(
      `training sentences with candidates: ${data.length}; entities ${prep.entities}, reachable ${prep.reachable}`,
    );
  }
  trainer.train(data, Number(values.epochs), rng, (ep, errors) => {
    if (log) console.log(`epoch ${ep}: ${errors} wrong runs`);
  });
  return trainer.model();
}

/**
 * One model per seed (the seed orders the data, draws the case variants and the feature
 * dropout), weights and transitions averaged: the perceptron's result moves by about half
 * a point of F1 and ten false alarms with the seed alone; the average of three is better
 * than each of them on the dev sets.
 */
function trainAveraged(train: Doc[], log: boolean): NameModel {
  const seeds = values.seeds!.split(',').map(Number);
  let sum: NameModel | undefined;
  for (const [k, seed] of seeds.entries()) {
    const m = trainOn(train, log && k === 0, seed);
    if (sum === undefined) sum = m;
    else {
      for (let i = 0; i < m.weights.length; i++) sum.weights[i]! += m.weights[i]!;
      for (let i = 0; i < m.trans.length; i++) sum.trans[i]! += m.trans[i]!;
    }
  }
  const model = sum!;
  for (let i = 0; i < model.weights.length; i++) model.weights[i]! /= seeds.length;
  for (let i = 0; i < model.trans.length; i++) model.trans[i]! /= seeds.length;
  return model;
}

function printErrors(detect: (t: string) => { start: number; end: number }[], docs: Doc[]): void {
  for (const doc of docs) {
    const gold = new Set(doc.spans.map(([s, e]) => `${s}:${e}`));
    const found = detect(doc.text);
    const got = new Set(found.map((m) => `${m.start}:${m.end}`));
    for (const m of found) {
      if (!gold.has(`${m.start}:${m.end}`))
        console.error(`FP  ${doc.text.slice(m.start, m.end)}  | ${context(doc.text, m.start, m.end)}`);
    }
    for (const [s, e] of doc.spans) {
      if (!got.has(`${s}:${e}`)) console.error(`FN  ${doc.text.slice(s, e)}  | ${context(doc.text, s, e)}`);
    }
  }
}

function context(text: string, s: number, e: number): string {
  return `${text.slice(Math.max(0, s - 50), s)}[[${text.slice(s, e)}]]${text.slice(e, e + 50)}`;
}

function crossValidate(all: Doc[], k: number): void {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let ltp = 0;
  let lfp = 0;
  let lfn = 0;
  for (let f = 0; f < k; f++) {
    const lo = Math.floor((all.length * f) / k);
    const hi = Math.floor((all.length * (f + 1)) / k);
    const model = trainAveraged([...all.slice(0, lo), ...all.slice(hi)], false);
    const det = createNameDetector(model);
    const detect = (t: string) => det.detect(t);
    const fold = all.slice(lo, hi);
    const s = score(detect, fold);
    const l = score(detect, fold.map(lowerDoc));
    if (values.errors) printErrors(detect, fold);
    console.log(`fold ${f + 1}: ${formatScore(s)} | lower ${formatScore(l)}`);
    tp += s.tp;
    fp += s.fp;
    fn += s.fn;
    ltp += l.tp;
    lfp += l.fp;
    lfn += l.fn;
  }
  const f1 = (a: number, b: number, c: number) => ((200 * a) / (2 * a + b + c)).toFixed(2);
  console.log(`cross-validation F1: cased ${f1(tp, fp, fn)}  lower ${f1(ltp, lfp, lfn)}`);
}

/** All training splits: LeNER-Br (legal), Bosque (news), PUD (translated news, Wikipedia), NERDE (administrative). */
function trainingDocs(): Doc[] {
  return [
    ...lenerSplit('train'),
    ...extraSplit('uner_pt_bosque', 'train'),
    ...extraSplit('uner_pt_pud', 'train'),
    ...extraSplit('nerde', 'train'),
  ];
}

function main(): void {
  const t0 = performance.now();
  console.log(`data: ${dataDir()}`);
  const allTrain = trainingDocs();
  const cut = values.holdout ? Math.floor(allTrain.length * 0.9) : allTrain.length;
  const train = allTrain.slice(0, cut);
  const held = allTrain.slice(cut);

  const folds = Number(values.folds);
  if (folds > 1) {
    crossValidate(allTrain, folds);
    return;
  }
  const model = trainAveraged(train, true);
  const detector = createNameDetector(model);
  const detect = (t: string) => detector.detect(t);
  if (values.holdout) {
    if (values.errors) printErrors(detect, held);
    console.log(`train holdout (10%):    ${formatScore(score(detect, held))}`);
    console.log(`train holdout, lower:   ${formatScore(score(detect, held.map(lowerDoc)))}`);
  }
  for (const g of devGenres()) {
    if (values.errors) printErrors(detect, g.docs);
    console.log(`${g.name}:`);
    console.log(`  as written ${formatScore(score(detect, g.docs))}`);
    console.log(`  lower      ${formatScore(score(detect, g.docs.map(lowerDoc)))}`);
    console.log(`  UPPER      ${formatScore(score(detect, g.docs.map(upperDoc)))}`);
  }
  const free = personFreeDocs();
  let alarms = 0;
  for (const d of free) {
    const found = detect(d.text);
    alarms += found.length;
    if (values.errors) for (const m of found) console.error(`FA  ${context(d.text, m.start, m.end)}`);
  }
  console.log(`person-free: ${alarms} false alarms in ${free.length} sentences`);

  const file = serializeModel(model);
  const out = resolve(values.out!);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, file);
  console.log(
    `wrote ${out} (${(file.length / 1024).toFixed(0)} KiB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

main();
