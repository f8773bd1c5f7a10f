// The hostile extraction of a shared-stream PDF bomb, and the CPU left behind when a client
// of a slow OCR goes away, on this build and (with a path to a baseline build's dist/) on
// that one, in the same run:
//
//   node dist/bench/extract-bounds.js [/tmp/base-extract/dist] [pages, default 5] [inflated MB, default 200]
//
// 1. Bomb: a PDF whose `pages` pages all draw one stream inflating to `inflated` MB, read by
//    a one-thread PdfTextPool: wall and CPU seconds (the process's, threads included), peak
//    RSS, and the answer. The baseline is given 180 s at most.
// 2. Cancel: a 1600×1600 noise PNG through extractText on a one-thread OcrPool; once
//    recognition starts the caller aborts (as the route does when the client disconnects),
//    and the process's CPU seconds are sampled over the next two seconds. The baseline has
//    no way to stop the thread: its CPU is what the OCR goes on burning after the client left.
import { performance } from 'node:perf_hooks';
import { subscribe } from 'node:diagnostics_channel';
import { bombPdf, noisePng } from '../test/documents/hostile.js';

type Documents = typeof import('../src/documents/index.js');

const baseDist = process.argv[2] && process.argv[2] !== '-' ? process.argv[2] : undefined;
const pages = Number(process.argv[3] ?? 5);
const inflatedMb = Number(process.argv[4] ?? 200);

const cpu = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
};

async function bomb(docs: Documents, label: string, bytes: Buffer, limitMs: number) {
  const pool = new docs.PdfTextPool({ size: 1 });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let answer: string;
  try {
    const timer = new Promise<string>((r) =>
      setTimeout(() => r(`still running after ${limitMs / 1000} s`), limitMs).unref(),
    );
    answer = await Promise.race([
      pool.text(bytes, { maxPages: 500 }).then(
        (r) => `read ${r.pages} pages`,
        (e) => `refused: ${(e as { code?: string }).code ?? e}`,
      ),
      timer,
    ]);
  } finally {
    clearInterval(sampler);
  }
  const wall = (performance.now() - t0) / 1000;
  const cpuS = cpu(c0);
  await pool.close();
  console.log(
    `  ${label}: ${wall.toFixed(2)} s wall, ${cpuS.toFixed(2)} CPU-s, peak RSS ${(peak / 2 ** 20).toFixed(0)} MB — ${answer}`,
  );
  return { wall, cpuS };
}

async function cancel(docs: Documents, label: string, png: Buffer) {
  const ocr = new docs.OcrPool({ size: 1 });
  const controller = new AbortController();
  let started = false;
  subscribe('svc.documents.jobs', (e) => {
    if ((e as { event: string }).event === 'start') started = true;
  });
  const work = docs.extractText(png, ocr, undefined, { signal: controller.signal } as never).catch(() => {});
  // The baseline announces nothing: give it the time the new build needs to reach recognition.
  const t0 = performance.now();
  while (!started && performance.now() - t0 < 8000) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 500)); // recognition under way
  controller.abort();
  const c0 = process.cpuUsage();
  await new Promise((r) => setTimeout(r, 1000));
  const first = cpu(c0);
  const c1 = process.cpuUsage();
  await new Promise((r) => setTimeout(r, 1000));
  const second = cpu(c1);
  console.log(
    `  ${label}: CPU-s after the client left: ${first.toFixed(2)} in the 1st second, ${second.toFixed(2)} in the 2nd`,
  );
  await ocr.close();
  await work;
  return second;
}

const docs = (await import('../src/documents/index.js')) as Documents;
const base = baseDist ? ((await import(`${baseDist}/src/documents/index.js`)) as Documents) : undefined;

const file = bombPdf({ pages, inflated: inflatedMb * 2 ** 20 });
console.log(
  `PDF bomb: ${(file.length / 1024).toFixed(0)} KB, ${pages} pages drawing one stream of ${inflatedMb} MB`,
);
const after = await bomb(docs, 'this build', file, 180_000);
if (base) {
  const before = await bomb(base, 'baseline  ', file, 180_000);
  console.log(
    `  ratio baseline/this build: ${(before.cpuS / after.cpuS).toFixed(1)}× CPU, ${(before.wall / after.wall).toFixed(1)}× wall`,
  );
}

const png = await noisePng(1600, 1600);
console.log('Noise PNG 1600×1600 through OCR, caller aborts once recognition runs:');
await cancel(docs, 'this build', png);
if (base) await cancel(base, 'baseline  ', png);
process.exit(0);
