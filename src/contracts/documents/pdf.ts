// Text of an uploaded PDF, read with the gateway's bounds through the documents library: a
// worker thread with a heap cap (pdf.js with no eval, no system fonts: the file is
// untrusted), the file's structure checked first (pages, decoded stream sizes), a deadline,
// a stop when the client goes away, and a fair share of the threads per user. Scanned PDFs
// have no text layer; OCR is not done here, the caller gets a clear 422.
import { DocumentError, type JobOptions, PdfTextPool } from '../../documents/index.js';
import type { ExtractionSettings } from '../../platform/config/extraction.js';
import { ContractsError } from '../errors.js';

export const MAX_PDF_BYTES = 10 * 1024 * 1024;
export const MAX_PDF_PAGES = 300;

export function looksLikePdf(data: Buffer): boolean {
  // The header may follow a little garbage; readers accept it within the first 1024 bytes.
  return data.subarray(0, 1024).includes('%PDF-');
}

export interface PdfReader {
  text(data: Buffer, job: JobOptions): Promise<string>;
  close(): Promise<void>;
}

export function createPdfReader(settings: ExtractionSettings): PdfReader {
  const pool = new PdfTextPool({
    size: settings.pdf_threads,
    maxHeapMb: settings.thread_heap_mb,
    maxQueuePerOwner: settings.queue_per_organization,
    maxRunningPerOwner: settings.threads_per_organization,
    pageCpuMs: settings.page_cpu_seconds * 1000,
  });
  const bounds = {
    maxPages: Math.min(MAX_PDF_PAGES, settings.max_pdf_pages),
    maxDecodedBytes: settings.max_decoded_mb * 1024 * 1024,
  };
  return {
    async text(data, job) {
      if (!looksLikePdf(data)) throw new ContractsError('UNSUPPORTED_FILE_TYPE');
      try {
        return (await pool.text(data, bounds, job)).text;
      } catch (err) {
        throw err instanceof DocumentError ? contractsError(err, bounds.maxPages) : err;
      }
    },
    close: () => pool.close(),
  };
}

function contractsError(err: DocumentError, maxPages: number): ContractsError {
  switch (err.code) {
    case 'too_many_pages':
      return new ContractsError('PDF_TOO_LONG', { max: maxPages });
    case 'no_text_layer':
      return new ContractsError('NO_EXTRACTABLE_TEXT');
    case 'too_much_data':
      return new ContractsError('PDF_TOO_COMPLEX', { mb: Math.round((err.limit ?? 0) / (1024 * 1024)) });
    case 'too_complex':
      return new ContractsError('PDF_PAGE_TOO_COMPLEX', { seconds: (err.limit ?? 0) / 1000 });
    case 'pdf_busy':
      return new ContractsError('PDF_BUSY');
    case 'timeout':
      return new ContractsError('PDF_TIMEOUT', { seconds: Math.round((err.limit ?? 0) / 1000) });
    case 'cancelled':
      return new ContractsError('CLIENT_CLOSED_REQUEST');
    default:
      return new ContractsError('INVALID_PDF');
  }
}
