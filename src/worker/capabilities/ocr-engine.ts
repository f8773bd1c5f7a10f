// Tesseract (tesseract.js) with the Portuguese data installed from npm: no download at run
// time. One engine per worker process, created on first use (loading the model takes
// seconds) and reused; it runs in tesseract.js's own worker thread. A PDF's text comes
// from its text layer; a page without one (a scan) is rendered and read by the engine.
// Both through the shared document code (src/documents/: pdfjs-dist, @napi-rs/canvas):
// unpdf's bundled pdf.js (another version) registers a global worker that pdfjs-dist then
// refuses, so the two must not share a process.
import { createRequire } from 'node:module';
import { createWorker, type Worker } from 'tesseract.js';
import {
  checkPdfBounds,
  DEFAULT_EXTRACT_LIMITS,
  DocumentError,
  pdfPageImages,
  pdfPageTexts,
} from '../../documents/index.js';
import { CapabilityError } from '../registry.js';

const por = createRequire(import.meta.url)('@tesseract.js-data/por') as { langPath: string };

/** Resolution at which a page without a text layer is rendered for OCR. */
export const OCR_DPI = 300;
/** Pixels per page rendered for OCR; a larger page is rendered at a lower dpi (A4 at 300 dpi ≈ 8.7 million). */
export const OCR_MAX_PIXELS = 25_000_000;
/** Pages of a PDF at most (each page without text is one OCR run). */
export const MAX_PDF_PAGES = 500;

let engine: Promise<Worker> | undefined;

async function startEngine(): Promise<Worker> {
  const worker = await createWorker('por', 1, { langPath: por.langPath, gzip: true, cacheMethod: 'none' });
  // Tesseract's diagnostics would otherwise land on the process's stdout, between the
  // JSON log lines.
  await worker.setParameters({ debug_file: '/dev/null' } as never);
  return worker;
}

export async function recognise(image: Buffer): Promise<string> {
  engine ??= startEngine();
  const { data } = await (await engine).recognize(image);
  return data.text;
}

export async function closeEngine(): Promise<void> {
  const e = engine;
  engine = undefined;
  if (e) await (await e).terminate();
}

/**
 * The text of each page of a PDF ('' where neither found any): its text layer, or, for a
 * page without one, OCR of the page rendered at OCR_DPI. Failures are CapabilityErrors
 * (unreadable_pdf, too_many_pages, too_much_data, render_unavailable…); a PDF with no text at all is not
 * an error here.
 */
export async function pdfPagesText(bytes: Buffer): Promise<string[]> {
  // The file's structure first (pages, decoded stream sizes), as the gateway's extraction does.
  try {
    checkPdfBounds(bytes, {
      maxPages: MAX_PDF_PAGES,
      maxDecodedBytes: DEFAULT_EXTRACT_LIMITS.maxDecodedBytes,
    });
  } catch (err) {
    throw asCapabilityError(err, 'unreadable_pdf');
  }
  const pages = await pdfPageTexts(bytes, { maxPages: MAX_PDF_PAGES }).catch((err) => {
    throw asCapabilityError(err, 'unreadable_pdf');
  });
  const missing = pages.flatMap((text, i) => (text === '' ? [i + 1] : []));
  if (missing.length === 0) return pages;
  try {
    const images = pdfPageImages(bytes, {
      maxPages: MAX_PDF_PAGES,
      dpi: OCR_DPI,
      maxPixels: OCR_MAX_PIXELS,
      fit: true,
      pages: missing,
    });
    // One page's pixels at a time: the next page is rendered after this one is read.
    for await (const image of images) pages[image.page - 1] = (await recognise(image.png)).trim();
  } catch (err) {
    throw asCapabilityError(err, 'unreadable_pdf');
  }
  return pages;
}

/** A document failure as the worker reports it: the document code, or `fallback`. */
export function asCapabilityError(err: unknown, fallback: string): CapabilityError {
  if (err instanceof CapabilityError) return err;
  if (err instanceof DocumentError) return new CapabilityError(err.code);
  return new CapabilityError(fallback);
}

export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';
