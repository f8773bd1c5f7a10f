// Trains the person-name model and writes models/names.bin.gz.
//   npm run train:names                       full LeNER-Br train (+ augmentation), reports dev
//   npm run train:names -- --holdout          trains on 90% of train, reports the other 10% and dev
//   options: --epochs N  --bits N  --out FILE  (data dir: NAMES_DATA_DIR, default ../shared/data)
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
    epochs: { type: 'string', default: '12' },
    bits: { type: 'string', default: '20' },
    chat: { type: 'string', default: '6000' },
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

function main(): void {
  const t0 = performance.now();
  console.log(`data: ${dataDir()}`);
  const allTrain = lenerSplit('train');
  const dev = lenerSplit('dev');
  const cut = values.holdout ? Math.floor(allTrain.length * 0.9) : allTrain.length;
  const train = allTrain.slice(0, cut);
  const held = allTrain.slice(cut);

  const { entries, stats } = buildGazetteerEntries(train);
  const { keys, vals } = buildGazetteer(entries);
  console.log(
    `gazetteer: ${stats.firstNames} first names, ${stats.surnames} surnames, ${stats.common} common words, ${keys.length} slots`,
  );
  const bits = Number(values.bits);
  const gazOnly: NameModel = {
    bits,
    weights: new Float32Array(0),
    trans: new Float32Array((TAG_START + 1) * TAGS),
    gazKeys: keys,
    gazVals: vals,
  };

  const rng = new Rng(TRAIN_SEED);
  const docs = [...augment(train, rng), ...trainChatDocs(Number(values.chat))];
  const trainer = new Trainer(bits, gazOnly);
  const prep = { entities: 0, reachable: 0 };
  const data = trainer.prepare(docs, prep);
  console.log(
    `training sentences: ${docs.length} (${data.length} with candidates); entities ${prep.entities}, reachable ${prep.reachable}`,
  );
  trainer.train(data, Number(values.epochs), rng, (ep, errors) =>
    console.log(`epoch ${ep}: ${errors} wrong runs`),
  );

  const model = trainer.model();
  const detector = createNameDetector(model);
  const detect = (t: string) => detector.detect(t);
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
