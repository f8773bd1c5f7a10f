// A file's text, whatever it is: the PDF text layer, or OCR of an image's pages.
import { DocumentError } from './errors.js';
import { imagePages } from './image.js';
import { abortReason, type JobOptions } from './jobs.js';
import { MIN_CONFIDENCE, type OcrPool } from './ocr.js';
import { pdfText } from './pdf.js';
import { DEFAULT_MAX_DECODED_BYTES } from './pdf-bounds.js';
import type { PdfTextPool } from './pdf-thread.js';
import { type DocumentType, sniffType } from './sniff.js';

export interface ExtractLimits {
  /** Pages of a PDF's text layer. */
  maxPdfPages: number;
  /** Pages of an image file (a TIFF may hold several), each one OCR run. */
  maxImagePages: number;
  /** Pixels per image page. */
  maxPixels: number;
  /**
   * Decoded bytes, read from the file's structure before any decoding: a PDF's streams
   * (all of them once, and what each page draws), an image page's pixels at its depth.
   */
  maxDecodedBytes: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  maxPdfPages: 500,
  maxImagePages: 10,
  // An A4 page at 600 dpi is 4961 × 7016 ≈ 34.8 million pixels.
  maxPixels: 40_000_000,
  // A 40-megapixel RGB page is 120 MB; a text PDF of 500 pages draws a few tens of MB.
  maxDecodedBytes: DEFAULT_MAX_DECODED_BYTES,
};

export interface Extracted {
  type: DocumentType;
  method: 'pdf_text' | 'ocr';
  pages: number;
  text: string;
}

export interface ExtractOptions extends JobOptions {
  /**
   * Where a PDF's text layer is parsed: a pool's worker thread (which checks the file's
   * structure first), or, without one, this thread (fine for a tool or a test; a server
   * should not hold its event loop with it, and gets neither the checks nor the deadline).
   */
  pdf?: PdfTextPool;
}

export async function extractText(
  bytes: Uint8Array,
  ocr: OcrPool,
  limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS,
  options: ExtractOptions = {},
): Promise<Extracted> {
  const type = sniffType(bytes);
  if (type === null) throw new DocumentError('unsupported_type');
  const job: JobOptions = { owner: options.owner, signal: options.signal };
  if (type === 'pdf') {
    const pdfOptions = { maxPages: limits.maxPdfPages, maxDecodedBytes: limits.maxDecodedBytes };
    const { text, pages } = options.pdf
      ? await options.pdf.text(bytes, pdfOptions, job)
      : await pdfText(bytes, pdfOptions);
    return { type, method: 'pdf_text', pages, text };
  }
  const pages = await imagePages(bytes, {
    maxPages: limits.maxImagePages,
    maxPixels: limits.maxPixels,
    maxDecodedBytes: limits.maxDecodedBytes,
    signal: options.signal,
  });
  if (options.signal?.aborted) throw abortReason(options.signal);
  // Pages run in parallel when the pool has several threads; their order is kept.
  const results = await Promise.all(pages.map((p) => ocr.recognize(p.png, job)));
  const readable = results.filter((r) => r.text.trim() !== '' && r.confidence >= MIN_CONFIDENCE);
  if (readable.length === 0) throw new DocumentError('unreadable_image');
  return {
    type,
    method: 'ocr',
    pages: pages.length,
    text: readable.map((r) => r.text.trim()).join('\n\n'),
  };
}
