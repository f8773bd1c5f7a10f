// PDFs that repeat themselves: the structure scan counts what pdf.js would draw, not what the
// file stores — a stream listed 20 000 times on one page, three nested forms each drawing the
// next 200 times, one page listed 400 times in the page tree, a form that draws itself — and
// refuses them before pdf.js runs, with the thread answering (not ended). A construction the
// scan lets through still ends at the per-page CPU budget (`too_complex`), its thread ended.
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { after, describe, it } from 'node:test';
import { checkPdfBounds, DocumentError, type JobEvent, PdfTextPool } from '../../src/documents/index.js';
import { waitFor } from '../helpers/wait.js';
import { bigPdf, textPdf } from './fixtures.js';
import { nestedFormsPdf, repeatedContentsPdf, repeatedPagesPdf, selfDrawingFormPdf } from './hostile.js';

const MB = 1024 * 1024;
const isCode = (code: string) => (err: unknown) => err instanceof DocumentError && err.code === code;
const DEFAULTS = { maxPages: 500, maxDecodedBytes: 160 * MB };

const HOSTILE = {
  'one page listing a 1 MB stream 20 000 times': () => repeatedContentsPdf({ times: 20_000, inflated: MB }),
  'three nested forms each drawing the next 200 times': () => nestedFormsPdf({ depth: 3, fanout: 200 }),
  'one 1 MB page listed 400 times in the page tree': () => repeatedPagesPdf({ times: 400, inflated: MB }),
  'a form that draws itself': () => selfDrawingFormPdf(),
};

describe('PDF structure counted with repetition', () => {
  const pool = new PdfTextPool({ size: 1 });
  after(() => pool.close());

  for (const [name, make] of Object.entries(HOSTILE)) {
    it(`refuses ${name} before pdf.js reads it`, async () => {
      const pdf = make();
      assert.ok(pdf.length < 128 * 1024, String(pdf.length));
      assert.throws(() => checkPdfBounds(pdf, DEFAULTS), isCode('too_much_data'));
      const events: JobEvent[] = [];
      const listener = (e: unknown) => events.push(e as JobEvent);
      subscribe('svc.documents.jobs', listener);
      try {
        await assert.rejects(pool.text(pdf, DEFAULTS), isCode('too_much_data'));
      } finally {
        unsubscribe('svc.documents.jobs', listener);
      }
      assert.ok(
        events.some((e) => e.event === 'end') && !events.some((e) => e.event === 'stopped'),
        'the thread answered the refusal itself',
      );
    });
  }

  it('lets the same constructions through at ordinary sizes', async () => {
    // 4 entries of one stream, 20 × 20 form draws, a page listed 3 times: pdf.js reads them as usual.
    const few = await pool.text(repeatedContentsPdf({ times: 4, inflated: 64 * 1024 }), DEFAULTS);
    assert.equal(few.pages, 1);
    const forms = await pool.text(nestedFormsPdf({ depth: 2, fanout: 20 }), DEFAULTS);
    assert.match(forms.text, /Clausula primeira/);
    assert.equal((await pool.text(repeatedPagesPdf({ times: 3, inflated: 64 * 1024 }), DEFAULTS)).pages, 3);
    // Ordinary documents: the page count and drawn bytes of a 300-page report.
    const counted = checkPdfBounds(await bigPdf(300), DEFAULTS);
    assert.equal(counted.pages, 300);
    assert.ok(counted.pageBytes < 16 * MB, String(counted.pageBytes));
  });

  it('counts a page tree with more listings than the page cap as too many pages', () => {
    assert.throws(
      () =>
        checkPdfBounds(repeatedPagesPdf({ times: 40, inflated: 1024 }), {
          maxPages: 30,
          maxDecodedBytes: MB,
        }),
      isCode('too_many_pages'),
    );
  });

  it('ends a page past its CPU budget, whatever the scan let through', async () => {
    // 100 × 100 × 100 form draws with the structure cap lifted: a minute of pdf.js on one page.
    const budget = new PdfTextPool({ size: 1, pageCpuMs: 1000 });
    const events: JobEvent[] = [];
    const listener = (e: unknown) => events.push(e as JobEvent);
    subscribe('svc.documents.jobs', listener);
    try {
      const slow = nestedFormsPdf({ depth: 3, fanout: 100 });
      await assert.rejects(
        budget.text(slow, { maxPages: 500, maxDecodedBytes: Number.MAX_SAFE_INTEGER }),
        (err: unknown) => isCode('too_complex')(err) && (err as DocumentError).limit === 1000,
      );
      const started = events.find((e) => e.event === 'start')!;
      assert.ok(events.some((e) => e.event === 'stopped' && e.threadId === started.threadId));
      await waitFor('the thread exited', () =>
        events.some((e) => e.event === 'exit' && e.threadId === started.threadId),
      );
      // The next file gets a new thread and reads as usual.
      assert.equal((await budget.text(await textPdf(), DEFAULTS)).pages, 1);
    } finally {
      unsubscribe('svc.documents.jobs', listener);
      await budget.close();
    }
  });
});
