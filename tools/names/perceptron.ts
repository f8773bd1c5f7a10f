// Structured averaged perceptron over BIO tags, decoded with the same candidate runs and
// Viterbi as the detector. Features are extracted once per training sentence.
import { viterbi } from '../../src/privacy/names/decode.js';
import { Analysis, MAX_FEATURES } from '../../src/privacy/names/features.js';
import { type NameModel, TAG_B, TAG_I, TAG_O, TAG_START, TAGS } from '../../src/privacy/names/model.js';
import { splitsLines } from '../../src/privacy/names/lines.js';
import { Tokens } from '../../src/privacy/names/tokenize.js';
import type { Doc } from './data.js';
import type { Rng } from './rng.js';

/** One sentence, reduced to its candidate tokens. */
interface Instance {
  feats: Int32Array;
  offs: Int32Array; // feature offsets per candidate token (length = candidates + 1)
  gold: Uint8Array; // gold tag per candidate token
  runs: Int32Array; // triples: first candidate index, length, starts-at-token-0
}

export interface PrepareStats {
  entities: number;
  reachable: number;
}

export class Trainer {
  readonly w: Float64Array;
  readonly u: Float64Array;
  readonly trans = new Float64Array((TAG_START + 1) * TAGS);
  readonly transU = new Float64Array((TAG_START + 1) * TAGS);
  private c = 1;
  private readonly mask: number;
  /** Per-(epoch, sentence) salt of the feature dropout; see `kept`. */
  private salt = 0;
  /** Probability (x 1024) that a feature is hidden for one training step. */
  dropout = 0;

  constructor(
    readonly bits: number,
    private readonly gaz: NameModel,
  ) {
    this.w = new Float64Array((1 << bits) * TAGS);
    this.u = new Float64Array((1 << bits) * TAGS);
    this.mask = (1 << bits) - 1;
  }

  prepare(docs: Doc[], stats: PrepareStats, gaz: NameModel = this.gaz): Instance[] {
    const tok = new Tokens();
    const an = new Analysis();
    const buf = new Int32Array(MAX_FEATURES);
    const out: Instance[] = [];
    for (const doc of docs) {
      tok.tokenize(doc.text);
      const n = tok.count;
      const tags = new Uint8Array(n);
      const byStart = new Map<number, number>();
      for (let i = 0; i < n; i++) byStart.set(tok.start[i]!, i);
      for (const [s, e] of doc.spans) {
        const first = byStart.get(s);
        stats.entities++;
        if (first === undefined) continue;
        tags[first] = TAG_B;
        for (let i = first + 1; i < n && tok.start[i]! < e; i++) tags[i] = TAG_I;
      }
      if (an.run(gaz, tok) === 0) continue;
      const feats: number[] = [];
      const offs: number[] = [0];
      const gold: number[] = [];
      const runs: number[] = [];
      let i = 0;
      while (i < n) {
        if (an.cand[i] === 0) {
          i++;
          continue;
        }
        const begin = gold.length;
        let j = i;
        // Runs end at a line's end, as the detector decodes them (a form's fields, a signature).
        for (; j < n && an.cand[j] !== 0 && (j === i || !splitsLines(doc.text, tok, j)); j++) {
          const k = an.features(doc.text, tok, j, buf);
          for (let f = 0; f < k; f++) feats.push(buf[f]!);
          offs.push(feats.length);
          // A name that starts outside the run cannot be reached; teach its reachable part.
          let g = tags[j]!;
          if (g === TAG_I && (j === i || tags[j - 1] === TAG_O)) g = TAG_B;
          gold.push(g);
        }
        runs.push(begin, j - i, i === 0 ? 1 : 0);
        i = j;
      }
      // Reachable entities: B on a candidate whose whole span is candidate tokens.
      for (let t = 0; t < n; t++) {
        if (tags[t] !== TAG_B || an.cand[t] === 0) continue;
        let e = t + 1;
        while (e < n && tags[e] === TAG_I) e++;
        let ok = true;
        for (let x = t; x < e; x++) if (an.cand[x] === 0) ok = false;
        if (ok) stats.reachable++;
      }
      out.push({
        feats: Int32Array.from(feats),
        offs: Int32Array.from(offs),
        gold: Uint8Array.from(gold),
        runs: Int32Array.from(runs),
      });
    }
    return out;
  }

  train(data: Instance[], epochs: number, rng: Rng, log: (epoch: number, errors: number) => void): void {
    const em = new Float64Array(4096 * TAGS);
    const back = new Uint8Array(4096 * TAGS);
    const pred = new Uint8Array(4096);
    const order = data.map((_, i) => i);
    for (let ep = 0; ep < epochs; ep++) {
      rng.shuffle(order);
      let errors = 0;
      for (const idx of order) {
        const inst = data[idx]!;
        this.salt = Math.imul(ep + 1, 0x9e3779b1) ^ Math.imul(idx + 1, 0x85ebca6b);
        for (let r = 0; r < inst.runs.length; r += 3) {
          const begin = inst.runs[r]!;
          const m = inst.runs[r + 1]!;
          const first = inst.runs[r + 2] === 1;
          this.emissions(inst, begin, m, em);
          viterbi(em, m, this.trans, first, back, pred);
          let wrong = false;
          for (let t = 0; t < m; t++) if (pred[t] !== inst.gold[begin + t]) wrong = true;
          if (!wrong) continue;
          errors++;
          this.update(inst, begin, m, first, pred);
        }
        this.c++;
      }
      log(ep + 1, errors);
    }
  }

  private emissions(inst: Instance, begin: number, m: number, em: Float64Array): void {
    const w = this.w;
    for (let t = 0; t < m; t++) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      for (let f = inst.offs[begin + t]!; f < inst.offs[begin + t + 1]!; f++) {
        if (!this.kept(inst.feats[f]!, begin + t)) continue;
        const b = (inst.feats[f]! & this.mask) * TAGS;
        s0 += w[b]!;
        s1 += w[b + 1]!;
        s2 += w[b + 2]!;
      }
      em[t * TAGS] = s0;
      em[t * TAGS + 1] = s1;
      em[t * TAGS + 2] = s2;
    }
  }

  private update(inst: Instance, begin: number, m: number, first: boolean, pred: Uint8Array): void {
    const c = this.c;
    let pg = first ? TAG_START : TAG_O;
    let pp = pg;
    for (let t = 0; t < m; t++) {
      const g = inst.gold[begin + t]!;
      const p = pred[t]!;
      if (g !== p) {
        for (let f = inst.offs[begin + t]!; f < inst.offs[begin + t + 1]!; f++) {
          if (!this.kept(inst.feats[f]!, begin + t)) continue;
          const b = (inst.feats[f]! & this.mask) * TAGS;
          this.w[b + g]! += 1;
          this.u[b + g]! += c;
          this.w[b + p]! -= 1;
          this.u[b + p]! -= c;
        }
      }
      this.bumpTrans(pg * TAGS + g, 1);
      this.bumpTrans(pp * TAGS + p, -1);
      pg = g;
      pp = p;
    }
    this.bumpTrans(pg * TAGS + TAG_O, 1);
    this.bumpTrans(pp * TAGS + TAG_O, -1);
  }

  /**
   * Feature dropout: each step hides a random subset of the features (the same subset for
   * scoring and updating). Without it the perceptron stops learning from gazetteer and
   * shape features as soon as the surrounding words alone get a sentence right, and the
   * model then fails on contexts it has not seen.
   */
  private kept(feat: number, pos: number): boolean {
    if (this.dropout === 0) return true;
    let h = Math.imul(feat ^ this.salt ^ Math.imul(pos + 1, 0xc2b2ae35), 0x27d4eb2f);
    h ^= h >>> 15;
    return (h & 1023) >= this.dropout;
  }

  private bumpTrans(i: number, d: number): void {
    this.trans[i]! += d;
    this.transU[i]! += d * this.c;
  }

  /** The averaged weights as a model (sharing the gazetteer). */
  model(): NameModel {
    const avg = (w: Float64Array, u: Float64Array) => {
      const out = new Float32Array(w.length);
      for (let i = 0; i < w.length; i++) out[i] = w[i]! - u[i]! / this.c;
      return out;
    };
    return {
      bits: this.bits,
      weights: avg(this.w, this.u),
      trans: avg(this.trans, this.transU),
      gaz: this.gaz.gaz,
    };
  }
}
