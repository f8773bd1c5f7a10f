// Bounded extraction in the documents library: a file's structure is read before pdf.js
// or the image decoder sees it (decompression bombs refused with too_much_data), each owner
// gets a fair share of a pool's threads, and a task whose signal aborts ends its thread.
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { after, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import {
  checkPdfBounds,
  DEFAULT_EXTRACT_LIMITS,
  DocumentError,
  deadline,
  extractText,
  type JobEvent,
  OcrPool,
  PdfTextPool,
} from '../../src/documents/index.js';
import { waitFor } from '../helpers/wait.js';
import { bigPdf, textPdf } from './fixtures.js';
import { bombPdf, noisePng, pngClaiming, writePdf } from './hostile.js';

const MB = 1024 * 1024;
const isCode = (code: string) => (err: unknown) => err instanceof DocumentError && err.code === code;

/** The pools' events while `work` runs. */
async function recording<T>(work: (events: JobEvent[]) => Promise<T>): Promise<T> {
  const events: JobEvent[] = [];
  const listener = (e: unknown) => events.push(e as JobEvent);
  subscribe('svc.documents.jobs', listener);
  try {
    return await work(events);
  } finally {
    unsubscribe('svc.documents.jobs', listener);
  }
}

describe('extraction bounds', () => {
  const pool = new PdfTextPool({ size: 1 });
  const ocr = new OcrPool({ size: 1 });
  after(async () => {
    await pool.close();
    await ocr.close();
  });

  it('refuses a PDF whose one stream inflates beyond the cap, before pdf.js reads it', async () => {
    // 30 KB on disk, 24 MB inflated, drawn by 40 pages: pdf.js would decode 960 MB.
    const bomb = bombPdf({ pages: 40, inflated: 24 * MB });
    assert.ok(bomb.length < 64 * 1024);
    await recording(async (events) => {
      await assert.rejects(
        pool.text(bomb, { maxPages: 500, maxDecodedBytes: 16 * MB }),
        isCode('too_much_data'),
      );
      assert.ok(
        events.some((e) => e.pool === 'pdf' && e.event === 'end'),
        'the thread answered: it was not ended by a crash',
      );
    });
    // A double deflate is measured through both layers.
    const double = bombPdf({ pages: 1, inflated: 40 * MB, filters: ['FlateDecode', 'FlateDecode'] });
    assert.ok(double.length < 4096);
    assert.throws(
      () => checkPdfBounds(double, { maxPages: 500, maxDecodedBytes: 16 * MB }),
      isCode('too_much_data'),
    );
  });

  it('counts a stream once per page that draws it', async () => {
    // 4 MB decoded once, but 40 pages × 4 MB = 160 MB for the text layer.
    const shared = bombPdf({ pages: 40, inflated: 4 * MB });
    assert.throws(
      () => checkPdfBounds(shared, { maxPages: 500, maxDecodedBytes: 32 * MB }),
      isCode('too_much_data'),
    );
    const limits = { ...DEFAULT_EXTRACT_LIMITS, maxDecodedBytes: 32 * MB };
    await assert.rejects(extractText(shared, ocr, limits, { pdf: pool }), isCode('too_much_data'));
    // The same stream drawn by 4 pages is within the cap and reads as usual.
    const fine = bombPdf({ pages: 4, inflated: 4 * MB });
    const out = await extractText(fine, ocr, limits, { pdf: pool });
    assert.equal(out.pages, 4);
    assert.match(out.text, /^Clausula primeira/);
  });

  it('lets ordinary PDFs through with their true page count (object streams included)', async () => {
    const counted = checkPdfBounds(await bigPdf(300), {
      maxPages: 500,
      maxDecodedBytes: DEFAULT_EXTRACT_LIMITS.maxDecodedBytes,
    });
    assert.equal(counted.pages, 300);
    assert.ok(counted.pageBytes > 0 && counted.pageBytes < 16 * MB, String(counted.pageBytes));
    assert.equal(checkPdfBounds(await textPdf(), { maxPages: 1, maxDecodedBytes: MB }).pages, 1);
    // A large losslessly compressed picture is not decoded for text: it counts as stored.
    const picture = deflateSync(Buffer.alloc(64 * MB));
    const withPicture = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> >>',
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width 8192 /Height 8192 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${picture.length} >>\nstream\n`,
        ),
        picture,
        Buffer.from('\nendstream'),
      ]),
    ]);
    assert.equal(checkPdfBounds(withPicture, { maxPages: 10, maxDecodedBytes: 16 * MB }).pages, 1);
    // The same stream labelled an image but drawn as the page's content is counted.
    const disguised = withPicture.toString('latin1').replace('>> >> >>', '>> >> /Contents 4 0 R >>');
    assert.throws(
      () => checkPdfBounds(Buffer.from(disguised, 'latin1'), { maxPages: 10, maxDecodedBytes: 16 * MB }),
      isCode('too_much_data'),
    );
  });

  it('refuses an image whose header announces more decoded bytes than the cap, without decoding it', async () => {
    // 9 megapixels (under the 40 MP cap) of 16-bit RGBA: 72 MB decoded, 70 KB on disk.
    const deep = pngClaiming(3000, 3000, 16, 6);
    assert.ok(deep.length < 128 * 1024);
    const limits = { ...DEFAULT_EXTRACT_LIMITS, maxDecodedBytes: 32 * MB };
    await assert.rejects(extractText(deep, ocr, limits), isCode('too_much_data'));
    // A header claiming 100 000 × 100 000 is refused on the pixel cap, whatever follows it.
    await assert.rejects(extractText(pngClaiming(100_000, 100_000, 8, 0, 1), ocr), isCode('too_many_pixels'));
    assert.equal(ocr.threads, 0, 'nothing reached OCR');
  });

  it('serves another owner next while one owner has a queue of files', async () => {
    const heavy = await bigPdf(40);
    const light = await textPdf([['Outra organização']]);
    await recording(async (events) => {
      const a = [1, 2, 3, 4].map(() => pool.text(heavy, { maxPages: 500 }, { owner: 'org-a' }));
      await waitFor('org-a has a file running', () =>
        events.some((e) => e.event === 'start' && e.owner === 'org-a'),
      );
      const b = pool.text(light, { maxPages: 500 }, { owner: 'org-b' });
      await Promise.all([...a, b]);
      const pdf = events.filter((e) => e.pool === 'pdf');
      const queuedB = pdf.findIndex((e) => e.event === 'queued' && e.owner === 'org-b');
      const startedBefore = pdf.slice(0, queuedB).filter((e) => e.event === 'start').length;
      assert.ok(startedBefore < 4, 'org-a still had files waiting');
      // org-b waited for the file already running, not for org-a's line.
      assert.equal(pdf.slice(queuedB).find((e) => e.event === 'start')?.owner, 'org-b');
    });
  });

  it('refuses only the owner whose line is full', async () => {
    const own = new PdfTextPool({ size: 1, maxQueue: 10, maxQueuePerOwner: 2 });
    try {
      const pdf = await bigPdf(20);
      const accepted = [1, 2, 3].map(() => own.text(pdf, { maxPages: 500 }, { owner: 'org-a' }));
      await assert.rejects(own.text(pdf, { maxPages: 500 }, { owner: 'org-a' }), isCode('pdf_busy'));
      const other = own.text(pdf, { maxPages: 500 }, { owner: 'org-b' });
      for (const r of await Promise.all([...accepted, other])) assert.equal(r.pages, 20);
    } finally {
      await own.close();
    }
  });

  it('ends the thread of a PDF whose deadline passes, and of one whose caller cancels', async () => {
    const pdf = await bigPdf(300);
    await recording(async (events) => {
      const bound = deadline(60_000);
      const running = pool.text(pdf, { maxPages: 500 }, { owner: 'org-a', signal: bound.signal });
      const waiting = pool.text(pdf, { maxPages: 500 }, { owner: 'org-a', signal: bound.signal });
      await waitFor('the file started', () => events.some((e) => e.event === 'start'));
      const started = events.find((e) => e.event === 'start')!;
      bound.cancel();
      await assert.rejects(running, isCode('cancelled'));
      await assert.rejects(waiting, isCode('cancelled'));
      await waitFor(
        'the thread exited',
        () => events.some((e) => e.event === 'exit' && e.threadId === started.threadId),
        {
          timeoutMs: 10_000,
        },
      );
      assert.ok(events.some((e) => e.event === 'stopped' && e.threadId === started.threadId));
      bound.dispose();

      const short = deadline(50);
      await assert.rejects(pool.text(pdf, { maxPages: 500 }, { signal: short.signal }), isCode('timeout'));
      // The pool starts a new thread for the next file.
      assert.equal((await pool.text(await textPdf(), { maxPages: 5 })).pages, 1);
    });
  });

  it('ends the OCR thread of an image whose deadline passes', async () => {
    const noise = await noisePng(1600, 1600);
    await recording(async (events) => {
      const bound = deadline(60_000);
      const work = extractText(noise, ocr, DEFAULT_EXTRACT_LIMITS, { owner: 'org-a', signal: bound.signal });
      await waitFor('OCR started', () => events.some((e) => e.pool === 'ocr' && e.event === 'start'), {
        timeoutMs: 60_000,
      });
      bound.cancel();
      await assert.rejects(work, isCode('cancelled'));
      assert.ok(events.some((e) => e.pool === 'ocr' && e.event === 'stopped'));
      assert.equal(ocr.threads, 0);
      bound.dispose();
    });
  });
});
