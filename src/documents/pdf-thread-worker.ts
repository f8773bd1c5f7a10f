// The thread behind PdfTextPool: checks the PDF's structure (pdf-bounds.ts), then reads its
// text layer with pdf.js (pdfText) and posts the text back, or the DocumentError's code.
// One file at a time; the bytes arrive in the message and stay in memory.
import { parentPort } from 'node:worker_threads';
import { DocumentError } from './errors.js';
import { pdfText } from './pdf.js';
import { checkPdfBounds } from './pdf-bounds.js';

export interface PdfTask {
  bytes: Uint8Array;
  maxPages: number;
  maxDecodedBytes: number;
}

export type PdfReply =
  | { ok: true; text: string; pages: number; pageTexts: string[] }
  | { ok: false; code: DocumentError['code']; limit?: number };

parentPort?.on('message', async ({ bytes, maxPages, maxDecodedBytes }: PdfTask) => {
  let reply: PdfReply;
  try {
    checkPdfBounds(bytes, { maxPages, maxDecodedBytes });
    const { text, pages, pageTexts } = await pdfText(bytes, { maxPages });
    reply = { ok: true, text, pages, pageTexts };
  } catch (err) {
    reply =
      err instanceof DocumentError
        ? { ok: false, code: err.code, limit: err.limit }
        : { ok: false, code: 'unreadable_pdf' };
  }
  parentPort!.postMessage(reply);
});
