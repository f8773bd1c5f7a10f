// Extraction speed: OCR seconds per A4 page at 300 dpi on one core, and text-layer PDF
// extraction in MB/s. `node dist/bench/extract.js [ocr pages, default 3] [pdf pages, default 200]`
//
// The process pins itself (and so the OCR thread it starts) to one CPU with `taskset`
// when it can; CPU seconds are reported next to wall seconds, because on a shared machine
// the wall clock also counts the time other processes held the core.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { extractText, OcrPool, pdfText } from '../src/documents/index.js';
import { a4Page, CPF, FILLER, NAME, photo, textPdf } from '../test/documents/fixtures.js';

const ocrPages = Number(process.argv[2] ?? 3);
const pdfPages = Number(process.argv[3] ?? 200);

const pinned = spawnSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' }).status === 0;

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function ocr(): Promise<void> {
  const pool = new OcrPool({ size: 1 });
  try {
    const page = await a4Page('png');
    // Start the thread (engine + language data) outside the measure.
    await pool.recognize(await photo('png', ['aquecimento']));
    const walls: number[] = [];
    const cpus: number[] = [];
    let found = 0;
    let text = '';
    for (let i = 0; i < ocrPages; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      text = (await extractText(page, pool)).text;
      cpus.push(cpuSeconds(c0));
      walls.push((performance.now() - t0) / 1000);
    }
    const expected = [...FILLER, `Locatária: ${NAME}, inscrita no CPF sob o número ${CPF}.`];
    for (const line of expected) if (text.includes(line)) found++;
    console.log(
      `OCR, A4 at 300 dpi (2480×3508, 52 lines), one thread${pinned ? ' pinned to one CPU' : ''}, ${ocrPages} pages:`,
    );
    console.log(
      `  per page: median ${median(walls).toFixed(1)} s wall, ${median(cpus).toFixed(1)} CPU-s; distinct lines read exactly: ${found}/${expected.length}`,
    );
  } finally {
    await pool.close();
  }
}

async function pdf(): Promise<void> {
  const lines: string[] = [];
  for (let i = 0; i < 48; i++) lines.push(FILLER[i % FILLER.length]!);
  const bytes = await textPdf(Array.from({ length: pdfPages }, () => lines));
  const rates: number[] = [];
  const cpuRates: number[] = [];
  let chars = 0;
  for (let round = 0; round < 5; round++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    chars = (await pdfText(bytes, { maxPages: pdfPages })).text.length;
    const cpu = cpuSeconds(c0);
    rates.push(bytes.length / 1e6 / ((performance.now() - t0) / 1000));
    cpuRates.push(bytes.length / 1e6 / cpu);
  }
  console.log(
    `PDF text layer: ${pdfPages} pages, ${(bytes.length / 1e6).toFixed(2)} MB, ${(chars / 1e6).toFixed(2)} M characters; 5 rounds:`,
  );
  console.log(
    `  median ${median(rates).toFixed(2)} MB/s wall (${median(cpuRates).toFixed(2)} MB per CPU-s), ${((median(rates) * chars) / bytes.length).toFixed(2)} M characters/s`,
  );
}

console.log(`load average ${loadavg()[0]!.toFixed(1)}; ${process.version}`);
await pdf();
await ocr();
