// POST /v1/privacy/extract over real HTTP: PDFs and photos in, cleaned text out; the
// refusals; the 25 MB cap enforced while the body streams; no file left on disk.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { after, before, describe, it } from 'node:test';
import { onPostgres } from '../../helpers/db.js';
import { type KeyFixture, makeKey, testGateway } from '../../helpers/gateway.js';
import {
  bigPdf,
  blankImage,
  CPF,
  EMAIL,
  NAME,
  photo,
  scannedPdf,
  textPdf,
} from '../../documents/fixtures.js';

// Every temporary file of this process lands here; the test storage's own directory is
// the only thing allowed to be in it.
const TMP = mkdtempSync(join(tmpdir(), 'svc-extract-tmp-'));
process.env.TMPDIR = TMP;

// A collection before measuring, so earlier tests' garbage does not hide growth.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const SEEDED = [CPF, CPF.replace(/\D/g, ''), NAME, EMAIL, 'Aparecida'];

type Gateway = Awaited<ReturnType<typeof testGateway>>;

describe(`POST /v1/privacy/extract (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let gw: Gateway;
  let key: KeyFixture;
  let base: string;
  before(async () => {
    gw = await testGateway();
    key = await makeKey(gw.ctx);
    base = await gw.app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => gw.dispose());

  const send = async (
    parts: Record<string, Blob | string>,
    options: { secret?: string; fileName?: string } = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, options.fileName ?? 'documento.bin');
    }
    const res = await fetch(`${base}/v1/privacy/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.secret ?? key.secret}` },
      body: form,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field
    const body: any = await res.json();
    return { status: res.status, headers: res.headers, body };
  };
  const file = (bytes: Buffer, type = 'application/octet-stream') => new Blob([bytes], { type });

  it('returns the text layer of a PDF with the personal data replaced, and audits it', async () => {
    const res = await send({ file: file(await textPdf(), 'application/pdf') }, { fileName: 'contrato.pdf' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(Object.keys(res.body).sort(), ['findings', 'text']);
    assert.match(res.body.text, /Contrato de locação residencial/);
    assert.match(res.body.text, /Locatária: \[NOME_1\]/);
    assert.match(res.body.text, /CPF \[CPF_1\]/);
    assert.match(res.body.text, /E-mail: \[EMAIL_1\]/);
    assert.deepEqual(res.body.findings, [
      { category: 'cpf', count: 1, action: 'placeholder' },
      { category: 'email', count: 1, action: 'placeholder' },
      { category: 'nome', count: 1, action: 'placeholder' },
    ]);
    assert.equal(res.headers.get('x-svc-privacy'), 'cpf=1, email=1, nome=1');
    assert.equal(res.headers.get('x-svc-extraction'), 'pdf_text; pages=1');
    const auditId = res.headers.get('x-svc-audit-id');
    assert.match(auditId ?? '', /^aud_/);
    const row = await gw.ctx.db.kysely
      .selectFrom('audit_records')
      .selectAll()
      .where('id', '=', auditId!)
      .executeTakeFirstOrThrow();
    assert.equal(row.organization_id, key.organizationId);
    for (const v of SEEDED) assert.ok(!JSON.stringify(res.body).includes(v), v);
  });

  for (const format of ['png', 'jpeg'] as const) {
    it(`reads a ${format.toUpperCase()} photo by OCR; the CPF and the name come back as placeholders`, async () => {
      const res = await send(
        { file: file(await photo(format), `image/${format}`) },
        { fileName: `foto.${format}` },
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.match(res.body.text, /Contrato de locação residencial/);
      assert.match(res.body.text, /Locatária: \[NOME_1\]/);
      assert.match(res.body.text, /CPF \[CPF_1\]/);
      assert.match(res.body.text, /São Paulo, 3 de março de 2025/);
      assert.deepEqual(
        res.body.findings.map((f: { category: string }) => f.category),
        ['cpf', 'nome'],
      );
      assert.equal(res.headers.get('x-svc-extraction'), 'ocr; pages=1');
      for (const v of SEEDED) assert.ok(!res.body.text.includes(v), v);
    });
  }

  it('applies the organisation policy: block → 422 pii_blocked; a request may only raise it', async () => {
    const strict = await makeKey(gw.ctx, { org: { privacy_policy: 'block' } });
    const blocked = await send({ file: file(await textPdf()) }, { secret: strict.secret });
    assert.equal(blocked.status, 422);
    assert.equal(blocked.body.error.code, 'pii_blocked');
    assert.equal(blocked.headers.get('x-svc-privacy'), 'cpf=1, email=1, nome=1');
    const lowered = await send(
      { file: file(await textPdf()), policy: 'placeholder' },
      { secret: strict.secret },
    );
    assert.equal(lowered.status, 422);
    const redacted = await send({ policy: 'redact', file: file(await textPdf()) });
    assert.equal(redacted.status, 200);
    assert.match(redacted.body.text, /CPF \[CPF removido\]/);
    const bad = await send({ policy: 'nenhuma', file: file(await textPdf()) });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.param, 'policy');
    const noPii = await send(
      { file: file(await textPdf([['Cláusula primeira: do objeto.']])) },
      { secret: strict.secret },
    );
    assert.equal(noPii.status, 200);
    assert.deepEqual(noPii.body, { text: 'Cláusula primeira: do objeto.', findings: [] });
  });

  it('refuses a scanned PDF, a broken PDF, an unreadable image and a file that only claims to be a PDF', async () => {
    const scan = await send({ file: file(await scannedPdf(), 'application/pdf') }, { fileName: 'scan.pdf' });
    assert.equal(scan.status, 422);
    assert.equal(scan.body.error.code, 'no_text_layer');
    assert.equal(scan.body.error.param, 'file');

    const broken = await send({
      file: file(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500, 0x20)])),
    });
    assert.equal(broken.status, 422);
    assert.equal(broken.body.error.code, 'unreadable_pdf');

    const blank = await send({ file: file(await blankImage(600, 400), 'image/png') });
    assert.equal(blank.status, 422);
    assert.equal(blank.body.error.code, 'unreadable_image');

    const fake = await send(
      { file: file(Buffer.from(`Nome: ${NAME}, CPF ${CPF}`), 'application/pdf') },
      { fileName: 'contrato.pdf' },
    );
    assert.equal(fake.status, 415);
    assert.equal(fake.body.error.code, 'unsupported_file_type');
    for (const res of [scan, broken, blank, fake]) {
      assert.equal(res.body.error.type, 'invalid_request_error');
      for (const v of SEEDED) assert.ok(!JSON.stringify(res.body).includes(v), v);
    }
  });

  it('refuses an image above the pixel cap before decoding it (413)', async () => {
    const res = await send({ file: file(await blankImage(8000, 6000), 'image/png') });
    assert.equal(res.status, 413);
    assert.equal(res.body.error.code, 'image_too_large');
  });

  it('answers 400/415 for a missing file, stray fields, two files, JSON and other content types', async () => {
    const missing = await send({ policy: 'redact' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.param, 'file');
    const empty = await send({ file: file(Buffer.alloc(0)) });
    assert.equal(empty.status, 400);
    const stray = await send({ file: file(await textPdf()), outro: 'x' });
    assert.equal(stray.status, 400);
    const wrongField = await send({ arquivo: file(await textPdf()) });
    assert.equal(wrongField.status, 400);
    const form = new FormData();
    form.append('file', file(await textPdf()), 'a.pdf');
    form.append('file', file(await textPdf()), 'b.pdf');
    const two = await fetch(`${base}/v1/privacy/extract`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}` },
      body: form,
    });
    assert.equal(two.status, 400);

    const post = (contentType: string, body: string | Buffer) =>
      fetch(`${base}/v1/privacy/extract`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': contentType },
        body,
      });
    const json = await post('application/json', JSON.stringify({ file: 'JVBERi0xLjQ=' }));
    assert.equal(json.status, 415);
    assert.equal(((await json.json()) as { error: { code: string } }).error.code, 'unsupported_media_type');
    const pdf = await post('application/pdf', await textPdf());
    assert.equal(pdf.status, 415);
    const malformedJson = await post('application/json', '{"file":');
    assert.equal(malformedJson.status, 400);
    const cut = await post(
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
    );
    assert.equal(cut.status, 400);
    assert.equal(((await cut.json()) as { error: { code: string } }).error.code, 'invalid_request');
    const noBoundary = await post('multipart/form-data', 'abc');
    assert.ok([400, 415].includes(noBoundary.status), String(noBoundary.status));
    const anonymous = await fetch(`${base}/v1/privacy/extract`, { method: 'POST', body: new FormData() });
    assert.equal(anonymous.status, 401);
  });

  it('holds no more than the cap in memory while a much larger upload streams in', async (t) => {
    // 160 MB streamed in 1 MiB writes of the same buffer: if the server kept what it
    // received, memory would grow by that much; it may keep at most the 25 MB cap.
    const boundary = 'svcboundary';
    const chunk = Buffer.alloc(1024 * 1024, 0x42);
    gc();
    const baseline = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.arrayBuffers + m.heapUsed - baseline.arrayBuffers - baseline.heapUsed);
    }, 10);
    let sent = 0;
    // The server answers 413 at the cap and closes the connection. On a busy machine the
    // client may hit that close (EPIPE, ECONNRESET) while still writing, before it has read
    // the answer: either way the server stopped taking the upload early.
    let outcome: number | string;
    try {
      outcome = await new Promise<number | string>((resolve) => {
        const req = httpRequest(`${base}/v1/privacy/extract`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key.secret}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
        });
        let answered = 0;
        req.on('response', (res) => {
          answered = res.statusCode ?? 0;
          res.resume();
          res.on('end', () => resolve(answered));
          res.on('error', () => resolve(answered));
        });
        req.on('error', (err) => resolve(answered || ((err as NodeJS.ErrnoException).code ?? 'error')));
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n%PDF-1.7\n`,
        );
        const pump = () => {
          while (sent < 160 && !answered) {
            sent++;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      });
    } finally {
      clearInterval(sampler);
    }
    assert.ok(outcome === 413 || outcome === 'EPIPE' || outcome === 'ECONNRESET', `answered ${outcome}`);
    t.diagnostic(
      `memory growth during a 160 MB upload: ${(peak / 1048576).toFixed(1)} MB; stopped after ${sent} MB (${outcome})`,
    );
    // The answer left at the cap: the client learnt it long before sending everything.
    assert.ok(sent < 100, `answered after ${sent} MB`);
    assert.ok(peak < 90 * 1024 * 1024, `memory grew by ${(peak / 1048576).toFixed(1)} MB`);
  });

  it('answers 413 to a 26 MB upload', async () => {
    const big = Buffer.alloc(26 * 1024 * 1024, 0x41);
    big.write('%PDF-1.7\n');
    const res = await send({ file: file(big, 'application/pdf') });
    assert.equal(res.status, 413);
    assert.equal(res.body.error.code, 'file_too_large');
  });

  it('keeps the event loop free while OCR runs, and serves concurrent extractions', async (t) => {
    const [png, jpeg, pdf] = await Promise.all([photo('png'), photo('jpeg'), textPdf()]);
    // How much of the time the main thread was busy: OCR done on it would keep it near 1,
    // whatever the machine's load; done in worker threads, the main thread mostly waits.
    const start = performance.eventLoopUtilization();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const [a, b, c] = await Promise.all([
      send({ file: file(png) }),
      send({ file: file(jpeg) }),
      send({ file: file(pdf) }),
    ]);
    delay.disable();
    const busy = performance.eventLoopUtilization(start).utilization;
    for (const res of [a, b, c]) {
      assert.equal(res.status, 200);
      assert.match(res.body.text, /CPF \[CPF_1\]/);
    }
    t.diagnostic(
      `main thread busy ${(busy * 100).toFixed(0)}%; longest event-loop delay ${(delay.max / 1e6).toFixed(0)} ms`,
    );
    assert.ok(busy < 0.6, `main thread busy ${(busy * 100).toFixed(0)}% of the time`);
  });

  it('parses a 300-page PDF on a worker thread: timers tick and other requests are served meanwhile', async (t) => {
    const pdf = await bigPdf(300);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    let parsing = true;
    let served = 0;
    // Trivial requests one after the other for as long as the extraction runs.
    const health = (async () => {
      while (parsing) {
        const res = await fetch(`${base}/api/health`);
        await res.arrayBuffer();
        if (res.ok) served++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    let res: Awaited<ReturnType<typeof send>>;
    try {
      res = await send({ file: file(pdf, 'application/pdf') });
    } finally {
      parsing = false;
      clearInterval(timer);
      await health;
    }
    t.diagnostic(`${ticks} ticks of a 10 ms timer and ${served} health checks during the extraction`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-svc-extraction'), 'pdf_text; pages=300');
    assert.match(res.body.text, /300\.30 As despesas ordinárias/);
    // Parsing 300 pages on the event loop lets the timer tick a handful of times at most.
    assert.ok(ticks >= 20, `only ${ticks} ticks`);
    assert.ok(served >= 3, `only ${served} health checks served`);
  });

  it('left no file behind in the temporary directory and no personal data in the logs', () => {
    const left = readdirSync(TMP).filter((name) => !name.startsWith('svc-test-'));
    assert.deepEqual(left, []);
    for (const v of SEEDED) assert.ok(!gw.ctx.logs.text.includes(v), v);
  });
});
