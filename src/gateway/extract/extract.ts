// POST /v1/privacy/extract without HTTP: the file's text (PDF text layer or OCR), through
// the barrier with the cleaning that applies (orgs/cleaning-choice.ts). The bytes live only in this call.
import { type ExtractLimits, extractText, type OcrPool, type PdfTextPool } from '../../documents/index.js';
import type { Finding, Policy } from '../../privacy/index.js';
import type { Principal } from '../keys/auth.js';
import { type CleaningAsk, cleanerFor } from '../orgs/cleaning-choice.js';
import { asApiError } from './errors.js';

export interface ExtractResult {
  policy: Policy;
  blocked: boolean;
  findings: Finding[];
  /** The cleaned text. */
  text: string;
  /** The extracted text before cleaning: only for the audit record's keyed hash. */
  raw: string;
  method: 'pdf_text' | 'ocr';
  pages: number;
}

export async function extractAndClean(
  principal: Principal,
  file: Uint8Array,
  ocr: OcrPool,
  options: { asked?: CleaningAsk; limits?: ExtractLimits; pdf?: PdfTextPool } = {},
): Promise<ExtractResult> {
  let extracted: Awaited<ReturnType<typeof extractText>>;
  try {
    extracted = await extractText(file, ocr, options.limits, { pdf: options.pdf });
  } catch (err) {
    throw asApiError(err);
  }
  const cleaner = cleanerFor(principal, options.asked);
  const text = cleaner.cleanText(extracted.text);
  return {
    policy: cleaner.policy,
    blocked: cleaner.blocked,
    findings: cleaner.findings(),
    text,
    raw: extracted.text,
    method: extracted.method,
    pages: extracted.pages,
  };
}
