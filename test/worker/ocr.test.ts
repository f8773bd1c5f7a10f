// The reference worker's offline document capabilities in real processes: svc.ocr reads a
// PNG of Portuguese text (Tesseract, Portuguese data from npm) and the gateway hands back
// the text with the CPF and the name as placeholders; svc.documents.fidelity reads a PDF's
// text layer page by page.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { CPF, SEEDED } from '../gateway/workers/helpers.js';
import { type Cluster, cluster, waitUntil } from './setup.js';

describe('reference worker: OCR and fidelity', () => {
  let c: Cluster;
  let url: string;
  const auth = () => ({ authorization: `Bearer ${c.key.secret}` });

  before(async () => {
    c = await cluster({ waits: { ocr: 240 }, lease_seconds: 30 });
    url = (await c.gateway()).url;
    await c.worker(url, ['--capabilities', 'svc.ocr,svc.documents.fidelity']);
  });
  after(() => c.dispose());

  it('OCR of a PNG: the text comes back with the CPF and the name as placeholders', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="220">
      <rect width="100%" height="100%" fill="white"/>
      <text x="20" y="80" font-family="DejaVu Sans" font-size="40" fill="black">Nome: Joana Prado CPF ${CPF}</text>
      <text x="20" y="160" font-family="DejaVu Sans" font-size="40" fill="black">Contrato de locação residencial</text>
    </svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const res = await fetch(`${url}/v1/ocr`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'image/png' },
      body: png,
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const body = JSON.parse(text) as { status: string; result: { text: string } };
    assert.equal(body.status, 'completed');
    assert.match(body.result.text, /Contrato de loca/);
    assert.match(body.result.text, /\[CPF_1\]/);
    for (const v of SEEDED) assert.ok(!text.includes(v), `answer holds ${v}`);
  });

  it('fidelity of a two-page PDF: per-page text from the text layer (202, then polling)', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const line of ['Primeira pagina do contrato', `Segunda pagina, CPF ${CPF}`]) {
      doc.addPage([595, 842]).drawText(line, { x: 50, y: 700, size: 14, font });
    }
    const pdf = Buffer.from(await doc.save());
    const res = await fetch(`${url}/v1/documents/fidelity/jobs`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/pdf' },
      body: pdf,
    });
    assert.equal(res.status, 202);
    const { status_url } = (await res.json()) as { status_url: string };
    let final: { status: string; result: { pages: { page: number; text: string }[] } } | undefined;
    await waitUntil(
      async () => {
        final = (await (await fetch(`${url}${status_url}`, { headers: auth() })).json()) as typeof final;
        return final!.status === 'completed';
      },
      120_000,
      200,
    );
    assert.deepEqual(
      final!.result.pages.map((p) => p.page),
      [1, 2],
    );
    assert.match(final!.result.pages[0]!.text, /Primeira pagina/);
    assert.match(final!.result.pages[1]!.text, /\[CPF_1\]/);
    assert.ok(!JSON.stringify(final).includes(CPF));
  });
});
