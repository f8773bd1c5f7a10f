// Time to redact one image (decode, OCR with word boxes, find, fill, encode) on one OCR
// thread, for a 1-megapixel picture of a form and for a scanned A4 page at 150 dpi, each the
// median of `runs` after a warm-up; and the fair share: while one organisation has six
// images in line, how long another organisation's image waits before its OCR starts.
// Run: npm run build && npm run bench:install && node dist/bench/images-speed.js [runs]
import sharp from 'sharp';
import { type JobEvent, jobEvents, OcrPool, redactImage, wordBoxes } from '../src/documents/index.js';
import { findInOcr } from '../src/privacy/ocr/index.js';
import { generateImage } from './images-gen.js';
import { median } from './lib.js';
import { rng } from './privacy-gen.js';

const runs = Number(process.argv[2] ?? 5);
const CAPS = { maxPixels: 40_000_000, maxDecodedBytes: 160 * 1024 * 1024 };
const ocr = new OcrPool({ size: 1 });
const locate = (lines: Parameters<typeof findInOcr>[0]) =>
  wordBoxes(
    lines,
    findInOcr(lines).flatMap((m) => m.words),
  );

const r = rng(424242);
const form = await generateImage(r, 'formulario');
const side = Math.sqrt(1_000_000 / (form.width * form.height));
const megapixel = await sharp(form.bytes)
  .resize(Math.round(form.width * side), Math.round(form.height * side))
  .jpeg({ quality: 85 })
  .toBuffer();
const page = (await generateImage(r, 'contrato')).bytes;

async function time(bytes: Buffer, owner = 'bench'): Promise<number> {
  const started = performance.now();
  await redactImage(bytes, ocr, locate, { ...CAPS, owner });
  return performance.now() - started;
}

await time(megapixel); // starts the thread and loads the language data
for (const [what, bytes] of [
  ['1-megapixel form (JPEG)', megapixel],
  ['A4 page at 150 dpi (1240 × 1754)', page],
] as const) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await time(bytes));
  const { width, height } = await sharp(bytes).metadata();
  console.log(
    `${what}, ${width}×${height}: median ${Math.round(median(times))} ms, min ${Math.round(Math.min(...times))} ms (${runs} runs)`,
  );
}

// Fair share: six images of one organisation in line, then one of another.
const starts = new Map<string, number>();
const onEvent = (message: unknown) => {
  const e = message as JobEvent;
  if (e.pool === 'ocr' && e.event === 'start' && !starts.has(e.owner)) starts.set(e.owner, performance.now());
};
jobEvents.subscribe(onEvent);
const crowd = Array.from({ length: 6 }, () => time(megapixel, 'org-a'));
await new Promise((resolve) => setTimeout(resolve, 200));
const submitted = performance.now();
const other = time(megapixel, 'org-b');
await Promise.all([...crowd, other]);
jobEvents.unsubscribe(onEvent);
console.log(
  `another organisation's image, behind six of one organisation: its OCR started after ${((starts.get('org-b')! - submitted) / 1000).toFixed(1)} s`,
);
await ocr.close();
