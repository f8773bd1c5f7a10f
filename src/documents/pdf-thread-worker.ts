// The thread behind PdfTextPool: checks the PDF's structure (pdf-bounds.ts), then reads its
// text layer with pdf.js (pdfText) and posts the text back, or the DocumentError's code.
// One file at a time; the bytes arrive in the message and stay in memory. It tells the pool
// its kernel thread id once, and each page as it starts (page 0: the structure scan and
// pdf.js opening the file), so the pool can hold each page to a CPU budget: pdf.js keeps
// this thread's event loop busy for a whole page, so nothing here could.
import { parentPort } from 'node:worker_threads';
import { DocumentError } from './errors.js';
import { pdfText } from './pdf.js';
import { checkPdfBounds } from './pdf-bounds.js';
import { threadTid } from './thread-cpu.js';

export interface PdfTask {
  bytes: Uint8Array;
  maxPages: number;
  maxDecodedBytes: number;
}

export type PdfReply =
  | { ok: true; text: string; pages: number; pageTexts: string[] }
  | { ok: false; code: DocumentError['code']; limit?: number };

/** What the thread says before its reply: who it is, and which page it is reading. */
export type PdfProgress = { kind: 'thread'; tid: number | undefined } | { kind: 'page'; page: number };

const port = parentPort;
if (port) {
  port.postMessage({ kind: 'thread', tid: threadTid() } satisfies PdfProgress);
  const onPage = (page: number) => port.postMessage({ kind: 'page', page } satisfies PdfProgress);
  port.on('message', async ({ bytes, maxPages, maxDecodedBytes }: PdfTask) => {
    let reply: PdfReply;
    try {
      onPage(0);
      checkPdfBounds(bytes, { maxPages, maxDecodedBytes });
      const { text, pages, pageTexts } = await pdfText(bytes, { maxPages, onPage });
      reply = { ok: true, text, pages, pageTexts };
    } catch (err) {
      reply =
        err instanceof DocumentError
          ? { ok: false, code: err.code, limit: err.limit }
          : { ok: false, code: 'unreadable_pdf' };
    }
    port.postMessage(reply);
  });
}
