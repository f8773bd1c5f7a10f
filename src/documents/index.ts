// Documents: what a file is, its text (PDF text layer or OCR in Portuguese), its pages as
// images. Plain functions and one OCR pool; no HTTP framework, so the gateway's routes and
// the reference worker share them.
export { DocumentError, type DocumentErrorCode } from './errors.js';
export {
  DEFAULT_EXTRACT_LIMITS,
  type Extracted,
  type ExtractLimits,
  type ExtractOptions,
  extractText,
} from './extract.js';
export { type ImagePage, imagePages } from './image.js';
export { checkImageBounds, type ImageBounds } from './image-bounds.js';
export { abortReason, deadline, type JobEvent, type JobOptions, jobEvents } from './jobs.js';
export { checkPdfBounds, type PdfBounds } from './pdf-bounds.js';
export {
  defaultPoolSize,
  MIN_CONFIDENCE,
  OcrPool,
  type OcrPoolOptions,
  type OcrResult,
  type OcrWordsResult,
} from './ocr.js';
export { type Box, type OcrLine, type OcrWord, wordBoxes } from './ocr-words.js';
export {
  type Locate,
  MEDIA_TYPES,
  type RedactableType,
  type RedactedImage,
  type RedactOptions,
  redactImage,
} from './redact-image.js';
export { type PageImage, type PdfText, pdfPageImages, pdfPageTexts, pdfText } from './pdf.js';
export { type PdfPoolTextOptions, PdfTextPool, type PdfTextPoolOptions } from './pdf-thread.js';
export { type DocumentType, IMAGE_TYPES, sniffType } from './sniff.js';
