// Trains the person-name model and writes models/names.bin.gz.
//   npm run train:names                       full LeNER-Br train (+ augmentation), reports dev
//   npm run train:names -- --holdout          trains on 90% of train, reports the other 10% and dev
//   npm run train:names -- --folds 5          5-fold cross-validation on train only (writes nothing)
//   options: --errors (print misses and false alarms)  --epochs N  --bits N  --out FILE  (data dir: NAMES_DATA_DIR, default ../shared/data)
// Deterministic: fixed seeds, no dependence on time or iteration order of hash maps.
import { mkdirSync, writeFileSync } from 'node:fs';
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
import { trainChatDocs } from './names/chat-train.js';
import { type Doc, dataDir, lenerSplit } from './names/data.js';
import { formatScore, score } from './names/eval.js';
import { buildGazetteerEntries } from './names/gazetteer.js';
import { Trainer } from './names/perceptron.js';
import { Rng } from './names/rng.js';
import { chatCase } from './names/template.js';

const TRAIN_SEED = 7;

const { values } = parseArgs({
  options: {
    holdout: { type: 'boolean', default: false },
    folds: { type: 'string', default: '0' },
    errors: { type: 'boolean', default: false },
    epochs: { type: 'string', default: '10' },
    bits: { type: 'string', default: '18' },
    chat: { type: 'string', default: '20000' },
    dropout: { type: 'string', default: '0.3' },
    out: { type: 'string', default: 'models/names.bin.gz' },
  },
});

/** Same text in other cases: the model must not depend on capitalisation alone. */
function augment(docs: Doc[], rng: Rng): Doc[] {
  const out: Doc[] = [];
  for (const doc of docs) {
    out.push(doc);
    out.push({ text: chatCase(doc.text), spans: doc.spans });
    if (rng.chance(0.5)) out.push({ text: upperSameLength(doc.text), spans: doc.spans });
  }
  return out;
}

function upperSameLength(s: string): string {
  let out = '';
  for (const ch of s) {
    const u = ch.toUpperCase();
    out += u.length === ch.length ? u : ch;
  }
  return out;
}

/** Parts for jackknifed gazetteer features (see trainOn). */
const JACKKNIFE = 5;

function gazModel(learnFrom: Doc[], bits: number, log: boolean): NameModel & { learned: string[] } {
  const { entries, stats, learnedSurnames } = buildGazetteerEntries(learnFrom);
  const { keys, vals } = buildGazetteer(entries);
  if (log) {
    console.log(
      `gazetteer: ${stats.firstNames} first names, ${stats.surnames} surnames, ${stats.common} common words, ${keys.length} slots`,
    );
  }
  return {
    learned: learnedSurnames,
    bits,
    weights: new Float32Array(0),
    trans: new Float32Array((TAG_START + 1) * TAGS),
    gazKeys: keys,
    gazVals: vals,
  };
}

/**
 * Trains on `train`. Surnames and common words learned from the corpus would be known
 * for every training sentence but not for unseen text, and the model would learn that a
 * capitalised word without the surname flag is not a name. So the features of each
 * training part come from a gazetteer learned on the other parts (jackknifing); the
 * shipped gazetteer is learned from all of train.
 */
function trainOn(train: Doc[], log: boolean): NameModel {
  const bits = Number(values.bits);
  const full = gazModel(train, bits, log);
  const rng = new Rng(TRAIN_SEED);
  const trainer = new Trainer(bits, full);
  trainer.dropout = Math.round(Number(values.dropout) * 1024);
  const prep = { entities: 0, reachable: 0 };
  const data = [];
  for (let k = 0; k < JACKKNIFE; k++) {
    const lo = Math.floor((train.length * k) / JACKKNIFE);
    const hi = Math.floor((train.length * (k + 1)) / JACKKNIFE);
    const gaz = gazModel([...train.slice(0, lo), ...train.slice(hi)], bits, false);
    data.push(...trainer.prepare(augment(train.slice(lo, hi), rng), prep, gaz));
  }
  // Chat sentences see only the hand-written lists, so corpus surnames in them are unknown words.
  const handOnly = gazModel([], bits, false);
  data.push(...trainer.prepare(trainChatDocs(Number(values.chat), full.learned), prep, handOnly));
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
    const model = trainOn([...all.slice(0, lo), ...all.slice(hi)], false);
    const det = createNameDetector(model);
    const detect = (t: string) => det.detect(t);
    const fold = all.slice(lo, hi);
    const s = score(detect, fold);
    const l = score(detect, fold.map(lower));
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

function main(): void {
  const t0 = performance.now();
  console.log(`data: ${dataDir()}`);
  const allTrain = lenerSplit('train');
  const dev = lenerSplit('dev');
  const cut = values.holdout ? Math.floor(allTrain.length * 0.9) : allTrain.length;
  const train = allTrain.slice(0, cut);
  const held = allTrain.slice(cut);

  const folds = Number(values.folds);
  if (folds > 1) {
    crossValidate(allTrain, folds);
    return;
  }
  const model = trainOn(train, true);
  const detector = createNameDetector(model);
  const detect = (t: string) => detector.detect(t);
  if (values.errors) printErrors(detect, values.holdout ? held : train);
  if (values.holdout) {
    console.log(`train holdout (10%):    ${formatScore(score(detect, held))}`);
    console.log(`train holdout, lower:   ${formatScore(score(detect, held.map(lower)))}`);
  }
  console.log(`LeNER-Br dev:           ${formatScore(score(detect, dev))}`);
  console.log(`LeNER-Br dev, lower:    ${formatScore(score(detect, dev.map(lower)))}`);
  console.log(
    `LeNER-Br dev, UPPER:    ${formatScore(
      score(
        detect,
        dev.map((d) => ({ ...d, text: upperSameLength(d.text) })),
      ),
    )}`,
  );

  const file = serializeModel(model);
  const out = resolve(values.out!);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, file);
  console.log(
    `wrote ${out} (${(file.length / 1024).toFixed(0)} KiB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

function lower(d: Doc): Doc {
  return { text: chatCase(d.text), spans: d.spans };
}

main();
