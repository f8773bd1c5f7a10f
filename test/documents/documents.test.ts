// The documents library on its own: type by bytes, PDF text, page images, image pages, OCR.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import {
  DocumentError,
  extractText,
  imagePages,
  OcrPool,
  pdfPageImages,
  pdfText,
  sniffType,
} from '../../src/documents/index.js';
import { blankImage, CPF, NAME, photo, scannedPdf, textPdf } from './fixtures.js';

const rejectsWith = (p: Promise<unknown>, code: string) =>
  assert.rejects(p, (err: unknown) => err instanceof DocumentError && err.code === code);

describe('documents', () => {
  const pool = new OcrPool({ size: 1 });
  after(() => pool.close());

  it('decides the type by the bytes, not by the name', async () => {
    assert.equal(sniffType(await textPdf()), 'pdf');
    assert.equal(sniffType(Buffer.concat([Buffer.from('lixo\n'), await textPdf()])), 'pdf');
    assert.equal(sniffType(await photo('png')), 'png');
    assert.equal(sniffType(await photo('jpeg')), 'jpeg');
    assert.equal(sniffType(await photo('webp')), 'webp');
    assert.equal(sniffType(await photo('tiff')), 'tiff');
    assert.equal(sniffType(Buffer.from('%PD não é PDF')), null);
    assert.equal(sniffType(Buffer.from('GIF89a......')), null);
    assert.equal(sniffType(new Uint8Array(0)), null);
    await rejectsWith(extractText(Buffer.from('texto qualquer com nome .pdf'), pool), 'unsupported_type');
  });

  it('reads the text layer of every page, in order', async () => {
    const pdf = await textPdf([['Primeira página, cláusula 1'], ['Segunda página: multa e ação']]);
    const { text, pages } = await pdfText(pdf, { maxPages: 10 });
    assert.equal(pages, 2);
    assert.equal(text, 'Primeira página, cláusula 1\n\nSegunda página: multa e ação');
  });

  it('refuses a scan (no text layer), a broken PDF and too many pages', async () => {
    await rejectsWith(pdfText(await scannedPdf(), { maxPages: 10 }), 'no_text_layer');
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    await rejectsWith(pdfText(broken, { maxPages: 10 }), 'unreadable_pdf');
    const truncated = (await textPdf()).subarray(0, 300);
    await rejectsWith(pdfText(truncated, { maxPages: 10 }), 'unreadable_pdf');
    const three = await textPdf([['a'], ['b'], ['c']]);
    await assert.rejects(
      pdfText(three, { maxPages: 2 }),
      (e: unknown) => e instanceof DocumentError && e.code === 'too_many_pages' && e.limit === 2,
    );
  });

  it('renders PDF pages to PNG offline, and OCR reads the rendering', async () => {
    const pdf = await textPdf([[`Locatária: ${NAME}`, `CPF ${CPF}`], ['Página dois']]);
    const pages = [];
    for await (const page of pdfPageImages(pdf, { maxPages: 5, dpi: 200, maxPixels: 10_000_000 }))
      pages.push(page);
    assert.deepEqual(
      pages.map((p) => [p.page, p.width, p.height]),
      [
        [1, Math.ceil((595 * 200) / 72), Math.ceil((842 * 200) / 72)],
        [2, Math.ceil((595 * 200) / 72), Math.ceil((842 * 200) / 72)],
      ],
    );
    const meta = await sharp(pages[0]!.png).metadata();
    assert.equal(meta.format, 'png');
    const { text } = await pool.recognize(pages[0]!.png);
    assert.match(text, new RegExp(NAME));
    assert.match(text, new RegExp(CPF.replace(/\./g, '\\.')));
    const huge = pdfPageImages(pdf, { maxPages: 5, dpi: 600, maxPixels: 1_000_000 });
    await rejectsWith(huge.next(), 'too_many_pixels');
  });

  it('OCR reads Portuguese from a photo (PNG, JPEG, WebP, TIFF), accents included', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'tiff'] as const) {
      const out = await extractText(await photo(format), pool);
      assert.equal(out.method, 'ocr', format);
      assert.equal(out.type, format);
      assert.match(out.text, /Contrato de locação residencial/, format);
      assert.match(out.text, new RegExp(`Locatária: ${NAME}`), format);
      assert.match(out.text, /São Paulo, 3 de março de 2025/, format);
    }
  });

  it('caps pixels before decoding, pages of multi-page images, and refuses what it cannot read', async () => {
    await assert.rejects(
      imagePages(await blankImage(5000, 5000), { maxPages: 5, maxPixels: 20_000_000 }),
      (e: unknown) => e instanceof DocumentError && e.code === 'too_many_pixels' && e.limit === 20_000_000,
    );
    await rejectsWith(extractText(await blankImage(800, 600), pool), 'unreadable_image');
    const cut = (await photo('png')).subarray(0, 400);
    await rejectsWith(extractText(cut, pool), 'unreadable_image');
    const noise = Buffer.alloc(300 * 200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const wall = await sharp(noise, { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    await rejectsWith(extractText(wall, pool), 'unreadable_image');
    // A two-page TIFF (pages stacked with sharp's join) against a one-page cap.
    const page = await photo('png', ['uma linha']);
    const twoPages = await sharp([page, page], { join: { animated: true } })
      .tiff()
      .toBuffer();
    assert.equal((await sharp(twoPages).metadata()).pages, 2);
    await rejectsWith(imagePages(twoPages, { maxPages: 1, maxPixels: 40_000_000 }), 'too_many_pages');
    assert.equal((await imagePages(twoPages, { maxPages: 2, maxPixels: 40_000_000 })).length, 2);
  });

  it('starts threads on demand up to its size and refuses work beyond its queue', async () => {
    const small = new OcrPool({ size: 2, maxQueue: 2 });
    try {
      assert.equal(small.threads, 0, 'nothing started before the first image');
      const image = await photo('png', ['Fila de OCR']);
      const first = small.recognize(image);
      const second = small.recognize(image); // both queued: two threads are starting
      assert.equal(small.threads, 2);
      await rejectsWith(small.recognize(image), 'ocr_busy');
      assert.match((await first).text, /Fila de OCR/);
      assert.match((await second).text, /Fila de OCR/);
      assert.ok(small.threads <= 2);
    } finally {
      await small.close();
    }
  });

  it('PDF builders make what the tests think they make', async () => {
    const doc = await PDFDocument.load(await scannedPdf());
    assert.equal(doc.getPageCount(), 1);
  });
});
