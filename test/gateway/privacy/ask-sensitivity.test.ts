// A caller asks for stricter name detection: `sensitivity` in the body of /v1/privacy/clean
// and /v1/privacy/jobs, in the form of /v1/privacy/extract, or the X-SVC-Nomes header. It
// only tightens: `balanced` never loosens an organisation's `strict` (it is clamped, like
// `policy`), and a bad value is 400 invalid_request naming the field.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { textPdf } from '../../documents/fixtures.js';
import { onPostgres } from '../../helpers/db.js';
import { type KeyFixture, makeKey, testGateway } from '../../helpers/gateway.js';
import { sensitivityExample } from '../../helpers/sensitivity.js';

const { surname, text: TEXT } = sensitivityExample((w) => `O ${w} passou aqui.`);
const MASKED = 'O [NOME_1] passou aqui.';

describe(`asking for name sensitivity (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let gw: Awaited<ReturnType<typeof testGateway>>;
  let balanced: KeyFixture;
  let strict: KeyFixture;
  let base: string;

  before(async () => {
    gw = await testGateway();
    balanced = await makeKey(gw.ctx);
    strict = await makeKey(gw.ctx, { org: { name_sensitivity: 'strict' } });
    base = await gw.app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => gw.dispose());

  const post = (url: string, payload: unknown, secret: string, headers: Record<string, string> = {}) =>
    gw.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${secret}`, ...headers },
    });
  const cleaned = async (body: Record<string, unknown>, who: KeyFixture, headers = {}) => {
    const res = await post('/v1/privacy/clean', { text: TEXT, ...body }, who.secret, headers);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().clean_text as string;
  };

  it('/v1/privacy/clean: `sensitivity: strict` tightens a balanced organisation', async () => {
    assert.equal(await cleaned({}, balanced), TEXT);
    assert.equal(await cleaned({ sensitivity: 'balanced' }, balanced), TEXT);
    assert.equal(await cleaned({ sensitivity: 'strict' }, balanced), MASKED);
    assert.equal(
      await cleaned({ sensitivity: 'strict', policy: 'redact' }, balanced),
      'O [NOME removido] passou aqui.',
    );
  });

  it('/v1/privacy/clean: `balanced` is clamped to a strict organisation’s setting, header or body', async () => {
    assert.equal(await cleaned({}, strict), MASKED);
    assert.equal(await cleaned({ sensitivity: 'balanced' }, strict), MASKED);
    assert.equal(await cleaned({ sensitivity: 'balanced' }, strict, { 'x-svc-nomes': 'balanced' }), MASKED);
    // Header and body together: the stricter of the two.
    assert.equal(await cleaned({ sensitivity: 'balanced' }, balanced, { 'x-svc-nomes': 'strict' }), MASKED);
    assert.equal(await cleaned({ sensitivity: 'strict' }, balanced, { 'x-svc-nomes': 'balanced' }), MASKED);
  });

  it('/v1/privacy/jobs: the same field', async () => {
    const counts = async (body: Record<string, unknown>) => {
      const made = await post('/v1/privacy/jobs', { items: [TEXT], ...body }, balanced.secret);
      assert.equal(made.statusCode, 202, made.body);
      const read = await gw.app.inject({
        method: 'GET',
        url: `/v1/privacy/jobs/${made.json().id}`,
        headers: { authorization: `Bearer ${balanced.secret}` },
      });
      return read.json().privacy.counts;
    };
    assert.deepEqual(await counts({}), {});
    assert.deepEqual(await counts({ sensitivity: 'strict' }), { nome: 1 });
  });

  it('/v1/privacy/extract: the form field', async () => {
    const extract = async (fields: Record<string, string>) => {
      const form = new FormData();
      form.append('file', new Blob([await textPdf([[TEXT]])], { type: 'application/pdf' }), 'a.pdf');
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const res = await fetch(`${base}/v1/privacy/extract`, {
        method: 'POST',
        headers: { authorization: `Bearer ${balanced.secret}` },
        body: form,
      });
      // biome-ignore lint/suspicious/noExplicitAny: read field by field
      return { status: res.status, body: (await res.json()) as any };
    };
    assert.equal((await extract({})).body.text.trim(), TEXT);
    assert.equal((await extract({ sensitivity: 'strict' })).body.text.trim(), MASKED);
    const bad = await extract({ sensitivity: 'maximo' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'invalid_request');
    assert.equal(bad.body.error.param, 'sensitivity');
  });

  it('refuses a bad value with 400 invalid_request, never echoing the text', async () => {
    for (const sensitivity of ['STRICT', 'lenient', '', 1, null]) {
      for (const url of ['/v1/privacy/clean', '/v1/privacy/jobs']) {
        const body = url.endsWith('clean') ? { text: TEXT, sensitivity } : { items: [TEXT], sensitivity };
        const res = await post(url, body, balanced.secret);
        assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(sensitivity)}`);
        assert.equal(res.json().error.code, 'invalid_request');
        assert.ok(!res.body.includes(surname));
      }
    }
    const header = await post('/v1/privacy/clean', { text: TEXT }, balanced.secret, {
      'x-svc-nomes': 'maximo',
    });
    assert.equal(header.statusCode, 400);
    assert.equal(header.json().error.param, 'x-svc-nomes');
  });
});
