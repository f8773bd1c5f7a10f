// The document readers of one gateway app: one OCR pool and one PDF pool, with the caps and
// the deadline of SVC_CONFIG `extraction`, shared by every route that reads a file
// (POST /v1/privacy/extract, images and PDFs in model requests, the playground), so an
// organisation's share of the pools (documents/fair-queue.ts) holds across all of them.
import {
  DEFAULT_EXTRACT_LIMITS,
  type ExtractLimits,
  OcrPool,
  type OcrPoolOptions,
  PdfTextPool,
  type PdfTextPoolOptions,
} from '../../documents/index.js';
import { type ExtractionConfig, extractionSettings } from '../../platform/config/extraction.js';

export interface DocumentReaders {
  ocr: OcrPool;
  pdf: PdfTextPool;
  limits: ExtractLimits;
  /** Longest a request's reading may take, its wait in line included. */
  timeoutMs: number;
  close(): Promise<void>;
}

export interface ReaderOptions {
  ocr?: OcrPoolOptions;
  pdf?: PdfTextPoolOptions;
  limits?: Partial<ExtractLimits>;
}

/** The pools start no thread until the first file arrives. */
export function createDocumentReaders(
  config?: ExtractionConfig,
  options: ReaderOptions = {},
): DocumentReaders {
  const settings = extractionSettings(config);
  // Each organisation has its own line in each pool (documents/fair-queue.ts).
  const perOwner = { maxQueuePerOwner: settings.queue_per_organization };
  const ocr = new OcrPool({ size: settings.ocr_threads, ...perOwner, ...options.ocr });
  // PDF text layers are parsed on worker threads, not on the event loop.
  const pdf = new PdfTextPool({
    size: settings.pdf_threads,
    maxHeapMb: settings.thread_heap_mb,
    ...perOwner,
    ...options.pdf,
  });
  return {
    ocr,
    pdf,
    limits: {
      ...DEFAULT_EXTRACT_LIMITS,
      maxPdfPages: settings.max_pdf_pages,
      maxImagePages: settings.max_image_pages,
      maxPixels: settings.max_pixels,
      maxDecodedBytes: settings.max_decoded_mb * 1024 * 1024,
      ...options.limits,
    },
    timeoutMs: settings.timeout_seconds * 1000,
    close: async () => {
      await Promise.all([ocr.close(), pdf.close()]);
    },
  };
}
