// PdfTextPool: a PDF's text layer parsed on a worker thread gives what pdfText gives, with
// the same DocumentError codes, while the event loop stays free; closing ends the threads.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  DEFAULT_EXTRACT_LIMITS,
  DocumentError,
  extractText,
  OcrPool,
  PdfTextPool,
  pdfText,
} from '../../src/documents/index.js';
import { waitFor } from '../helpers/wait.js';
import { bigPdf, scannedPdf, textPdf } from './fixtures.js';

const rejectsWith = (p: Promise<unknown>, code: string, limit?: number) =>
  assert.rejects(
    p,
    (err: unknown) =>
      err instanceof DocumentError && err.code === code && (limit === undefined || err.limit === limit),
  );

/** Ticks of a 10 ms interval while `work` runs: a blocked event loop barely ticks. */
async function ticksDuring<T>(work: () => Promise<T>): Promise<{ ticks: number; value: T }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  try {
    const value = await work();
    return { ticks, value };
  } finally {
    clearInterval(timer);
  }
}

describe('PDF text on worker threads', () => {
  const pool = new PdfTextPool({ size: 2 });
  const ocr = new OcrPool({ size: 1 });
  after(async () => {
    await pool.close();
    await ocr.close();
  });

  it('gives the same text as pdfText, through extractText too', async () => {
    const pdf = await textPdf([['Primeira página, cláusula 1'], ['Segunda página: multa e ação']]);
    assert.deepEqual(await pool.text(pdf, { maxPages: 10 }), await pdfText(pdf, { maxPages: 10 }));
    const out = await extractText(pdf, ocr, undefined, { pdf: pool });
    assert.deepEqual(out, {
      type: 'pdf',
      method: 'pdf_text',
      pages: 2,
      text: 'Primeira página, cláusula 1\n\nSegunda página: multa e ação',
    });
  });

  it('keeps the DocumentError codes: no_text_layer, unreadable_pdf, too_many_pages', async () => {
    await rejectsWith(pool.text(await scannedPdf(), { maxPages: 10 }), 'no_text_layer');
    await rejectsWith(
      pool.text(Buffer.from('%PDF-1.7\nnada aqui\n%%EOF'), { maxPages: 10 }),
      'unreadable_pdf',
    );
    const two = await textPdf([['um'], ['dois']]);
    await rejectsWith(pool.text(two, { maxPages: 1 }), 'too_many_pages', 1);
    await rejectsWith(
      extractText(two, ocr, { ...DEFAULT_EXTRACT_LIMITS, maxPdfPages: 1 }, { pdf: pool }),
      'too_many_pages',
      1,
    );
    // The threads survive their failures and go on serving.
    assert.equal((await pool.text(two, { maxPages: 10 })).pages, 2);
    assert.ok(pool.threads <= 2);
  });

  it('parses a 300-page PDF while the event loop keeps ticking', async (t) => {
    const pdf = await bigPdf(300);
    const { ticks, value } = await ticksDuring(() => pool.text(pdf, { maxPages: 500 }));
    t.diagnostic(`${ticks} ticks of a 10 ms timer during the parse`);
    assert.equal(value.pages, 300);
    assert.match(value.text, /^1\.1 O locador cede/);
    assert.match(value.text, /300\.30 As despesas ordinárias/);
    // Parsed on this thread, the same file lets the timer tick a handful of times at most.
    assert.ok(ticks >= 20, `only ${ticks} ticks`);
  });

  it('runs files side by side up to its size and queues the rest', async () => {
    const files = await Promise.all([1, 2, 3, 4, 5].map((n) => textPdf([[`Arquivo ${n}`]])));
    const texts = await Promise.all(files.map((f) => pool.text(f, { maxPages: 10 })));
    assert.deepEqual(
      texts.map((r) => r.text),
      ['Arquivo 1', 'Arquivo 2', 'Arquivo 3', 'Arquivo 4', 'Arquivo 5'],
    );
    assert.ok(pool.threads <= 2);
  });

  it('refuses a file with pdf_busy when the queue is full, and takes files again once it drains', async () => {
    const own = new PdfTextPool({ size: 1, maxQueue: 2 });
    try {
      const pdf = await bigPdf(50);
      // The first goes to the thread at once; two wait; the fourth finds the queue full.
      const accepted = [1, 2, 3].map(() => own.text(pdf, { maxPages: 500 }));
      await rejectsWith(own.text(pdf, { maxPages: 500 }), 'pdf_busy');
      for (const r of await Promise.all(accepted)) assert.equal(r.pages, 50);
      assert.equal((await own.text(pdf, { maxPages: 500 })).pages, 50);
    } finally {
      await own.close();
    }
  });

  it('close ends the threads and fails what was in flight or waiting', async () => {
    const own = new PdfTextPool({ size: 1 });
    const pdf = await bigPdf(100);
    const running = assert.rejects(own.text(pdf, { maxPages: 500 }), /closed/);
    const waiting = assert.rejects(own.text(pdf, { maxPages: 500 }), /closed/);
    await waitFor('the thread started', () => own.threads === 1);
    await own.close();
    assert.equal(own.threads, 0);
    await running;
    await waiting;
    await assert.rejects(own.text(pdf, { maxPages: 500 }), /closed/);
  });
});
