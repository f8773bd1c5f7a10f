// POST /v1/privacy/clean, POST /v1/privacy/jobs, GET /v1/privacy/jobs/:id.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decrypt } from '../../src/platform/crypto.js';
import { deriveKey } from '../../src/platform/secret.js';
import { type KeyFixture, makeKey, testGateway } from '../helpers/gateway.js';

type Gateway = Awaited<ReturnType<typeof testGateway>>;

const CPF = '529.982.247-25';
const EMAIL = 'joana.prado@empresa.com.br';
const PHONE = '(11) 98765-4321';
const TEXT = `Cliente Joana Prado, CPF ${CPF}, e-mail ${EMAIL}, celular ${PHONE}. Repito: CPF ${CPF}.`;
const SEEDED = [CPF, '52998224725', EMAIL, '98765-4321', 'Joana Prado'];

describe('/v1/privacy routes', () => {
  let gw: Gateway;
  let key: KeyFixture;
  before(async () => {
    gw = await testGateway();
    key = await makeKey(gw.ctx);
  });
  after(() => gw.dispose());

  const post = (url: string, payload: unknown, secret = key.secret, headers: Record<string, string> = {}) =>
    gw.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('cleans a text with numbered placeholders, one number per value', async () => {
    const res = await post('/v1/privacy/clean', { text: TEXT });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(
      body.clean_text,
      'Cliente [NOME_1], CPF [CPF_1], e-mail [EMAIL_1], celular [TELEFONE_1]. Repito: CPF [CPF_1].',
    );
    assert.deepEqual(body.findings, [
      { category: 'cpf', count: 2, action: 'placeholder' },
      { category: 'email', count: 1, action: 'placeholder' },
      { category: 'telefone', count: 1, action: 'placeholder' },
      { category: 'nome', count: 1, action: 'placeholder' },
    ]);
    assert.match(body.audit_id, /^aud_/);
    assert.equal(res.headers['x-svc-privacy'], 'cpf=2, email=1, telefone=1, nome=1');
  });

  it('cleans JSON (structure kept, document numbers caught) and lists, with one map per request', async () => {
    const input = {
      pedido: 123456,
      cliente: { cpf: 52998224725, contatos: [EMAIL, { fone: PHONE }] },
      obs: `cpf ${CPF}`,
    };
    const res = await post('/v1/privacy/clean', { input });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().clean_input, {
      pedido: 123456,
      cliente: { cpf: '[CPF_1]', contatos: ['[EMAIL_1]', { fone: '[TELEFONE_1]' }] },
      obs: 'cpf [CPF_1]',
    });
    assert.deepEqual(JSON.parse(res.json().clean_text), res.json().clean_input);

    const list = await post('/v1/privacy/clean', { items: [`a ${EMAIL}`, 'nada', `b ${EMAIL}`] });
    assert.deepEqual(list.json().clean_items, ['a [EMAIL_1]', 'nada', 'b [EMAIL_1]']);
  });

  it('lets a request raise the policy but never lower it', async () => {
    const redact = await post('/v1/privacy/clean', { text: `CPF ${CPF}`, policy: 'redact' });
    assert.equal(redact.json().clean_text, 'CPF [CPF removido]');
    assert.equal(redact.json().findings[0].action, 'redact');

    const strict = await makeKey(gw.ctx, { org: { privacy_policy: 'redact' } });
    const lowered = await post(
      '/v1/privacy/clean',
      { text: `CPF ${CPF}`, policy: 'placeholder' },
      strict.secret,
    );
    assert.equal(lowered.json().clean_text, 'CPF [CPF removido]');
  });

  it('refuses blocked content with 422 pii_blocked, naming categories but no value', async () => {
    const res = await post('/v1/privacy/clean', { text: TEXT, policy: 'block' });
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().error.code, 'pii_blocked');
    for (const v of SEEDED) assert.ok(!res.body.includes(v), v);
    const clean = await post('/v1/privacy/clean', { text: 'nada pessoal aqui', policy: 'block' });
    assert.equal(clean.statusCode, 200);
    const blockingOrg = await makeKey(gw.ctx, { org: { privacy_policy: 'block' } });
    assert.equal((await post('/v1/privacy/clean', { text: TEXT }, blockingOrg.secret)).statusCode, 422);
  });

  it('writes an encrypted audit record per call, with metadata only', async () => {
    const res = await post('/v1/privacy/clean', { text: TEXT });
    const row = await gw.ctx.db.kysely
      .selectFrom('audit_records')
      .selectAll()
      .where('id', '=', res.json().audit_id)
      .executeTakeFirstOrThrow();
    for (const v of SEEDED) assert.ok(!row.sealed.includes(v));
    const record = JSON.parse(decrypt(deriveKey(gw.ctx.secret, 'audit'), row.sealed));
    assert.equal(record.key_id, key.keyId);
    assert.equal(record.route, 'POST /v1/privacy/clean');
    assert.equal(record.policy, 'placeholder');
    assert.deepEqual(record.findings[0], { category: 'cpf', count: 2, action: 'placeholder' });
    assert.match(record.input_hmac, /^[A-Za-z0-9_-]{43}$/);
    for (const v of SEEDED) assert.ok(!JSON.stringify(record).includes(v), v);
    // Blocked calls are audited too.
    const blocked = await post('/v1/privacy/clean', { text: TEXT, policy: 'block' });
    assert.match(String(blocked.headers['x-svc-audit-id']), /^aud_/);
  });

  it('answers bad input with 400 and a clear code, never 500', async () => {
    const cases: [unknown, number, string][] = [
      [{}, 400, 'invalid_request'],
      [{ text: 'a', items: ['b'] }, 400, 'invalid_request'],
      [{ text: 42 }, 400, 'invalid_request'],
      [{ items: [] }, 400, 'invalid_request'],
      [{ items: ['a', 3] }, 400, 'invalid_request'],
      [{ items: 'a' }, 400, 'invalid_request'],
      [{ text: 'a', policy: 'lenient' }, 400, 'invalid_request'],
      [{ text: 'a', extra: true }, 400, 'invalid_request'],
      [[TEXT], 400, 'invalid_request'],
      ['{"text": ', 400, 'invalid_json'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await post('/v1/privacy/clean', payload);
      assert.equal(res.statusCode, status, JSON.stringify(payload));
      assert.equal(res.json().error.code, code, JSON.stringify(payload));
      assert.ok(!res.body.includes(CPF));
    }
    const deep = JSON.parse(`${'['.repeat(300)}"x"${']'.repeat(300)}`);
    assert.equal((await post('/v1/privacy/clean', { input: deep })).statusCode, 400);
    const big = await post('/v1/privacy/clean', { text: 'a'.repeat(3 * 1024 * 1024) });
    assert.equal(big.statusCode, 413);
    const wrongType = await post('/v1/privacy/clean', 'text=x', key.secret, { 'content-type': 'text/plain' });
    assert.equal(wrongType.statusCode, 415);
  });

  it('answers every wrong type with 400 invalid_request, never a 500 and never an echo', async () => {
    const wrong: Record<string, unknown>[] = [
      { input: null },
      { text: null },
      { items: null },
      { policy: null, text: 'a' },
      { text: { cpf: CPF } },
      { text: [CPF] },
      { text: true },
      { items: [CPF, { cpf: CPF }] },
      { items: [[CPF]] },
      { items: [null] },
      { items: { 0: CPF } },
      { items: 42 },
      { input: CPF, text: CPF },
      { input: { cpf: CPF }, items: [CPF] },
      { policy: 1, text: CPF },
      { policy: ['block'], text: CPF },
      { policy: { block: true }, text: CPF },
      { [CPF]: 1, text: 'a' },
      { items: Array.from({ length: 1001 }, () => CPF) },
    ];
    for (const payload of wrong) {
      const res = await post('/v1/privacy/clean', payload);
      const what = Object.keys(payload).join(',');
      assert.equal(res.statusCode, 400, what);
      assert.equal(res.json().error.code, 'invalid_request', what);
      for (const v of [CPF, '52998224725']) assert.ok(!res.body.includes(v), what);
    }
    for (const body of ['null', '42', '"texto"', 'true']) {
      const res = await post('/v1/privacy/clean', body);
      assert.equal(res.statusCode, 400, body);
    }
    const big = await post('/v1/privacy/clean', { items: [CPF, 'a'.repeat(3 * 1024 * 1024)] });
    assert.equal(big.statusCode, 413);
    assert.ok(!big.body.includes(CPF));
  });

  it('cleans JSON keys, keeping keys that clean alike apart', async () => {
    const res = await post('/v1/privacy/clean', {
      input: { clientes: { [CPF]: { email: EMAIL }, '[CPF_1]': 'literal' } },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json().clean_input, {
      clientes: { '[CPF_1] (2)': { email: '[EMAIL_1]' }, '[CPF_1]': 'literal' },
    });
    for (const v of SEEDED) assert.ok(!res.body.includes(v), v);
    const blocked = await post('/v1/privacy/clean', { input: { [CPF]: 1 }, policy: 'block' });
    assert.equal(blocked.statusCode, 422);
    assert.equal(blocked.json().error.code, 'pii_blocked');
  });

  it('catches a value split across consecutive items, under every policy', async () => {
    const items = ['Cliente CPF 529.982.', '247-25; e-mail joana.prado@', 'empresa.com.br', ' fim'];
    const cases: [string, number, string[] | null][] = [
      ['placeholder', 200, ['Cliente CPF [CPF_1]', '; e-mail [EMAIL_1]', '', ' fim']],
      ['redact', 200, ['Cliente CPF [CPF removido]', '; e-mail [EMAIL removido]', '', ' fim']],
      ['block', 422, null],
    ];
    for (const [policy, status, expected] of cases) {
      const res = await post('/v1/privacy/clean', { items, policy });
      assert.equal(res.statusCode, status, policy);
      assert.equal(res.headers['x-svc-privacy'], 'cpf=1, email=1', policy);
      if (expected) assert.deepEqual(res.json().clean_items, expected, policy);
      for (const piece of ['529', '982', '247-25', 'joana', 'empresa.com']) {
        assert.ok(!res.body.includes(piece), `${policy}: ${piece}`);
      }
    }
    const name = await post('/v1/privacy/clean', { items: ['Falei com a cliente Joana', ' Prado ontem.'] });
    assert.deepEqual(name.json().clean_items, ['Falei com a cliente [NOME_1]', ' ontem.']);
    const decoy = await post('/v1/privacy/clean', { items: ['Total: 529', '982 itens'], policy: 'block' });
    assert.equal(decoy.statusCode, 200);
    assert.deepEqual(decoy.json().clean_items, ['Total: 529', '982 itens']);
  });

  it('runs privacy jobs: counts only, blocked status, reads scoped to the organisation', async () => {
    const created = await post('/v1/privacy/jobs', { items: [TEXT, 'nada', `outro ${EMAIL}`] });
    assert.equal(created.statusCode, 202);
    const { id, status } = created.json();
    assert.match(id, /^privjob_/);
    assert.equal(status, 'completed');
    for (const v of SEEDED) assert.ok(!created.body.includes(v));

    const read = await gw.app.inject({
      method: 'GET',
      url: `/v1/privacy/jobs/${id}`,
      headers: { 'x-api-key': key.secret },
    });
    assert.equal(read.statusCode, 200);
    assert.deepEqual(read.json(), {
      status: 'completed',
      privacy: {
        categories: ['cpf', 'email', 'telefone', 'nome'],
        counts: { cpf: 2, email: 2, telefone: 1, nome: 1 },
        total: 6,
      },
    });

    const blocked = await post('/v1/privacy/jobs', { items: ['nada', TEXT], policy: 'block' });
    assert.equal(blocked.json().status, 'blocked');
    const blockedRead = await gw.app.inject({
      method: 'GET',
      url: `/v1/privacy/jobs/${blocked.json().id}`,
      headers: { 'x-api-key': key.secret },
    });
    assert.equal(blockedRead.json().status, 'failed');

    const stranger = await makeKey(gw.ctx);
    for (const url of [
      `/v1/privacy/jobs/${id}`,
      '/v1/privacy/jobs/privjob_nope',
      '/v1/privacy/jobs/..%2f..',
    ]) {
      const res = await gw.app.inject({ method: 'GET', url, headers: { 'x-api-key': stranger.secret } });
      assert.equal(res.statusCode, 404, url);
    }
    assert.equal((await post('/v1/privacy/jobs', { items: [] })).statusCode, 400);
    assert.equal((await post('/v1/privacy/jobs', { items: [1] })).statusCode, 400);
  });

  it('keeps personal data out of every log line', () => {
    for (const v of SEEDED) assert.ok(!gw.ctx.logs.text.includes(v), v);
  });
});
