// SVC_CONFIG `extraction`: the bounds of reading documents (the gateway's
// POST /v1/privacy/extract and the contract API's PDF uploads; docs/security.md
// "Extraction: deadlines, cancellation and a fair share").
import { type Static, Type } from '@sinclair/typebox';

export const ExtractionSchema = Type.Object(
  {
    /** Longest a request's extraction may take, waiting in line included (s); then 504 and the work stops. */
    timeout_seconds: Type.Optional(Type.Number({ minimum: 1, maximum: 600 })),
    /** Decoded bytes a file's structure may announce (MB): a PDF's streams, an image page's pixels. */
    max_decoded_mb: Type.Optional(Type.Integer({ minimum: 1, maximum: 4096 })),
    /** Pages of a PDF (the contract API keeps its own, lower, cap). */
    max_pdf_pages: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    /** Pages of an image file (TIFF), each one OCR run. */
    max_image_pages: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** Pixels per image page. */
    max_pixels: Type.Optional(Type.Integer({ minimum: 1_000_000, maximum: 1_000_000_000 })),
    /** Threads of each pool (PDF, OCR); by default the cores minus one, 2 to 8. */
    pdf_threads: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
    ocr_threads: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
    /**
     * Threads of each pool one organisation may hold at once (the contract API: one user);
     * by default all but one, so another organisation's file always finds a thread.
     */
    threads_per_organization: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 })),
    /** CPU seconds one PDF page may take to read (opening the file counts as a page); then 422 and the thread ends. */
    page_cpu_seconds: Type.Optional(Type.Number({ minimum: 0.1, maximum: 600 })),
    /** Heap of each PDF thread (MB): a file that needs more ends its thread only. */
    thread_heap_mb: Type.Optional(Type.Integer({ minimum: 64, maximum: 16_384 })),
    /** Files (PDF) or pages (OCR) one organisation may have waiting in each pool; beyond it → 503 for that organisation. */
    queue_per_organization: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);

export type ExtractionConfig = Static<typeof ExtractionSchema>;

export const EXTRACTION_DEFAULTS = {
  timeout_seconds: 60,
  max_decoded_mb: 160,
  max_pdf_pages: 500,
  max_image_pages: 10,
  max_pixels: 40_000_000,
  thread_heap_mb: 512,
  queue_per_organization: 8,
  page_cpu_seconds: 5,
} as const;

export type ExtractionSettings = { -readonly [K in keyof typeof EXTRACTION_DEFAULTS]: number } & Pick<
  ExtractionConfig,
  'pdf_threads' | 'ocr_threads' | 'threads_per_organization'
>;

/** The section with its defaults filled in. */
export function extractionSettings(config: ExtractionConfig = {}): ExtractionSettings {
  return { ...EXTRACTION_DEFAULTS, ...config };
}
