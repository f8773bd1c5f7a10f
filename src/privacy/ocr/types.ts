// An OCR page as the barrier reads it: lines of words, each word with its box in the
// image. The same shape as the documents library's OCR output, declared here because the
// privacy engine imports no other area.
import type { Category } from '../registry.js';
import type { WordRef } from './reading.js';

export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrTextWord {
  text: string;
  /** OCR's confidence in the word, 0–100. */
  confidence: number;
  box: OcrBox;
}

export interface OcrTextLine {
  /** Lines of one paragraph share the number. */
  paragraph: number;
  box: OcrBox;
  words: OcrTextWord[];
}

/** One value of personal data on the page: its category and every word it covers. */
export interface OcrMatch {
  category: Category;
  words: WordRef[];
}
