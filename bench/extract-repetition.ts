// PDFs that repeat themselves, and one organisation keeping the extraction threads busy, on
// this build and (BENCH_BASELINE=<other build>/dist/bench) on that one, in the same run:
//
//   node dist/bench/extract-repetition.js [baseline cap in seconds, default 60]
//
// 1. Repetition: three small hostile PDFs (one page listing a 1 MB stream 20 000 times; three
//    nested forms each drawing the next 200 times; one 1 MB page listed 400 times in the
//    page tree) read by a one-thread PdfTextPool with the shipped caps: wall and CPU seconds
//    (the process's, threads included) and the answer. A build still reading after the cap
//    (the shipped deadline) is stopped there, as the deadline would.
// 2. Share: a two-thread pool of each kind; organisation A sends files that take minutes
//    (three PDFs of a million form draws, let through by lifted caps; two noisy 1600×1600
//    images), then organisation B sends one small file: seconds until B's answer. Capped as
//    above.
import { performance } from 'node:perf_hooks';
import { photo, textPdf } from '../test/documents/fixtures.js';
import {
  nestedFormsPdf,
  noisePng,
  repeatedContentsPdf,
  repeatedPagesPdf,
} from '../test/documents/hostile.js';

type Documents = typeof import('../src/documents/index.js');

const CAP_S = Number(process.argv[2] ?? 60);
const MB = 2 ** 20;

const cpu = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
};

/** The answer of `work`, or a note that it was still running after the cap. */
function capped<T>(work: Promise<T>, describe: (r: T) => string): Promise<string> {
  const cap = new Promise<string>((r) =>
    setTimeout(() => r(`still running after ${CAP_S} s`), CAP_S * 1000).unref(),
  );
  return Promise.race([work.then(describe, (e) => `refused: ${(e as { code?: string }).code ?? e}`), cap]);
}

async function repetition(docs: Documents, label: string, file: Buffer) {
  const pool = new docs.PdfTextPool({ size: 1 });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const answer = await capped(pool.text(file, { maxPages: 500 }), (r) => `read ${r.pages} pages`);
  const wall = (performance.now() - t0) / 1000;
  const cpuS = cpu(c0);
  await pool.close();
  console.log(`  ${label}: ${wall.toFixed(2)} s wall, ${cpuS.toFixed(2)} CPU-s — ${answer}`);
  return cpuS;
}

async function share(docs: Documents, label: string) {
  const stop = new AbortController();
  const job = (owner: string) => ({ owner, signal: stop.signal });
  const lifted = { maxPages: 10, maxDecodedBytes: Number.MAX_SAFE_INTEGER };
  const pdfs = new docs.PdfTextPool({ size: 2, pageCpuMs: 600_000 } as never);
  const ocr = new docs.OcrPool({ size: 2 });
  const slow = nestedFormsPdf({ depth: 3, fanout: 100 });
  const noise = await noisePng(1600, 1600);
  const a = [
    ...[1, 2, 3].map(() => pdfs.text(slow, lifted, job('org-a')).catch(() => {})),
    ...[1, 2].map(() => ocr.recognize(noise, job('org-a')).catch(() => {})),
  ];
  await new Promise((r) => setTimeout(r, 3000)); // A's files are running
  const t0 = performance.now();
  const pdf = await capped(
    pdfs.text(await textPdf([['Outra organização']]), lifted, job('org-b')),
    () => 'read',
  );
  const pdfS = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const image = await capped(
    ocr.recognize(await photo('png'), job('org-b')),
    (r) => `read ${r.text.length} chars`,
  );
  const imageS = (performance.now() - t1) / 1000;
  console.log(
    `  ${label}: org B's PDF ${pdfS.toFixed(2)} s (${pdf}), org B's image ${imageS.toFixed(2)} s (${image})`,
  );
  stop.abort();
  await Promise.all(a);
  await pdfs.close();
  await ocr.close();
}

const docs = (await import('../src/documents/index.js')) as Documents;
const baseDir = process.env.BENCH_BASELINE;
const base = baseDir ? ((await import(`${baseDir}/../src/documents/index.js`)) as Documents) : undefined;

const files = {
  'one page listing a 1 MB stream 20 000 times': repeatedContentsPdf({ times: 20_000, inflated: MB }),
  'three nested forms each drawing the next 200 times': nestedFormsPdf({ depth: 3, fanout: 200 }),
  'one 1 MB page listed 400 times': repeatedPagesPdf({ times: 400, inflated: MB }),
};
for (const [name, file] of Object.entries(files)) {
  console.log(`${name} (${(file.length / 1024).toFixed(1)} KB):`);
  const after = await repetition(docs, 'this build', file);
  if (base) {
    const before = await repetition(base, 'baseline  ', file);
    console.log(`  ratio baseline/this build: ${(before / after).toFixed(0)}× CPU`);
  }
}
console.log(
  'Organisation A holds the pools (3 slow PDFs, 2 noisy images); organisation B sends one small file each:',
);
await share(docs, 'this build');
if (base) await share(base, 'baseline  ');
process.exit(0);
