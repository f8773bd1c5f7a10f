// Accuracy of the structured detectors (CPF, CNPJ, e-mail, telephone) on a generated
// adversarial set, side by side with openredaction on the same documents.
// Run: npm run build && node dist/bench/privacy-accuracy.js [samples-per-category]
import { openRedaction } from './peers.js';
import { findAll } from '../src/privacy/barrier.js';
import { negative, pick, positive, rng, type Sample } from './privacy-gen.js';

type Cat = 'cpf' | 'cnpj' | 'email' | 'telefone';
const CATS: Cat[] = ['cpf', 'cnpj', 'email', 'telefone'];

interface Span {
  category: Cat;
  start: number;
  end: number;
}

/** Documents of ~10 samples each: half positives, half look-alikes, shuffled. */
function buildSet(perCategory: number): { text: string; gold: Span[]; kinds: string[] }[] {
  const r = rng(20260701);
  const samples: (Sample & { kind: string })[] = [];
  for (const c of CATS) for (let i = 0; i < perCategory; i++) samples.push({ ...positive(r, c), kind: c });
  for (let i = 0; i < perCategory * CATS.length; i++) samples.push(negative(r));
  for (let i = samples.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [samples[i], samples[j]] = [samples[j]!, samples[i]!];
  }
  const docs: { text: string; gold: Span[]; kinds: string[] }[] = [];
  for (let i = 0; i < samples.length; i += 10) {
    let text = '';
    const gold: Span[] = [];
    const kinds: string[] = [];
    for (const s of samples.slice(i, i + 10)) {
      const sep = text ? pick(r, ['\n', ' ', '\n\n']) : '';
      const base = text.length + sep.length;
      text += sep + s.text;
      for (const g of s.gold)
        gold.push({ category: g.category as Cat, start: base + g.start, end: base + g.end });
      kinds.push(s.kind);
    }
    docs.push({ text, gold, kinds });
  }
  return docs;
}

interface Score {
  tp: number;
  fp: number;
  fn: number;
  exact: number;
}

function score(docs: { text: string; gold: Span[] }[], predict: (t: string) => Span[], errors?: string[]) {
  const s = Object.fromEntries(CATS.map((c) => [c, { tp: 0, fp: 0, fn: 0, exact: 0 }])) as Record<Cat, Score>;
  for (const d of docs) {
    const pred = predict(d.text);
    const overlaps = (a: Span, b: Span) => a.category === b.category && a.start < b.end && b.start < a.end;
    for (const g of d.gold) {
      const hit = pred.find((p) => overlaps(p, g));
      if (hit) {
        s[g.category].tp++;
        if (hit.start === g.start && hit.end === g.end) s[g.category].exact++;
      } else {
        s[g.category].fn++;
        errors?.push(
          `FN ${g.category}: ${JSON.stringify(d.text.slice(Math.max(0, g.start - 30), g.end + 10))}`,
        );
      }
    }
    for (const p of pred) {
      if (!d.gold.some((g) => overlaps(p, g))) {
        s[p.category].fp++;
        errors?.push(
          `FP ${p.category}: ${JSON.stringify(d.text.slice(Math.max(0, p.start - 30), p.end + 10))}`,
        );
      }
    }
  }
  return s;
}

function ours(text: string): Span[] {
  return findAll(text, { names: false }).filter((m) => m.category !== 'nome') as Span[];
}

function mapOpenRedactionType(t: string): Cat | null {
  if (t === 'BRAZILIAN_CPF') return 'cpf';
  if (t === 'BRAZILIAN_CNPJ') return 'cnpj';
  if (t === 'EMAIL') return 'email';
  if (t.startsWith('PHONE')) return 'telefone';
  return null;
}

async function openredactionPredictions(docs: { text: string }[]): Promise<Map<string, Span[]>> {
  const or = await openRedaction({ includeNames: false, includeAddresses: false });
  const out = new Map<string, Span[]>();
  for (const d of docs) {
    const res = await or.detect(d.text);
    const spans: Span[] = [];
    for (const det of res.detections) {
      const category = mapOpenRedactionType(det.type);
      if (category) spans.push({ category, start: det.position[0], end: det.position[1] });
    }
    out.set(d.text, spans);
  }
  return out;
}

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '  -  ');

function table(name: string, s: Record<Cat, Score>): string[] {
  const rows: string[] = [];
  for (const c of CATS) {
    const { tp, fp, fn, exact } = s[c];
    const p = tp / (tp + fp);
    const r = tp / (tp + fn);
    const f1 = (2 * p * r) / (p + r);
    rows.push(
      `| ${name} | ${c} | ${tp + fn} | ${f(p)} | ${f(r)} | ${f(f1)} | ${f(exact / (tp + fn))} | ${fp} | ${fn} |`,
    );
  }
  return rows;
}

const perCategory = Number(process.argv[2] ?? 1500);
const docs = buildSet(perCategory);
const errors: string[] = [];
const mine = score(docs, ours, errors);
const orPred = await openredactionPredictions(docs);
const theirs = score(docs, (t) => orPred.get(t) ?? []);

console.log(
  `documents: ${docs.length}, positives per category: ${perCategory}, look-alikes: ${perCategory * 4}`,
);
console.log('match: same category and overlapping span; "exact" = share of gold spans matched exactly\n');
console.log('| engine | category | gold | precision | recall | F1 | exact | FP | FN |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of [...table('ours', mine), ...table('openredaction', theirs)]) console.log(row);
if (process.env.SHOW_ERRORS) for (const e of errors.slice(0, 400)) console.log(e);
