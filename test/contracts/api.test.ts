// The protected routes: contracts (JSON and PDF), isolation between users, risk analysis,
// notifications, dashboard, plan limits and plan change, chat, and bad input everywhere.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { onPostgres } from '../helpers/db.js';
import { type Harness, harness, PASSWORD, SAMPLE_CONTRACT, type TestUser } from './helpers.js';

const dialect = onPostgres ? 'postgres' : 'sqlite';

async function pdfOf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 40, y: 800 - i * 16, size: 10, font });
  return Buffer.from(await doc.save());
}

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----svc${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe(`contracts API (${dialect})`, () => {
  let h: Harness;
  let ana: TestUser;
  let bruno: TestUser;

  before(async () => {
    h = await harness();
    ana = await h.user({ plan: 'profissional' });
    bruno = await h.user({ plan: 'profissional' });
  });
  after(() => h.dispose());

  const post = (user: TestUser, url: string, payload: object) =>
    h.app.inject({ method: 'POST', url, headers: user.auth, payload });
  const get = (user: TestUser, url: string) => h.app.inject({ url, headers: user.auth });

  it('uploads JSON text, lists with pagination, reads and deletes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      h.clock.offset += 5; // distinct creation times, so the order is certain
      const res = await post(ana, '/contracts', { title: `Contrato ${i}`, text: `${SAMPLE_CONTRACT}\n${i}` });
      assert.equal(res.statusCode, 201);
      assert.equal(res.json().source, 'text');
      assert.equal(res.headers.location, `/contracts/${res.json().id}`);
      ids.push(res.json().id);
    }
    const page = await get(ana, '/contracts?limit=2&offset=0');
    assert.equal(page.statusCode, 200);
    assert.equal(page.json().total, 3);
    assert.deepEqual(
      page.json().items.map((c: { id: string }) => c.id),
      [ids[2], ids[1]],
    );
    const rest = await get(ana, '/contracts?limit=2&offset=2');
    assert.deepEqual(
      rest.json().items.map((c: { id: string }) => c.id),
      [ids[0]],
    );
    const one = await get(ana, `/contracts/${ids[0]}`);
    assert.equal(one.statusCode, 200);
    assert.ok(one.json().text.includes('CONTRATO DE PRESTAÇÃO'));
    const del = await h.app.inject({ method: 'DELETE', url: `/contracts/${ids[0]}`, headers: ana.auth });
    assert.equal(del.statusCode, 204);
    assert.equal((await get(ana, `/contracts/${ids[0]}`)).statusCode, 404);
    const again = await h.app.inject({ method: 'DELETE', url: `/contracts/${ids[0]}`, headers: ana.auth });
    assert.equal(again.json().error, 'CONTRACT_NOT_FOUND');
  });

  it("keeps users apart: another user's contract, analysis and notification are 404", async () => {
    const c = (await post(ana, '/contracts', { text: SAMPLE_CONTRACT })).json();
    const a = (await post(ana, '/risk-analysis', { contract_id: c.id })).json();
    const n = (await get(ana, '/notifications')).json().items[0];
    for (const [method, url, payload] of [
      ['GET', `/contracts/${c.id}`],
      ['DELETE', `/contracts/${c.id}`],
      ['POST', '/risk-analysis', { contract_id: c.id }],
      ['GET', `/risk-analysis/${a.id}`],
      ['POST', `/notifications/${n.id}/read`],
      ['POST', '/chat', { contract_id: c.id, question: 'Qual a multa?' }],
      ['GET', `/chat?contract_id=${c.id}`],
    ] as const) {
      const res = await h.app.inject({ method, url, headers: bruno.auth, ...(payload ? { payload } : {}) });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
    }
    assert.ok(!(await get(bruno, '/contracts')).json().items.some((x: { id: string }) => x.id === c.id));
    assert.ok(!(await get(bruno, '/risk-analysis')).json().items.some((x: { id: string }) => x.id === a.id));
    assert.equal((await get(ana, `/contracts/${c.id}`)).statusCode, 200);
  });

  it('uploads a PDF and extracts its text', async () => {
    const pdf = await pdfOf([
      'CONTRATO DE LOCAÇÃO',
      'O contrato será renovado automaticamente, salvo aviso com 90 (noventa) dias.',
      'A multa por rescisão antecipada será de 5% do valor do aluguel.',
    ]);
    const form = multipart([
      { name: 'title', data: 'Locação comercial' },
      { name: 'file', filename: 'locacao.pdf', type: 'application/pdf', data: pdf },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/contracts',
      headers: { ...ana.auth, 'content-type': form.contentType },
      payload: form.payload,
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().source, 'pdf');
    assert.equal(res.json().title, 'Locação comercial');
    const text = (await get(ana, `/contracts/${res.json().id}`)).json().text as string;
    assert.match(text, /renovado automaticamente/);
    assert.match(text, /LOCAÇÃO/);
  });

  it('refuses non-PDF uploads (415), empty PDFs (422), broken PDFs (422), forms without a file (400)', async () => {
    const send = async (parts: Parameters<typeof multipart>[0]) => {
      const form = multipart(parts);
      const res = await h.app.inject({
        method: 'POST',
        url: '/contracts',
        headers: { ...ana.auth, 'content-type': form.contentType },
        payload: form.payload,
      });
      return `${res.statusCode} ${res.json().error}`;
    };
    assert.equal(
      await send([
        {
          name: 'file',
          filename: 'x.png',
          type: 'image/png',
          data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
        },
      ]),
      '415 UNSUPPORTED_FILE_TYPE',
    );
    assert.equal(
      await send([{ name: 'file', filename: 'vazio.pdf', type: 'application/pdf', data: await pdfOf([]) }]),
      '422 NO_EXTRACTABLE_TEXT',
    );
    assert.equal(
      await send([
        {
          name: 'file',
          filename: 'quebrado.pdf',
          type: 'application/pdf',
          data: Buffer.from('%PDF-1.7\nlixo lixo lixo'),
        },
      ]),
      '422 INVALID_PDF',
    );
    assert.equal(await send([{ name: 'title', data: 'sem arquivo' }]), '400 INVALID_REQUEST');
    assert.equal(
      await send([{ name: 'outro', filename: 'a.pdf', type: 'application/pdf', data: await pdfOf(['x']) }]),
      '400 INVALID_REQUEST',
    );
  });

  it('refuses bad input on every route with a clear 4xx in {message, error}', async () => {
    const cases: [string, string, unknown, number, Record<string, string>?][] = [
      ['POST', '/contracts', {}, 400],
      ['POST', '/contracts', { text: 42 }, 400],
      ['POST', '/contracts', { text: '' }, 400],
      ['POST', '/contracts', { text: '   \n  ' }, 400],
      ['POST', '/contracts', { text: 'ok ok ok', extra: 1 }, 400],
      ['POST', '/contracts', { text: 'x'.repeat(500_001) }, 400],
      ['POST', '/contracts', 'texto solto', 415, { 'content-type': 'text/plain' }],
      ['POST', '/contracts', '{"text": ', 400, { 'content-type': 'application/json' }],
      ['GET', '/contracts?limit=0', undefined, 400],
      ['GET', '/contracts?limit=abc', undefined, 400],
      ['GET', '/contracts?offset=-1', undefined, 400],
      ['GET', '/contracts/nao-existe', undefined, 404],
      ['POST', '/risk-analysis', {}, 400],
      ['POST', '/risk-analysis', { contract_id: 7 }, 400],
      ['POST', '/risk-analysis', { contract_id: 'ctr_nao_existe' }, 404],
      ['GET', '/risk-analysis/nao-existe', undefined, 404],
      ['GET', '/risk-analysis?limit=1000', undefined, 400],
      ['GET', '/notifications?unread=talvez', undefined, 400],
      ['POST', '/notifications/nao-existe/read', undefined, 404],
      ['PUT', '/subscriptions', { plan: 'ouro' }, 400],
      ['PUT', '/subscriptions', { plan: 3 }, 400],
      ['PUT', '/subscriptions', {}, 400],
      ['POST', '/chat', { contract_id: 'ctr_x' }, 400],
      ['POST', '/chat', { contract_id: 'ctr_x', question: '' }, 400],
      ['POST', '/chat', { contract_id: 'ctr_x', question: 'x'.repeat(2001) }, 400],
      ['POST', '/chat', { contract_id: 'ctr_x', question: 'Qual a multa?' }, 404],
      ['GET', '/chat', undefined, 400],
      ['PATCH', '/contracts', {}, 405],
    ];
    for (const [method, url, payload, status, headers] of cases) {
      const res = await h.app.inject({
        method: method as 'GET',
        url,
        headers: { ...ana.auth, ...(headers ?? {}) },
        ...(payload === undefined ? {} : { payload: payload as string }),
      });
      assert.equal(res.statusCode, status, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 60)}`);
      assert.deepEqual(Object.keys(res.json()).sort(), ['error', 'message'], `${method} ${url}`);
    }
  });

  it('refuses a body above the JSON limit with 413', async () => {
    const res = await post(ana, '/contracts', { text: 'a'.repeat(12 * 1024 * 1024) });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().error, 'PAYLOAD_TOO_LARGE');
  });

  it('analyses risks with Portuguese rules, stores the result and notifies', async () => {
    const c = (await post(ana, '/contracts', { title: 'Serviços', text: SAMPLE_CONTRACT })).json();
    const before = (await get(ana, '/notifications?unread=true')).json().unread;
    const res = await post(ana, '/risk-analysis', { contract_id: c.id });
    assert.equal(res.statusCode, 201);
    const a = res.json();
    assert.equal(a.overall_risk, 'high');
    assert.equal(a.summary, null, 'no real model configured: no model summary');
    const byCategory = (cat: string) => a.clauses.find((x: { category: string }) => x.category === cat);
    assert.equal(byCategory('penalties').risk, 'high');
    assert.match(byCategory('penalties').sentence, /multa de 30%/);
    assert.equal(byCategory('readjustment').risk, 'low');
    assert.equal(byCategory('automatic_renewal').risk, 'high');
    assert.equal(byCategory('confidentiality').risk, 'medium');
    assert.equal(byCategory('data_protection').risk, 'low');
    assert.equal(byCategory('jurisdiction').risk, 'low');
    assert.equal(byCategory('term').risk, 'low');
    assert.equal(byCategory('termination').risk, 'low');
    const stored = await get(ana, `/risk-analysis/${a.id}`);
    assert.deepEqual(stored.json(), a);
    const list = (await get(ana, `/risk-analysis?contract_id=${c.id}`)).json();
    assert.equal(list.items[0].id, a.id);
    assert.equal(list.items[0].contract_title, 'Serviços');
    const inbox = (await get(ana, '/notifications?unread=true')).json();
    assert.equal(inbox.unread, before + 1);
    const n = inbox.items.find((x: { analysis_id: string }) => x.analysis_id === a.id);
    assert.equal(n.kind, 'analysis_completed');
    assert.equal(n.read, false);
    const read = await h.app.inject({
      method: 'POST',
      url: `/notifications/${n.id}/read`,
      headers: ana.auth,
    });
    assert.equal(read.statusCode, 200);
    assert.equal(read.json().read, true);
    assert.equal((await get(ana, '/notifications?unread=true')).json().unread, before);
    const all = await h.app.inject({ method: 'POST', url: '/notifications/read-all', headers: ana.auth });
    assert.equal(all.statusCode, 200);
    assert.equal((await get(ana, '/notifications')).json().unread, 0);
  });

  it('shows a dashboard of totals, risk distribution, recent analyses and plan use', async () => {
    const d = (await get(ana, '/dashboard')).json();
    assert.ok(d.totals.contracts >= 1);
    assert.ok(d.totals.analyses >= 1);
    assert.ok(d.risk_distribution.high >= 1);
    assert.ok(d.recent_analyses.length >= 1);
    assert.equal(d.usage.limits.contracts, 100);
    assert.ok(d.usage.used.analyses >= 1);
    const empty = (await get(await h.user(), '/dashboard')).json();
    assert.deepEqual(empty.totals, { contracts: 0, analyses: 0, unread_notifications: 0 });
  });

  it('answers chat questions through the gateway, grounded on the contract (svc/eco without a real model)', async () => {
    const c = (await post(ana, '/contracts', { text: SAMPLE_CONTRACT })).json();
    const res = await post(ana, '/chat', { contract_id: c.id, question: 'Qual é a multa?' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().model, 'svc/eco');
    // svc/eco answers with what the model would have seen: the contract and the question.
    assert.match(res.json().answer, /multa de 30%/);
    assert.match(res.json().answer, /Qual é a multa\?/);
    const history = (await get(ana, `/chat?contract_id=${c.id}`)).json();
    assert.equal(history.total, 1);
    assert.equal(history.items[0].question, 'Qual é a multa?');
  });

  it('enforces the monthly plan limits with 429 PLAN_LIMIT_REACHED and lifts them on a plan change', async () => {
    const u = await h.user(); // gratuito: 5 contracts, 10 analyses, 20 chat questions
    const sub = (await get(u, '/subscriptions')).json();
    assert.equal(sub.plan, 'gratuito');
    assert.deepEqual(sub.limits, { contracts: 5, analyses: 10, chat_messages: 20 });
    assert.deepEqual(
      sub.plans.map((p: { plan: string }) => p.plan),
      ['gratuito', 'profissional', 'empresarial'],
    );
    let last = '';
    for (let i = 0; i < 5; i++) {
      const res = await post(u, '/contracts', { text: SAMPLE_CONTRACT });
      assert.equal(res.statusCode, 201);
      last = res.json().id;
    }
    const over = await post(u, '/contracts', { text: SAMPLE_CONTRACT });
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().error, 'PLAN_LIMIT_REACHED');
    assert.ok(Number(over.headers['retry-after']) > 0);
    // Deleting does not give the month's place back.
    await h.app.inject({ method: 'DELETE', url: `/contracts/${last}`, headers: u.auth });
    assert.equal((await post(u, '/contracts', { text: SAMPLE_CONTRACT })).statusCode, 429);
    const first = (await get(u, '/contracts')).json().items[0].id;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => post(u, '/risk-analysis', { contract_id: first })),
    );
    assert.equal(results.filter((r) => r.statusCode === 201).length, 10);
    assert.equal(results.filter((r) => r.statusCode === 429).length, 2);
    const change = await h.app.inject({
      method: 'PUT',
      url: '/subscriptions',
      headers: u.auth,
      payload: { plan: 'profissional' },
    });
    assert.equal(change.statusCode, 200);
    assert.equal(change.json().plan, 'profissional');
    assert.equal(change.json().usage.contracts, 5);
    assert.equal((await post(u, '/contracts', { text: SAMPLE_CONTRACT })).statusCode, 201);
    // A new month starts over.
    const d = new Date();
    const saved = h.clock.offset;
    h.clock.offset = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 0, 10) - Date.now();
    try {
      // Sign in again: the first token's hour has passed on the moved clock.
      const login = await h.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: u.email, password: PASSWORD },
      });
      const fresh = { authorization: `Bearer ${login.json().token}` };
      const usage = (await h.app.inject({ url: '/subscriptions', headers: fresh })).json().usage;
      assert.deepEqual(usage, { contracts: 0, analyses: 0, chat_messages: 0 });
    } finally {
      h.clock.offset = saved;
    }
  });

  it('serves its OpenAPI document with every route and the JWT security scheme', async () => {
    const res = await h.app.inject({ url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    for (const path of [
      '/auth/login',
      '/contracts',
      '/contracts/{id}',
      '/risk-analysis',
      '/dashboard',
      '/notifications',
      '/subscriptions',
      '/chat',
    ])
      assert.ok(doc.paths[path], path);
    assert.deepEqual(doc.paths['/contracts'].get.security, [{ jwt: [] }]);
    assert.ok(doc.paths['/contracts'].post.requestBody.content['multipart/form-data']);
  });
});
