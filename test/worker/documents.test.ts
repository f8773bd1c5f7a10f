// The reference worker's document capabilities with the shared renderer, in real
// processes: fidelity answers each page's text with a PNG of the page (a PDF's rendering,
// a photo's normalised picture); a scanned PDF is rendered and read by Tesseract (svc.ocr
// and fidelity); a PDF with neither text nor readable pictures fails with `no_text`.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { CPF, photo, scannedPdf, textPdf } from '../documents/fixtures.js';
import { SEEDED } from '../gateway/workers/helpers.js';
import { type Cluster, cluster, waitUntil } from './setup.js';

interface Page {
  page: number;
  text: string;
  image?: { content_type: string; base64: string };
}
interface Job {
  status: string;
  error?: string | null;
  result: { text: string; pages: Page[]; images_omitted?: number };
}

describe('reference worker: page images and scanned PDFs', () => {
  let c: Cluster;
  let url: string;
  const auth = () => ({ authorization: `Bearer ${c.key.secret}` });

  before(async () => {
    c = await cluster({ waits: { ocr: 240 }, lease_seconds: 60 });
    url = (await c.gateway()).url;
    await c.worker(url, ['--capabilities', 'svc.ocr,svc.documents.fidelity']);
  });
  after(() => c.dispose());

  /** Submits a fidelity job and polls it until it ends. */
  async function fidelity(file: Buffer, type = 'application/pdf'): Promise<Job> {
    const res = await fetch(`${url}/v1/documents/fidelity/jobs`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': type },
      body: file,
    });
    assert.equal(res.status, 202);
    const { status_url } = (await res.json()) as { status_url: string };
    let job: Job | undefined;
    await waitUntil(
      async () => {
        job = (await (await fetch(`${url}${status_url}`, { headers: auth() })).json()) as Job;
        return job.status === 'completed' || job.status === 'failed';
      },
      180_000,
      200,
    );
    return job!;
  }

  it('fidelity of a two-page PDF: each page has its text and a PNG of the page', async () => {
    const pdf = await textPdf([['Primeira pagina do contrato'], [`Segunda pagina, CPF ${CPF}`]]);
    const job = await fidelity(pdf);
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    const { pages } = job.result;
    assert.deepEqual(
      pages.map((p) => p.page),
      [1, 2],
    );
    assert.match(pages[0]!.text, /Primeira pagina do contrato/);
    assert.match(pages[1]!.text, /Segunda pagina, CPF \[CPF_1\]/);
    assert.equal(job.result.images_omitted, undefined);
    for (const page of pages) {
      assert.equal(page.image?.content_type, 'image/png');
      const meta = await sharp(Buffer.from(page.image!.base64, 'base64')).metadata();
      assert.equal(meta.format, 'png');
      // A4 at 110 dpi.
      assert.equal(meta.width, Math.ceil((595 * 110) / 72));
      assert.equal(meta.height, Math.ceil((842 * 110) / 72));
    }
    assert.ok(!JSON.stringify(job).includes(CPF));
  });

  it('svc.ocr reads a scanned PDF: the page is rendered and recognised', async () => {
    const res = await fetch(`${url}/v1/ocr`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/pdf' },
      body: await scannedPdf(),
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const body = JSON.parse(text) as Job;
    assert.equal(body.status, 'completed');
    assert.match(body.result.text, /Contrato de locação residencial/);
    assert.match(body.result.text, /São Paulo/);
    assert.match(body.result.text, /\[CPF_1\]/);
    for (const v of SEEDED) assert.ok(!text.includes(v), `answer holds ${v}`);
  });

  it('fidelity of a PDF mixing a text page and a scanned page: both read, both pictured', async () => {
    const mixed = await PDFDocument.create();
    const [textPage] = await mixed.copyPages(
      await PDFDocument.load(await textPdf([['Anexo digitado']])),
      [0],
    );
    const [scanPage] = await mixed.copyPages(await PDFDocument.load(await scannedPdf()), [0]);
    mixed.addPage(textPage!);
    mixed.addPage(scanPage!);
    const job = await fidelity(Buffer.from(await mixed.save()));
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    const [first, second] = job.result.pages;
    assert.match(first!.text, /Anexo digitado/);
    assert.match(second!.text, /Contrato de locação residencial/);
    assert.ok(first!.image && second!.image);
  });

  it('fidelity of a photo: its OCR text and its normalised PNG, same size as the photo', async () => {
    const jpeg = await photo('jpeg');
    const job = await fidelity(jpeg, 'image/jpeg');
    assert.equal(job.status, 'completed', JSON.stringify(job.error));
    const [page] = job.result.pages;
    assert.equal(job.result.pages.length, 1);
    assert.match(page!.text, /Contrato de locação residencial/);
    assert.equal(page!.image?.content_type, 'image/png');
    const [original, pictured] = await Promise.all([
      sharp(jpeg).metadata(),
      sharp(Buffer.from(page!.image!.base64, 'base64')).metadata(),
    ]);
    assert.equal(pictured.format, 'png');
    assert.equal(pictured.width, original.width);
    assert.equal(pictured.height, original.height);
  });

  it('a PDF with neither a text layer nor readable text fails with no_text', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    const job = await fidelity(Buffer.from(await doc.save()));
    assert.equal(job.status, 'failed');
    assert.match(JSON.stringify(job), /no_text/);
  });
});
