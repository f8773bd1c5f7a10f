// How well image redaction hides personal data, measured the way a reader would check it:
// each generated picture (images-gen.ts) is redacted as the gateway does it (the default
// cleaning: every category, balanced names), and the redacted picture is read again by the
// same OCR. Per category: the share of the personal-data words OCR could read in the
// original that it can no longer read (and of all of them); per layout, the same and the
// share of decoy words (company names, prices, dates, process numbers) still readable.
// Words of fewer than three letters or digits are not counted (a DDD, "de", a block letter),
// nor the particles and street types every address and name shares ("das", "Rua", "apto").
// Prints tables; fails nothing. SHOW_ERRORS=1 prints each word that stayed readable (and
// each decoy lost); ONLY=layout,… measures some layouts only.
// Run: npm run build && npm run bench:install && node dist/bench/images-redaction.js [per-layout]
import { OcrPool, type OcrLine, redactImage, wordBoxes } from '../src/documents/index.js';
import { findInOcr } from '../src/privacy/ocr/index.js';
import { FONTS, type GoldWord, generateImage, LAYOUTS, type Layout } from './images-gen.js';
import { rng } from './privacy-gen.js';

const perLayout = Number(process.argv[2] ?? 8);
const showErrors = process.env.SHOW_ERRORS === '1';
/** ONLY=holerite,cupom: measure these layouts only (the others are still drawn, so each picture stays the same). */
const only = process.env.ONLY?.split(',');
const CAPS = { maxPixels: 40_000_000, maxDecodedBytes: 160 * 1024 * 1024 };

const alnum = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
/** Particles and short words of names and addresses: on every page, they identify no one. */
const COMMON = new Set([
  'da',
  'de',
  'do',
  'das',
  'dos',
  'rua',
  'av',
  'avenida',
  'travessa',
  'alameda',
  'praca',
  'estrada',
  'bloco',
  'apto',
  'casa',
  'sala',
]);

/** What OCR read, in the two forms the checks need. */
interface Read {
  /** Every word, letters and digits only. */
  words: string[];
  /** The whole page squashed: letters and digits only, no spaces. */
  squashed: string;
}

function reading(lines: readonly OcrLine[]): Read {
  const words = lines.flatMap((l) => l.words.map((w) => alnum(w.text)));
  return { words, squashed: words.join('') };
}

/**
 * A personal word counts as readable if its letters and digits appear anywhere on the page
 * (the strict side for redaction: a coincidence counts against it); a decoy only if a word
 * OCR read holds it (the strict side for decoys).
 */
const piiReadable = (r: Read, w: string) => r.squashed.includes(w);
const decoyReadable = (r: Read, w: string) => r.words.some((x) => x.includes(w));

interface Tally {
  /** Personal words OCR read in the original / of them, read no longer. */
  seen: number;
  hidden: number;
  /** All personal words / of them not readable after. */
  all: number;
  gone: number;
  /** Decoys read in the original / still read after. */
  decoys: number;
  kept: number;
}

const blank = (): Tally => ({ seen: 0, hidden: 0, all: 0, gone: 0, decoys: 0, kept: 0 });
const byCategory = new Map<string, Tally>();
const byLayout = new Map<Layout, Tally>();
const tallyOf = <K>(map: Map<K, Tally>, k: K) => {
  let t = map.get(k);
  if (!t) map.set(k, (t = blank()));
  return t;
};

const ocr = new OcrPool({ size: 1 });
const r = rng(20260611);
const times: number[] = [];
for (const layout of LAYOUTS) {
  for (let i = 0; i < perLayout; i++) {
    const image = await generateImage(r, layout);
    if (only && !only.includes(layout)) continue;
    let before: OcrLine[] = [];
    const started = performance.now();
    const redacted = await redactImage(
      image.bytes,
      ocr,
      (lines) => {
        before = lines;
        return wordBoxes(
          lines,
          findInOcr(lines).flatMap((m) => m.words),
        );
      },
      CAPS,
    );
    times.push((performance.now() - started) / ((image.width * image.height) / 1e6));
    let after: OcrLine[] = [];
    await redactImage(
      redacted.bytes,
      ocr,
      (lines) => {
        after = lines;
        return [];
      },
      CAPS,
    );
    score(layout, image.words, reading(before), reading(after), image.font);
  }
}
await ocr.close();

function score(layout: Layout, gold: readonly GoldWord[], before: Read, after: Read, font: string): void {
  for (const g of gold) {
    const w = alnum(g.text);
    if (w.length < 3 || COMMON.has(w)) continue;
    const inLayout = tallyOf(byLayout, layout);
    if (g.kind === 'decoy') {
      if (!decoyReadable(before, w)) continue;
      inLayout.decoys++;
      const kept = decoyReadable(after, w);
      if (kept) inLayout.kept++;
      else if (showErrors) console.log(`decoy lost    ${layout} ${font}: ${g.text}`);
      continue;
    }
    for (const t of [tallyOf(byCategory, g.kind), inLayout]) {
      t.all++;
      const readableAfter = piiReadable(after, w);
      if (!readableAfter) t.gone++;
      if (piiReadable(before, w)) {
        t.seen++;
        if (!readableAfter) t.hidden++;
      }
    }
    if (showErrors && piiReadable(after, w))
      console.log(`still readable ${layout} ${font} ${g.kind}: ${g.text}`);
  }
}

const pct = (n: number, d: number) => (d === 0 ? '—' : (n / d).toFixed(3));
console.log(`${perLayout} pictures per layout, ${LAYOUTS.length} layouts; fonts: ${FONTS.join(', ')}\n`);
console.log('| category | words read in the original | hidden after redaction | hidden, of all words |');
console.log('|---|---|---|---|');
for (const [category, t] of [...byCategory].sort()) {
  console.log(`| \`${category}\` | ${t.seen} | ${pct(t.hidden, t.seen)} | ${pct(t.gone, t.all)} |`);
}
console.log(
  '\n| layout | personal words read in the original | hidden after redaction | decoys read in the original | decoys still readable |',
);
console.log('|---|---|---|---|---|');
for (const [layout, t] of byLayout) {
  console.log(
    `| ${layout} | ${t.seen} | ${pct(t.hidden, t.seen)} | ${t.decoys} | ${pct(t.kept, t.decoys)} |`,
  );
}
times.sort((a, b) => a - b);
console.log(
  `\nredaction: median ${Math.round(times[Math.floor(times.length / 2)]!)} ms per megapixel (one OCR thread)`,
);
