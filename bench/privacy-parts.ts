// What reading parts together costs: characters handed to the detectors by findInParts
// against the parts' own length (deterministic), and, in the same run, the time of
// cleanParts against cleaning each part alone (cleanList) on the same parts.
// Run: npm run build && node dist/bench/privacy-parts.js
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createCleaner, findAll } from '../src/privacy/barrier.js';
import { findInParts } from '../src/privacy/parts.js';

const para =
  'O cliente Joana Prado ligou ontem pedindo a segunda via do boleto do pedido 48213; ' +
  'conferimos o cadastro, a nota 1234 e o endereço na Rua das Flores 120, e explicamos o prazo. ';
const text = (n: number) => para.repeat(Math.ceil(n / para.length)).slice(0, n);

const cases: Record<string, string[]> = {
  '6 × 400 B, cut mid-word': Array.from({ length: 6 }, () => text(400)),
  '6 × 400 B, ending in "."': Array.from({ length: 6 }, () => `${text(398)}.`),
  '6 × 2 KB, ending in "."': Array.from({ length: 6 }, () => `${text(1998)}.`),
  '1,000 items of ~40 B': Array.from({ length: 1000 }, (_, i) => `item ${i} pedido ok, cliente Joana Prado`),
};

function median(xs: number[]): number {
  return xs.sort((a, b) => a - b)[xs.length >> 1]!;
}

function timeOf(f: () => void, rounds: number): number {
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) f();
  return (performance.now() - t0) / rounds;
}

createCleaner({ policy: 'placeholder' }).cleanText('Joana Prado'); // loads the name model
console.log(`load average at start: ${loadavg()[0]!.toFixed(1)}`);
console.log('| parts | scanned / text | cleanParts / cleanList (median of 7 alternating rounds) |');
console.log('|---|---|---|');
for (const [name, parts] of Object.entries(cases)) {
  let scanned = 0;
  findInParts(parts, (t) => {
    scanned += t.length;
    return findAll(t);
  });
  const own = parts.reduce((n, p) => n + p.length, 0);
  const rounds = Math.max(3, Math.round(200_000 / own));
  const list = () => createCleaner({ policy: 'placeholder' }).cleanList(parts);
  const joined = () => createCleaner({ policy: 'placeholder' }).cleanParts(parts);
  const ratios: number[] = [];
  for (let r = 0; r < 7; r++) {
    const a = r % 2 ? timeOf(list, rounds) : 0;
    const b = timeOf(joined, rounds);
    const c = r % 2 ? a : timeOf(list, rounds);
    ratios.push(b / c);
  }
  console.log(`| ${name} | ${(scanned / own).toFixed(2)}× | ${median(ratios).toFixed(2)}× |`);
}
