// POST /v1/privacy/extract without HTTP: the file's text (PDF text layer or OCR), through
// the barrier with the organisation's policy. The bytes live only in this call.
import { type ExtractLimits, extractText, type OcrPool, type PdfTextPool } from '../../documents/index.js';
import { createCleaner, type Finding, type Policy, strictest } from '../../privacy/index.js';
import type { Principal } from '../keys/auth.js';
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
  options: { policy?: Policy; limits?: ExtractLimits; pdf?: PdfTextPool } = {},
): Promise<ExtractResult> {
  let extracted: Awaited<ReturnType<typeof extractText>>;
  try {
    extracted = await extractText(file, ocr, options.limits, { pdf: options.pdf });
  } catch (err) {
    throw asApiError(err);
  }
  const policy = strictest(principal.policy, options.policy);
  const cleaner = createCleaner({ policy });
  const text = cleaner.cleanText(extracted.text);
  return {
    policy,
    blocked: cleaner.blocked,
    findings: cleaner.findings(),
    text,
    raw: extracted.text,
    method: extracted.method,
    pages: extracted.pages,
  };
}
