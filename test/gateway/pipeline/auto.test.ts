// svc/auto: the reading of a request (unit), and the choice seen through the official SDKs
// — answer `model`, X-SVC-Model, the model the upstream was asked for, the allowlist.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { chooseModel, readNeeds } from '../../../src/gateway/pipeline/auto.js';
import type { CatalogueModel } from '../../../src/gateway/pipeline/catalogue.js';
import type { Conversation } from '../../../src/gateway/models/types.js';
import { fakeAnthropic } from '../../fakes/anthropic.js';
import { fakeOpenAI } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { makeKey } from '../../helpers/gateway.js';
import { collect, listeningGateway, writeConfig } from '../models/helpers.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;

const conv = (text: string, extra: Partial<Conversation> = {}): Conversation => ({
  model: 'svc/auto',
  source: 'chat',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  stream: false,
  streamUsage: true,
  extra: {},
  ...extra,
});

const model = (id: string, context_window: number, auto?: CatalogueModel['auto']): CatalogueModel => ({
  id,
  kind: 'chat',
  aliases: [],
  display_name: id,
  context_window,
  description: '',
  ...(auto ? { auto } : {}),
  targets: [],
});

const SMALL = model('svc/small', 8_000, { tier: 1, languages: ['pt', 'en'], tools: false });
const CODER = model('svc/coder', 200_000, { tier: 2, code: true });
const BIG = model('svc/big', 1_000_000, { tier: 3 });
const EN_ONLY = model('svc/en', 32_000, { tier: 1, languages: ['en'] });
const ALL = [SMALL, CODER, BIG, EN_ONLY];
const LONG_PT = 'Por favor, resuma o contrato e diga se há multa. '.repeat(1_000); // ≈ 12k tokens

describe('svc/auto reading and choosing', () => {
  it('reads size, answer length, tools, code and language', () => {
    const needs = readNeeds(conv('Você pode me dizer qual é o prazo? Obrigada.'));
    assert.equal(needs.language, 'pt');
    assert.equal(needs.code, false);
    assert.equal(needs.tools, false);
    assert.equal(needs.answerTokens, 4096);
    assert.equal(needs.tier, 1);
    const code = readNeeds(conv('What is wrong with this?\n```ts\nconst x = f(1);\n```', { maxTokens: 100 }));
    assert.deepEqual([code.language, code.code, code.answerTokens, code.tier], ['en', true, 100, 2]);
    const tools = readNeeds(conv('oi', { tools: [{ name: 't', parameters: {} }] }));
    assert.equal(tools.tools, true);
    assert.equal(
      readNeeds(conv('oi', { tools: [{ name: 't', parameters: {} }], toolChoice: { type: 'none' } })).tools,
      false,
    );
    assert.equal(readNeeds(conv(LONG_PT)).tier, 2);
  });

  it('takes the weakest model strong enough, by language, code, tools, size and answer length', () => {
    const pick = (c: Conversation, released = ALL) => chooseModel(c, released, ALL).id;
    assert.equal(pick(conv('Qual é o prazo de entrega? Obrigado.')), 'svc/small');
    assert.equal(pick(conv('What is the delivery date, please?')), 'svc/small'); // config order breaks the tie
    assert.equal(pick(conv('Qual é o prazo?'), [EN_ONLY, CODER]), 'svc/coder'); // en-only model loses on pt
    assert.equal(pick(conv('Corrija:\n```py\ndef f(x):\n  return x\n```')), 'svc/coder');
    const tools = { tools: [{ name: 't', parameters: {} }] };
    assert.equal(pick(conv('What is the date?', tools)), 'svc/en'); // small has no tools
    assert.equal(pick(conv('Qual é o prazo?', tools)), 'svc/coder'); // …and en is English-only
    assert.equal(pick(conv(LONG_PT)), 'svc/coder'); // too big for small, tier 2
    assert.equal(pick(conv('Escreva um livro para mim, por favor.', { maxTokens: 20_000 })), 'svc/coder');
    assert.equal(pick(conv('x'.repeat(2_000_000))), 'svc/big'); // only the largest window fits
    // The same request, the same answer.
    assert.equal(pick(conv(LONG_PT)), pick(conv(LONG_PT)));
  });

  it('403 only when nothing released fits; the largest released when nothing fits anywhere', () => {
    assert.throws(
      () => chooseModel(conv(LONG_PT), [SMALL], ALL),
      (e: { status?: number; code?: string }) => e.status === 403 && e.code === 'model_not_released',
    );
    assert.throws(() => chooseModel(conv('oi'), [], ALL), /Nenhum modelo liberado/);
    assert.equal(chooseModel(conv('x'.repeat(8_000_000)), [SMALL, CODER], ALL).id, 'svc/coder');
  });
});

describe('svc/auto with only svc/eco', () => {
  let gw: Gateway;
  before(async () => {
    gw = await listeningGateway();
  });
  after(() => gw.dispose());

  it('resolves to svc/eco in both formats, JSON and stream', async () => {
    const key = await makeKey(gw.ctx);
    const { data, response } = await gw
      .openai(key.secret)
      .chat.completions.create({ model: 'svc/auto', messages: [{ role: 'user', content: 'oi' }] })
      .withResponse();
    assert.equal(data.model, 'svc/auto', 'the answer names the model the caller asked for');
    assert.equal(response.headers.get('x-svc-model'), 'svc/eco', 'the header names the one that answered');
    const chunks = await collect(
      await gw.openai(key.secret).chat.completions.create({
        model: 'svc/auto',
        messages: [{ role: 'user', content: 'oi' }],
        stream: true,
      }),
    );
    assert.ok(chunks.length > 0 && chunks.every((c) => c.model === 'svc/auto'));
    const stream = gw.anthropic(key.secret).messages.stream({
      model: 'svc/auto',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'oi' }],
    });
    const final = await stream.finalMessage();
    assert.equal(final.model, 'svc/auto');
    assert.match(final.content[0]?.type === 'text' ? final.content[0].text : '', /^\[user\] oi/);
  });
});

describe('svc/auto in front of fake vendors', () => {
  let gw: Gateway;
  let oa: FakeUpstream;
  let an: FakeUpstream;
  const entry = (id: string, provider: string, window: number, auto: unknown) => ({
    id,
    provider,
    upstream_model: `${id.slice(4)}-up`,
    display_name: id,
    context_window: window,
    description: id,
    auto,
  });

  before(async () => {
    oa = await fakeOpenAI();
    an = await fakeAnthropic();
    const config = writeConfig({
      providers: {
        oa: { type: 'openai', base_url: `${oa.url}/v1` },
        an: { type: 'anthropic', base_url: an.url },
      },
      models: [
        entry('svc/small', 'oa', 8_000, { tier: 1, languages: ['pt', 'en'], tools: false }),
        entry('svc/coder', 'an', 200_000, { tier: 2, code: true }),
        entry('svc/big', 'oa', 1_000_000, { tier: 3 }),
      ],
    });
    gw = await listeningGateway({ SVC_CONFIG: config });
  });
  after(async () => {
    await gw.dispose();
    await oa.stop();
    await an.stop();
  });
  beforeEach(() => {
    oa.reset();
    an.reset();
  });

  it('lists svc/auto first, sized by the largest released window', async () => {
    const key = await makeKey(gw.ctx, {
      org: { released_models: JSON.stringify(['svc/small', 'svc/coder']) },
    });
    const list = await gw.openai(key.secret).models.list();
    assert.deepEqual(
      list.data.map((m) => m.id),
      ['svc/auto', 'svc/small', 'svc/coder'],
    );
    assert.equal((list.data[0] as unknown as { context_window: number }).context_window, 200_000);
  });

  it('chat completions: a short question goes to the small model, code to the coder (across formats)', async () => {
    const key = await makeKey(gw.ctx);
    const client = gw.openai(key.secret);
    const small = await client.chat.completions
      .create({ model: 'svc/auto', messages: [{ role: 'user', content: 'Qual é o prazo?' }] })
      .withResponse();
    assert.equal(small.data.model, 'svc/auto');
    assert.equal(small.response.headers.get('x-svc-model'), 'svc/small');
    assert.equal(oa.received.at(-1)!.body.model, 'small-up');
    const coder = await client.chat.completions.create({
      model: 'svc/auto',
      messages: [{ role: 'user', content: 'Corrija:\n```js\nconst a = 1\n```' }],
      stream: true,
    });
    const chunks = await collect(coder);
    assert.ok(chunks.every((c) => c.model === 'svc/auto'));
    assert.equal(an.received.at(-1)!.body.model, 'coder-up');
  });

  it('messages: tools skip the model without tools; the stream names the chosen model', async () => {
    const key = await makeKey(gw.ctx);
    const stream = gw.anthropic(key.secret).messages.stream({
      model: 'svc/auto',
      max_tokens: 200,
      tools: [{ name: 'buscar', description: 'busca', input_schema: { type: 'object', properties: {} } }],
      messages: [{ role: 'user', content: 'Busque o cliente, por favor.' }],
    });
    const final = await stream.finalMessage();
    assert.equal(final.model, 'svc/auto');
    assert.equal(an.received.at(-1)!.body.model, 'coder-up');
    assert.equal(an.received.length, 1);
    assert.equal(oa.received.length, 0);
  });

  it('the allowlist limits the choice; 403 (PermissionDeniedError) when nothing released fits', async () => {
    const onlyBig = await makeKey(gw.ctx, { org: { released_models: JSON.stringify(['svc/big']) } });
    const big = await gw
      .openai(onlyBig.secret)
      .chat.completions.create({
        model: 'svc/auto',
        messages: [{ role: 'user', content: 'Qual é o prazo?' }],
      })
      .withResponse();
    assert.equal(big.response.headers.get('x-svc-model'), 'svc/big');
    assert.equal(oa.received.at(-1)!.body.model, 'big-up');
    const onlySmall = await makeKey(gw.ctx, { org: { released_models: JSON.stringify(['svc/small']) } });
    await assert.rejects(
      gw.openai(onlySmall.secret).chat.completions.create({
        model: 'svc/auto',
        messages: [{ role: 'user', content: LONG_PT }],
      }),
      (e) => e instanceof OpenAI.PermissionDeniedError && e.status === 403,
    );
    await assert.rejects(
      gw.anthropic(onlySmall.secret).messages.create({
        model: 'svc/auto',
        max_tokens: 100,
        messages: [{ role: 'user', content: LONG_PT }],
      }),
      (e) => e instanceof Anthropic.PermissionDeniedError && e.status === 403,
    );
    assert.equal(oa.received.length + an.received.length, 1);
  });
});
