// POST /v1/messages/count_tokens with the official `@anthropic-ai/sdk` (`messages.countTokens`):
// counted on what the vendor would receive, after the barrier — by the vendor for a model
// of an anthropic provider (a fake on loopback), locally for the others; one request of the
// per-minute limit, no usage, no quota; errors in the vendor's shape.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import { countTokensOf, fakeAnthropic } from '../../fakes/anthropic.js';
import { fakeOpenAI } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import {
  assertNoPersonalData,
  CPF,
  EMAIL,
  listeningGateway,
  NAME,
  PHONE,
  writeConfig,
} from '../models/helpers.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;

const TEXT = `Cliente ${NAME}, CPF ${CPF}, e-mail ${EMAIL}, celular ${PHONE}.`;
const CLEAN = 'Cliente [NOME_1], CPF [CPF_1], e-mail [EMAIL_1], celular [TELEFONE_1].';

const tool = {
  name: 'buscar_cliente',
  description: `Busca um cliente; exemplo: ${EMAIL}`,
  input_schema: { type: 'object' as const, properties: { consulta: { type: 'string' } } },
};

describe('POST /v1/messages/count_tokens', () => {
  let gw: Gateway;
  let key: KeyFixture;
  let an: FakeUpstream;
  let oa: FakeUpstream;
  let client: Anthropic;

  before(async () => {
    an = await fakeAnthropic();
    oa = await fakeOpenAI();
    gw = await listeningGateway({
      SVC_CONFIG: writeConfig({
        providers: {
          an: { type: 'anthropic', base_url: an.url, api_key: 'sk-upstream-anthropic' },
          oa: { type: 'openai', base_url: `${oa.url}/v1` },
        },
        models: [
          { id: 'svc/claude', provider: 'an', upstream_model: 'claude-x' },
          { id: 'svc/gpt', provider: 'oa', upstream_model: 'gpt-x' },
        ],
      }),
    });
    key = await makeKey(gw.ctx);
    client = gw.anthropic(key.secret);
  });
  after(async () => {
    await gw.dispose();
    await an.stop();
    await oa.stop();
  });
  beforeEach(() => {
    an.reset();
    oa.reset();
  });

  it('asks the vendor for a model of an anthropic provider, with the cleaned request', async () => {
    const { data, response } = await client.messages
      .countTokens({
        model: 'svc/claude',
        system: `Atenda ${NAME} com cuidado.`,
        messages: [
          { role: 'user', content: TEXT },
          { role: 'assistant', content: 'Certo.' },
          { role: 'user', content: `Confirme o e-mail ${EMAIL}.` },
        ],
        tools: [tool],
      })
      .withResponse();
    const [received] = an.received;
    assert.equal(received?.path, '/v1/messages/count_tokens');
    assert.equal(received?.headers['x-api-key'], 'sk-upstream-anthropic');
    assert.equal(received?.body.model, 'claude-x');
    assert.equal(received?.body.max_tokens, undefined, 'count_tokens takes no max_tokens');
    assert.equal(received?.body.messages[0].content[0].text, CLEAN);
    assert.equal(received?.body.system, 'Atenda [NOME_1] com cuidado.');
    assertNoPersonalData(an.everything, 'the vendor');
    assert.equal(data.input_tokens, countTokensOf(received!.raw));
    // Values found, counted where they occur: the e-mail is in a message twice and in the tool.
    assert.equal(response.headers.get('x-svc-privacy'), 'cpf=1, email=3, telefone=1, nome=2');
    assert.equal(response.headers.get('x-svc-model'), 'svc/claude');
  });

  it('counts locally for other models: the cleaned text is what is counted', async () => {
    const count = async (content: string) =>
      (await client.messages.countTokens({ model: 'svc/gpt', messages: [{ role: 'user', content }] }))
        .input_tokens;
    const seeded = await count(TEXT);
    assert.ok(seeded > 10);
    assert.equal(seeded, await count(CLEAN), 'personal data counts as the placeholders the vendor would get');
    assert.notEqual(seeded, await count(`${TEXT} E mais um pouco de texto.`));
    assert.equal(oa.received.length, 0, 'no model runs');
    const eco = await client.messages.countTokens({
      model: 'svc/eco',
      messages: [{ role: 'user', content: TEXT }],
    });
    assert.equal(eco.input_tokens, seeded, 'svc/eco counts the same way');
  });

  it('costs one request of the per-minute limit and records no usage', async () => {
    const first = await client.messages
      .countTokens({ model: 'svc/gpt', messages: [{ role: 'user', content: 'oi' }] })
      .withResponse();
    const second = await client.messages
      .countTokens({ model: 'svc/claude', messages: [{ role: 'user', content: 'oi' }] })
      .withResponse();
    const remaining = (r: typeof first) => Number(r.response.headers.get('x-ratelimit-remaining'));
    assert.equal(remaining(first) - remaining(second), 1);
    // A model call after the counts: once its usage is written, a count's would have been too.
    await gw.openai(key.secret).chat.completions.create({
      model: 'svc/gpt',
      messages: [{ role: 'user', content: 'oi' }],
    });
    const rows = await waitFor('the chat usage row', async () => {
      const r = await gw.ctx.db.kysely
        .selectFrom('usage_daily')
        .selectAll()
        .where('key_id', '=', key.keyId)
        .execute();
      return r.length > 0 && r;
    });
    assert.deepEqual(
      rows.map((r) => [r.model, Number(r.requests)]),
      [['svc/gpt', 1]],
    );
  });

  it('refuses in the vendor shape: unknown model 404, block policy 422, bad body 400', async () => {
    await assert.rejects(
      client.messages.countTokens({ model: 'svc/nenhum', messages: [{ role: 'user', content: 'oi' }] }),
      (err: unknown) => {
        assert.ok(err instanceof Anthropic.NotFoundError);
        assert.equal((err.error as { type?: string }).type, 'error');
        return true;
      },
    );
    const blocked = await makeKey(gw.ctx, { org: { privacy_policy: 'block' } });
    await assert.rejects(
      gw
        .anthropic(blocked.secret)
        .messages.countTokens({ model: 'svc/claude', messages: [{ role: 'user', content: TEXT }] }),
      Anthropic.UnprocessableEntityError,
    );
    assert.equal(an.received.length, 0, 'nothing leaves under block');
    for (const body of [
      { model: 'svc/gpt' },
      { model: 'svc/gpt', messages: 'oi' },
      { model: 'svc/gpt', messages: [{ role: 'user', content: [{ type: 'image', source: {} }] }] },
    ]) {
      const res = await fetch(`${gw.origin}/v1/messages/count_tokens`, {
        method: 'POST',
        headers: { 'x-api-key': key.secret, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 400, JSON.stringify(body));
      const json = (await res.json()) as { type: string; error: { type: string } };
      assert.equal(json.type, 'error');
      assert.equal(json.error.type, 'invalid_request_error');
    }
    const anonymous = await fetch(`${gw.origin}/v1/messages/count_tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'svc/gpt', messages: [] }),
    });
    assert.equal(anonymous.status, 401);
  });

  it('keeps personal data out of the logs', () => {
    assert.ok(gw.ctx.logs.text.length > 0, 'the logs are captured');
    assertNoPersonalData(gw.ctx.logs.text, 'logs');
  });
});
