// Tesseract (tesseract.js) with the Portuguese data installed from npm: no download at run
// time. One engine per worker process, created on first use (loading the model takes
// seconds) and reused; it runs in tesseract.js's own worker thread.
import { createRequire } from 'node:module';
import { createWorker, type Worker } from 'tesseract.js';
import { extractText, getDocumentProxy } from 'unpdf';

const por = createRequire(import.meta.url)('@tesseract.js-data/por') as { langPath: string };

let engine: Promise<Worker> | undefined;

export async function recognise(image: Buffer): Promise<string> {
  engine ??= createWorker('por', 1, { langPath: por.langPath, gzip: true, cacheMethod: 'none' });
  const { data } = await (await engine).recognize(image);
  return data.text;
}

export async function closeEngine(): Promise<void> {
  const e = engine;
  engine = undefined;
  if (e) await (await e).terminate();
}

/** The text layer of each page of a PDF ('' for a page without one). */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return (text as string[]).map((t) => t.trim());
}

export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';
