// The contract API's answers to bad input: one upper-case code space, messages
// in Portuguese that never quote the schema, the same code for the same mistake, and no 500.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { onPostgres } from '../helpers/db.js';
import { type Harness, harness, type TestUser } from './helpers.js';

const dialect = onPostgres ? 'postgres' : 'sqlite';

describe(`contracts: error answers (${dialect})`, () => {
  let h: Harness;
  let ana: TestUser;
  before(async () => {
    h = await harness();
    ana = await h.user();
  });
  after(() => h.dispose());

  const send = async (
    method: string,
    url: string,
    options: { payload?: string | object; headers?: Record<string, string> } = {},
  ) => {
    const res = await h.app.inject({
      method: method as 'POST',
      url,
      headers: { ...ana.auth, ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
    return { status: res.statusCode, ...(res.json() as { error: string; message: string }) };
  };

  it('POST /contracts with no body and no Content-Type is a 400, not a 500', async () => {
    const res = await send('POST', '/contracts');
    assert.equal(res.status, 400);
    assert.equal(res.error, 'INVALID_REQUEST');
    assert.match(res.message, /Envie o contrato/);
  });

  it('an empty text and a blank text get the same code', async () => {
    const empty = await send('POST', '/contracts', { payload: { text: '' } });
    const blank = await send('POST', '/contracts', { payload: { text: '   ' } });
    assert.deepEqual([empty.status, empty.error], [400, 'EMPTY_CONTRACT']);
    assert.deepEqual([blank.status, blank.error], [400, 'EMPTY_CONTRACT']);
    const question = await send('POST', '/chat', { payload: { contract_id: 'ctr_x', question: '' } });
    const blankQuestion = await send('POST', '/chat', { payload: { contract_id: 'ctr_x', question: '  ' } });
    assert.deepEqual([question.status, question.error], [400, blankQuestion.error]);
  });

  it('every code is upper case, platform codes included (415, 413, 404, 405, invalid JSON)', async () => {
    const cases: [number, string, Awaited<ReturnType<typeof send>>][] = [
      [
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        await send('POST', '/contracts', { payload: 'texto', headers: { 'content-type': 'text/plain' } }),
      ],
      [
        400,
        'INVALID_JSON',
        await send('POST', '/contracts', {
          payload: '{"text": ',
          headers: { 'content-type': 'application/json' },
        }),
      ],
      [404, 'NOT_FOUND', await send('GET', '/nao-existe')],
      [405, 'METHOD_NOT_ALLOWED', await send('PATCH', '/contracts', { payload: {} })],
      [400, 'INVALID_REQUEST', await send('GET', '/contracts?limit=abc')],
    ];
    for (const [status, code, res] of cases) assert.deepEqual([res.status, res.error], [status, code]);
    const anonymous = await h.app.inject({ url: '/contracts' });
    assert.equal(anonymous.json().error, 'MISSING_AUTHORIZATION_HEADER');
    const login = await h.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    assert.equal(login.json().error, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('validation messages are Portuguese and never quote the schema', async () => {
    const cases: [string, string, object | undefined, RegExp][] = [
      [
        'GET',
        '/contracts?limit=abc',
        undefined,
        /O parâmetro limit tem um valor inválido: use um número de 1 a 100\./,
      ],
      ['GET', '/contracts?offset=-1', undefined, /offset/],
      ['GET', '/notifications?unread=talvez', undefined, /use true ou false/],
      ['GET', '/contracts?foo=1', undefined, /O parâmetro foo não é aceito/],
      ['POST', '/contracts', { text: 42 }, /O campo text deve ser um texto\./],
      ['POST', '/contracts', { text: 'ok', extra: 1 }, /O campo extra não é aceito/],
      ['POST', '/risk-analysis', {}, /O campo contract_id é obrigatório\./],
      ['PUT', '/subscriptions', { plan: 3 }, /O campo plan deve ser um texto\./],
      ['POST', '/chat', { contract_id: 'c', question: 'x'.repeat(2001) }, /no máximo 2000 caracteres/],
    ];
    for (const [method, url, payload, expected] of cases) {
      const res = await send(method, url, payload === undefined ? {} : { payload });
      assert.equal(res.status, 400, url);
      assert.equal(res.error, 'INVALID_REQUEST', url);
      assert.match(res.message, expected, url);
      // Ajv's English and the schema's regexes stay inside.
      assert.doesNotMatch(res.message, /must|pattern|should|\^|\$|\\/, url);
    }
  });
});
