// POST /v1/embeddings at a catalogue embedding model, with the official `openai` client in
// front of a fake OpenAI embeddings server on loopback: the barrier on every input (one
// placeholder map across the batch), float and base64, dimensions, fallback, upstream
// failures, the block policy, release, usage, bad input; the worker job when no catalogue
// embedding model is named; an embedding model refused on the chat routes.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { FakeEmbeddings, vectorOf, vectorOfWidth } from '../../fakes/embeddings.js';
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

const UPSTREAM_MODEL = 'text-embedding-3-small';
const embeddingModel = (id: string, provider: string) => ({
  id,
  provider,
  upstream_model: UPSTREAM_MODEL,
  kind: 'embedding' as const,
});

describe('POST /v1/embeddings at a catalogue embedding model', () => {
  let gw: Gateway;
  let key: KeyFixture;
  let emb: FakeEmbeddings;
  let chat: FakeUpstream;
  let client: OpenAI;

  before(async () => {
    emb = await new FakeEmbeddings().start();
    chat = await fakeOpenAI();
    const config = writeConfig({
      providers: {
        emb: { type: 'openai', base_url: `${emb.url}/v1`, api_key: 'sk-upstream-embeddings' },
        dead: { type: 'openai', base_url: 'http://127.0.0.1:9/v1' },
        chat: { type: 'openai', base_url: `${chat.url}/v1` },
      },
      models: [
        embeddingModel('svc/embed', 'emb'),
        { ...embeddingModel('svc/embed-fallback', 'dead'), upstream_model: 'other-embedding' },
        { ...embeddingModel('svc/embed-fallback', 'emb'), upstream_model: 'other-embedding' },
        { id: 'svc/gpt', provider: 'chat', upstream_model: 'gpt-x' },
      ],
    });
    gw = await listeningGateway({ SVC_CONFIG: config });
    key = await makeKey(gw.ctx);
    client = gw.openai(key.secret);
  });
  after(async () => {
    await gw.dispose();
    await emb.stop();
    await chat.stop();
  });
  beforeEach(() => {
    emb.received.length = 0;
    emb.failWith = undefined;
    chat.reset();
  });

  /** A raw call, for what the SDK would not send. */
  const post = (body: unknown) =>
    fetch(`${gw.origin}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sentToVendor = () => emb.received.map((r) => `${JSON.stringify(r.headers)}\n${r.raw}`).join('\n');

  it('lists the embedding models with their kind', async () => {
    const list = await client.models.list();
    const kinds = Object.fromEntries(list.data.map((m) => [m.id, (m as unknown as { kind: string }).kind]));
    assert.equal(kinds['svc/embed'], 'embedding');
    assert.equal(kinds['svc/embed-fallback'], 'embedding');
    assert.equal(kinds['svc/gpt'], 'chat');
    assert.equal(kinds['svc/auto'], 'chat');
  });

  it('embeds one string: cleaned upstream, the vector of the cleaned text back, the name the client sent', async () => {
    const text = `Cliente ${NAME}, CPF ${CPF}, e-mail ${EMAIL}, celular ${PHONE}.`;
    const { data, response } = await client.embeddings
      .create({ model: UPSTREAM_MODEL, input: text, user: EMAIL })
      .withResponse();
    const [received] = emb.received;
    assert.equal(received?.path, '/v1/embeddings');
    assert.equal(received?.headers?.authorization, 'Bearer sk-upstream-embeddings');
    const body = JSON.parse(received!.raw);
    assert.equal(body.model, UPSTREAM_MODEL);
    assert.equal(body.encoding_format, 'base64', 'the SDK asks base64 and it passes through');
    assert.equal(body.user, '[EMAIL_1]', 'user is cleaned with the same map as the inputs');
    assert.deepEqual(received?.texts, [
      'Cliente [NOME_1], CPF [CPF_1], e-mail [EMAIL_1], celular [TELEFONE_1].',
    ]);
    assertNoPersonalData(sentToVendor(), 'the vendor');

    assert.equal(data.object, 'list');
    assert.equal(data.model, UPSTREAM_MODEL, 'the name the client sent');
    assert.equal(data.data.length, 1);
    assert.deepEqual(data.data[0]?.embedding, vectorOf(received!.texts[0]!));
    assert.deepEqual(data.usage, { prompt_tokens: 3, total_tokens: 3 });
    assert.equal(response.headers.get('x-svc-privacy'), 'cpf=1, email=2, telefone=1, nome=1');
    assert.equal(response.headers.get('x-svc-model'), 'svc/embed');
  });

  it('embeds a batch with one placeholder map: the same person gets the same placeholder in every input', async () => {
    const inputs = [
      'Falei com a Prado ontem sobre o contrato.',
      `Cliente ${NAME}, CPF ${CPF}, e-mail ${EMAIL}.`,
      `${NAME} ligou do ${PHONE}; CPF ${CPF}.`,
      'Texto sem dados pessoais.',
    ];
    const data = await client.embeddings.create({
      model: 'svc/embed',
      input: inputs,
      encoding_format: 'float',
    });
    const texts = emb.received[0]!.texts;
    assert.deepEqual(texts, [
      'Falei com a [NOME_1] ontem sobre o contrato.',
      'Cliente [NOME_2], CPF [CPF_1], e-mail [EMAIL_1].',
      '[NOME_2] ligou do [TELEFONE_1]; CPF [CPF_1].',
      'Texto sem dados pessoais.',
    ]);
    assert.equal(JSON.parse(emb.received[0]!.raw).encoding_format, 'float');
    assertNoPersonalData(sentToVendor(), 'the vendor');
    assert.equal(data.model, 'svc/embed');
    assert.deepEqual(
      data.data.map((d) => d.index),
      [0, 1, 2, 3],
    );
    assert.deepEqual(
      data.data.map((d) => d.embedding),
      texts.map(vectorOf),
      'each vector is the vector of its own cleaned input, in input order',
    );
    assert.deepEqual(data.usage, { prompt_tokens: 12, total_tokens: 12 });
  });

  it('passes dimensions through, and answers floats or base64 whichever encoding the upstream used', async () => {
    const floats = await client.embeddings.create({
      model: 'svc/embed',
      input: 'um texto',
      dimensions: 6,
      encoding_format: 'float',
    });
    assert.equal(JSON.parse(emb.received[0]!.raw).dimensions, 6);
    assert.deepEqual(floats.data[0]?.embedding, vectorOfWidth('um texto', 6));

    // An upstream that ignores encoding_format: the gateway converts what it answered.
    const raw = async (encoding: 'float' | 'base64', answered: 'float' | 'base64') => {
      emb.answerAs = answered;
      try {
        const res = await post({ model: 'svc/embed', input: ['texto'], encoding_format: encoding });
        assert.equal(res.status, 200);
        return ((await res.json()) as { data: { embedding: unknown }[] }).data[0]!.embedding;
      } finally {
        emb.answerAs = undefined;
      }
    };
    const asFloat32 = (b64: unknown) => [
      ...new Float32Array(new Uint8Array(Buffer.from(String(b64), 'base64')).buffer),
    ];
    assert.deepEqual(asFloat32(await raw('base64', 'float')), vectorOf('texto'));
    assert.deepEqual(await raw('float', 'base64'), vectorOf('texto'));
    assert.deepEqual(asFloat32(await raw('base64', 'base64')), vectorOf('texto'));
  });

  it('falls back to the next provider of the model when one cannot be reached', async () => {
    const data = await client.embeddings.create({ model: 'svc/embed-fallback', input: ['a', 'b'] });
    assert.equal(data.data.length, 2);
    assert.equal(JSON.parse(emb.received[0]!.raw).model, 'other-embedding');
  });

  it('maps upstream failures to the chat routes’ codes, without copying the upstream body', async () => {
    emb.failWith = { status: 500, body: { error: { message: `eco ${CPF}` } } };
    await assert.rejects(client.embeddings.create({ model: 'svc/embed', input: 'x' }), (err: unknown) => {
      assert.ok(err instanceof OpenAI.APIError);
      assert.equal(err.status, 502);
      assert.equal((err.error as { code?: string }).code, 'upstream_error');
      assertNoPersonalData(JSON.stringify(err.error), 'the error');
      return true;
    });
    emb.failWith = { status: 400, body: { error: { message: 'bad' } } };
    await assert.rejects(client.embeddings.create({ model: 'svc/embed', input: 'x' }), (err: unknown) => {
      assert.ok(err instanceof OpenAI.BadRequestError);
      assert.equal((err.error as { code?: string }).code, 'upstream_rejected');
      return true;
    });
    emb.failWith = { status: 200, body: { data: [] } };
    await assert.rejects(client.embeddings.create({ model: 'svc/embed', input: 'x' }), (err: unknown) => {
      assert.equal((err as InstanceType<typeof OpenAI.APIError>).status, 502, 'a reply without the vectors');
      return true;
    });
  });

  it('the block policy refuses personal data with 422 pii_blocked and sends nothing', async () => {
    const blocked = await makeKey(gw.ctx, { org: { privacy_policy: 'block' } });
    await assert.rejects(
      gw.openai(blocked.secret).embeddings.create({ model: 'svc/embed', input: ['ok', `CPF ${CPF}`] }),
      (err: unknown) => {
        assert.ok(err instanceof OpenAI.UnprocessableEntityError);
        assert.equal((err.error as { code?: string }).code, 'pii_blocked');
        assert.equal(err.headers?.get('x-svc-privacy'), 'cpf=1');
        return true;
      },
    );
    assert.equal(emb.received.length, 0);
    // X-SVC-Policy can only raise the organisation's policy.
    await assert.rejects(
      client.embeddings.create(
        { model: 'svc/embed', input: `CPF ${CPF}` },
        { headers: { 'x-svc-policy': 'block' } },
      ),
      OpenAI.UnprocessableEntityError,
    );
    assert.equal(emb.received.length, 0);
  });

  it('refuses a model the organisation has not released (403 model_not_released)', async () => {
    const limited = await makeKey(gw.ctx, { org: { released_models: JSON.stringify(['svc/gpt']) } });
    await assert.rejects(
      gw.openai(limited.secret).embeddings.create({ model: 'svc/embed', input: 'x' }),
      (err: unknown) => {
        assert.ok(err instanceof OpenAI.PermissionDeniedError);
        assert.equal((err.error as { code?: string }).code, 'model_not_released');
        return true;
      },
    );
    assert.equal(emb.received.length, 0);
  });

  it('records the input tokens as usage per key and model, and counts them in the quota', async () => {
    const counted = await makeKey(gw.ctx, { org: { monthly_quota: 7 } });
    const c = gw.openai(counted.secret);
    await c.embeddings.create({ model: 'svc/embed', input: ['a', 'b', 'c'] });
    const rows = await waitFor('the usage row', async () => {
      const r = await gw.ctx.db.kysely
        .selectFrom('usage_daily')
        .selectAll()
        .where('key_id', '=', counted.keyId)
        .execute();
      return r.length > 0 && r;
    });
    assert.equal(rows[0]?.model, 'svc/embed');
    assert.equal(Number(rows[0]?.requests), 1);
    assert.equal(Number(rows[0]?.input_tokens), 9);
    assert.equal(Number(rows[0]?.output_tokens), 0);
    // 9 tokens of a quota of 7: the next call is refused before the provider is called.
    const sent = emb.received.length;
    await waitFor('the quota refusal', async () =>
      c.embeddings.create({ model: 'svc/embed', input: 'd' }).then(
        () => false,
        (err: unknown) => (err as { code?: string }).code === 'quota_exceeded',
      ),
    );
    assert.ok(emb.received.length <= sent + 1, 'at most calls made before the quota write landed');
  });

  it('refuses bad input with 400 naming the field, and sends nothing upstream', async () => {
    const cases: [unknown, string, string][] = [
      [{ model: 'svc/embed', input: Array.from({ length: 2049 }, () => 'x') }, 'invalid_request', 'input'],
      [{ model: 'svc/embed', input: [] }, 'invalid_request', 'input'],
      [{ model: 'svc/embed', input: '' }, 'invalid_request', 'input'],
      [{ model: 'svc/embed', input: ['ok', ''] }, 'invalid_request', 'input.1'],
      [{ model: 'svc/embed', input: ['ok', { texto: 'x' }] }, 'invalid_request', 'input.1'],
      [{ model: 'svc/embed', input: [1, 2, 3] }, 'unsupported_content', 'input'],
      [{ model: 'svc/embed', input: [[1, 2], [3]] }, 'unsupported_content', 'input'],
      [{ model: 'svc/embed', input: 42 }, 'invalid_request', 'input'],
      [{ model: 'svc/embed' }, 'invalid_request', 'input'],
      [{ model: 'svc/embed', input: 'x', encoding_format: 'hex' }, 'invalid_request', 'encoding_format'],
      [{ model: 'svc/embed', input: 'x', dimensions: 0 }, 'invalid_request', 'dimensions'],
      [{ model: 'svc/embed', input: 'x', dimensions: '8' }, 'invalid_request', 'dimensions'],
      // An unknown field: the platform names the body (its own rule for every route).
      [{ model: 'svc/embed', input: 'x', temperatura: 1 }, 'invalid_request', 'body'],
      [{ model: 7, input: 'x' }, 'invalid_request', 'model'],
      [{ model: 'svc/gpt', input: 'x' }, 'wrong_model_kind', 'model'],
      [{ model: 'gpt-x', input: 'x' }, 'wrong_model_kind', 'model'],
      [{ model: 'svc/eco', input: 'x' }, 'wrong_model_kind', 'model'],
    ];
    for (const [body, code, param] of cases) {
      const res = await post(body);
      const json = (await res.json()) as { error: { code: string; param: string; message: string } };
      const what = JSON.stringify(body).slice(0, 60);
      assert.equal(res.status, 400, what);
      assert.equal(json.error.code, code, what);
      assert.equal(json.error.param, param, what);
      assert.ok(json.error.message.length > 0);
    }
    assert.equal(emb.received.length, 0);
  });

  it('keeps the worker job when `model` names no catalogue model, or none (503 no_workers here)', async () => {
    for (const body of [{ input: 'x' }, { input: ['x'], model: 'text-embedding-ada-002' }]) {
      const res = await post(body);
      assert.equal(res.status, 503);
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'no_workers');
    }
    // A job keeps its own body limit: 1 MiB, where the provider path takes 8.
    const big = Array.from({ length: 300 }, () => 'x'.repeat(4000));
    const tooBig = await post({ input: big });
    assert.equal(tooBig.status, 413);
    const data = await client.embeddings.create({ model: 'svc/embed', input: big });
    assert.equal(data.data.length, 300);
    assert.equal(emb.received.length, 1);
  });

  it('refuses an embedding model on the chat routes (400 wrong_model_kind), in each route’s shape', async () => {
    await assert.rejects(
      client.chat.completions.create({ model: 'svc/embed', messages: [{ role: 'user', content: 'oi' }] }),
      (err: unknown) => {
        assert.ok(err instanceof OpenAI.BadRequestError);
        assert.equal((err.error as { code?: string }).code, 'wrong_model_kind');
        return true;
      },
    );
    const anthropic = gw.anthropic(key.secret);
    await assert.rejects(
      anthropic.messages.create({
        model: UPSTREAM_MODEL,
        max_tokens: 10,
        messages: [{ role: 'user', content: 'oi' }],
      }),
      (err: unknown) => {
        assert.ok(err instanceof Anthropic.BadRequestError);
        assert.match(JSON.stringify(err.error), /embeddings/);
        return true;
      },
    );
    await assert.rejects(
      anthropic.messages.countTokens({ model: 'svc/embed', messages: [{ role: 'user', content: 'oi' }] }),
      Anthropic.BadRequestError,
    );
    assert.equal(emb.received.length + chat.received.length, 0);
  });

  it('keeps personal data out of the logs', () => {
    assert.ok(gw.ctx.logs.text.includes('upstream refused'), 'the logs are captured');
    assertNoPersonalData(gw.ctx.logs.text, 'logs');
  });
});

describe('POST /v1/embeddings with no embedding model configured', () => {
  let gw: Gateway;
  let chat: FakeUpstream;
  before(async () => {
    chat = await fakeOpenAI();
    gw = await listeningGateway({
      SVC_CONFIG: writeConfig({
        providers: { chat: { type: 'openai', base_url: `${chat.url}/v1` } },
        models: [{ id: 'svc/gpt', provider: 'chat', upstream_model: 'gpt-x' }],
      }),
    });
  });
  after(async () => {
    await gw.dispose();
    await chat.stop();
  });

  it('stays the worker job: the SDK call gets 503 no_workers, as before, and no provider is called', async () => {
    const key = await makeKey(gw.ctx);
    await assert.rejects(
      gw.openai(key.secret).embeddings.create({ input: 'x', model: 'text-embedding-ada-002' }),
      (err: unknown) => {
        assert.ok(err instanceof OpenAI.APIError);
        assert.equal(err.status, 503);
        assert.equal((err.error as { code?: string }).code, 'no_workers');
        return true;
      },
    );
    assert.equal(chat.received.length, 0);
  });
});
