// The model routes in front of fake vendors on loopback, with the official SDKs: every
// direction (chat → openai, chat → anthropic, messages → openai, messages → anthropic),
// JSON and streams, tools, the barrier on everything sent, restoration, errors, fallback.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { fakeAnthropic } from '../../fakes/anthropic.js';
import { fakeOpenAI } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import {
  assertNoPersonalData,
  CPF,
  collect,
  EMAIL,
  listeningGateway,
  NAME,
  PHONE,
  writeConfig,
} from './helpers.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;

const TEXT = `Cliente ${NAME}, CPF ${CPF}, e-mail ${EMAIL}, celular ${PHONE}.`;
const CLEAN = 'Cliente [NOME_1], CPF [CPF_1], e-mail [EMAIL_1], celular [TELEFONE_1].';

const MODELS = { gpt: 'svc/gpt', claude: 'svc/claude' } as const;
type Side = keyof typeof MODELS;

const weather = {
  name: 'buscar_cliente',
  description: `Busca cliente; exemplo: ${EMAIL}`,
  parameters: { type: 'object', properties: { consulta: { type: 'string' } }, required: ['consulta'] },
};

describe('model routes in front of fake vendors', () => {
  let gw: Gateway;
  let key: KeyFixture;
  let restoring: KeyFixture;
  let oa: FakeUpstream;
  let an: FakeUpstream;

  before(async () => {
    oa = await fakeOpenAI();
    an = await fakeAnthropic();
    const config = writeConfig({
      providers: {
        oa: { type: 'openai', base_url: `${oa.url}/v1`, api_key: 'sk-upstream-openai' },
        an: { type: 'anthropic', base_url: an.url, api_key: 'sk-upstream-anthropic' },
        dead: { type: 'openai', base_url: 'http://127.0.0.1:9/v1' },
      },
      models: [
        {
          id: 'svc/gpt',
          provider: 'oa',
          upstream_model: 'gpt-x',
          display_name: 'GPT',
          context_window: 128000,
          description: 'g',
        },
        {
          id: 'svc/claude',
          provider: 'an',
          upstream_model: 'claude-x',
          display_name: 'Claude',
          context_window: 200000,
          description: 'c',
        },
        {
          id: 'svc/fallback',
          provider: 'dead',
          upstream_model: 'x',
          display_name: 'F',
          context_window: 1000,
          description: 'f',
        },
        {
          id: 'svc/fallback',
          provider: 'an',
          upstream_model: 'claude-y',
          display_name: 'F',
          context_window: 1000,
          description: 'f',
        },
      ],
    });
    gw = await listeningGateway({ SVC_CONFIG: config });
    key = await makeKey(gw.ctx);
    restoring = await makeKey(gw.ctx, { org: { restore_placeholders: 1 } });
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

  const upstreamOf = (side: Side) => (side === 'gpt' ? oa : an);

  it('lists the configured models (one entry per id), svc/eco last', async () => {
    const list = await gw.openai(key.secret).models.list();
    assert.deepEqual(
      list.data.map((m) => m.id),
      ['svc/auto', 'svc/gpt', 'svc/claude', 'svc/fallback', 'svc/eco'],
    );
  });

  for (const side of ['gpt', 'claude'] as Side[]) {
    const model = MODELS[side];

    it(`chat completions → ${side}: text, usage, stop, and nothing personal upstream`, async () => {
      const { data, response } = await gw
        .openai(key.secret)
        .chat.completions.create({
          model,
          messages: [
            { role: 'system', content: `Você atende ${NAME} (${EMAIL}).` },
            { role: 'user', content: 'Oi' },
            { role: 'assistant', content: `Olá ${NAME}!` },
            { role: 'user', content: TEXT },
          ],
          max_tokens: 50,
          temperature: 0.5,
        })
        .withResponse();
      assert.equal(data.choices[0]!.message.content, `eco: ${CLEAN}`);
      assert.equal(data.choices[0]!.finish_reason, 'stop');
      assert.equal(data.model, model);
      assert.ok(data.usage!.prompt_tokens > 0 && data.usage!.completion_tokens > 0);
      assert.equal(response.headers.get('x-svc-privacy'), 'cpf=1, email=2, telefone=1, nome=3');
      const up = upstreamOf(side);
      assert.equal(up.received.length, 1);
      assertNoPersonalData(up.everything, `${side} upstream`);
      const sent = up.received[0]!;
      if (side === 'claude') {
        assert.equal(sent.path, '/v1/messages');
        assert.equal(sent.headers['x-api-key'], 'sk-upstream-anthropic');
        assert.equal(sent.body.system, 'Você atende [NOME_1] ([EMAIL_1]).');
        assert.equal(sent.body.max_tokens, 50);
        assert.deepEqual(
          sent.body.messages.map((m: { role: string }) => m.role),
          ['user', 'assistant', 'user'],
        );
      } else {
        assert.equal(sent.path, '/v1/chat/completions');
        assert.equal(sent.headers.authorization, 'Bearer sk-upstream-openai');
        assert.equal(sent.body.model, 'gpt-x');
      }
    });

    it(`chat completions → ${side}: streamed text and usage chunk`, async () => {
      const stream = await gw.openai(key.secret).chat.completions.create({
        model,
        messages: [{ role: 'user', content: TEXT }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const chunks = await collect(stream);
      assert.equal(chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), `eco: ${CLEAN}`);
      assert.equal(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0]?.finish_reason, 'stop');
      assert.ok(chunks.at(-1)!.usage!.completion_tokens > 0);
      assertNoPersonalData(upstreamOf(side).everything, `${side} upstream`);
    });

    it(`chat completions → ${side}: tool calls, JSON and streamed, and tool results cleaned`, async () => {
      const client = gw.openai(key.secret);
      const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: `Procure ${CPF}` }];
      const tools: OpenAI.ChatCompletionTool[] = [{ type: 'function', function: weather }];
      const r = await client.chat.completions.create({ model, messages, tools });
      const call = r.choices[0]!.message.tool_calls?.[0];
      assert.equal(r.choices[0]!.finish_reason, 'tool_calls');
      assert.ok(call && call.type === 'function');
      assert.equal(call.function.name, 'buscar_cliente');
      assert.deepEqual(JSON.parse(call.function.arguments), { consulta: 'Procure [CPF_1]' });

      const stream = client.chat.completions.stream({ model, messages, tools });
      const final = await stream.finalChatCompletion();
      const streamed = final.choices[0]!.message.tool_calls?.[0];
      assert.ok(streamed && streamed.type === 'function');
      assert.equal(streamed.function.name, 'buscar_cliente');
      assert.deepEqual(JSON.parse(streamed.function.arguments), { consulta: 'Procure [CPF_1]' });
      assert.equal(final.choices[0]!.finish_reason, 'tool_calls');

      // The tool's result carries personal data too: cleaned like the rest.
      const second = await client.chat.completions.create({
        model,
        tools,
        messages: [
          ...messages,
          { role: 'assistant', content: null, tool_calls: [call] },
          { role: 'tool', tool_call_id: call.id, content: `Encontrado: ${NAME}, ${PHONE}` },
        ],
      });
      assert.equal(second.choices[0]!.message.content, 'eco: Encontrado: [NOME_1], [TELEFONE_1]');
      assertNoPersonalData(upstreamOf(side).everything, `${side} upstream`);
    });

    it(`messages → ${side}: text, system, usage and stop reason`, async () => {
      const msg = await gw.anthropic(key.secret).messages.create({
        model,
        max_tokens: 64,
        system: `Você atende ${NAME}.`,
        messages: [
          { role: 'user', content: 'Oi' },
          { role: 'assistant', content: 'Olá!' },
          { role: 'user', content: [{ type: 'text', text: TEXT }] },
        ],
      });
      assert.equal(msg.content[0]?.type === 'text' ? msg.content[0].text : '', `eco: ${CLEAN}`);
      assert.equal(msg.stop_reason, 'end_turn');
      assert.equal(msg.model, model);
      assert.ok(msg.usage.input_tokens > 0 && msg.usage.output_tokens > 0);
      const sent = upstreamOf(side).received[0]!;
      if (side === 'gpt') {
        assert.deepEqual(sent.body.messages[0], { role: 'system', content: 'Você atende [NOME_1].' });
        assert.equal(sent.body.max_tokens, 64);
      }
      assertNoPersonalData(upstreamOf(side).everything, `${side} upstream`);
    });

    it(`messages → ${side}: streamed text, tool_use with input_json_delta, tool_result cleaned`, async () => {
      const client = gw.anthropic(key.secret);
      const stream = client.messages.stream({
        model,
        max_tokens: 64,
        messages: [{ role: 'user', content: TEXT }],
      });
      const final = await stream.finalMessage();
      assert.equal(final.content[0]?.type === 'text' ? final.content[0].text : '', `eco: ${CLEAN}`);
      assert.equal(final.stop_reason, 'end_turn');
      assert.ok(final.usage.output_tokens > 0);

      const tools: Anthropic.Tool[] = [
        {
          name: weather.name,
          description: weather.description,
          input_schema: weather.parameters as Anthropic.Tool.InputSchema,
        },
      ];
      const ask: Anthropic.MessageParam[] = [{ role: 'user', content: `Procure ${CPF}` }];
      const toolStream = client.messages.stream({ model, max_tokens: 64, tools, messages: ask });
      const events = await collect(toolStream);
      const withTool = await toolStream.finalMessage();
      assert.equal(withTool.stop_reason, 'tool_use');
      const use = withTool.content.find((b) => b.type === 'tool_use');
      assert.ok(use && use.type === 'tool_use');
      assert.deepEqual(use.input, { consulta: 'Procure [CPF_1]' });
      assert.ok(events.some((e) => e.type === 'content_block_delta' && e.delta.type === 'input_json_delta'));

      const json = await client.messages.create({ model, max_tokens: 64, tools, messages: ask });
      assert.equal(json.stop_reason, 'tool_use');
      const use2 = json.content.find((b) => b.type === 'tool_use');
      assert.ok(use2 && use2.type === 'tool_use');

      const answer = await client.messages.create({
        model,
        max_tokens: 64,
        tools,
        messages: [
          ...ask,
          { role: 'assistant', content: json.content },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: use2.id, content: `Achei ${NAME}, ${EMAIL}` }],
          },
        ],
      });
      assert.equal(
        answer.content[0]?.type === 'text' ? answer.content[0].text : '',
        'eco: Achei [NOME_1], [EMAIL_1]',
      );
      assertNoPersonalData(upstreamOf(side).everything, `${side} upstream`);
    });

    it(`restores placeholders for organisations that ask, in JSON and across chunk splits (${side})`, async () => {
      const chat = await gw
        .openai(restoring.secret)
        .chat.completions.create({ model, messages: [{ role: 'user', content: TEXT }] });
      assert.equal(chat.choices[0]!.message.content, `eco: ${TEXT}`);
      // The fakes stream 4 characters a delta, cut again every 7 bytes: placeholders arrive split.
      const stream = await gw.openai(restoring.secret).chat.completions.create({
        model,
        messages: [{ role: 'user', content: TEXT }],
        stream: true,
      });
      const chunks = await collect(stream);
      assert.equal(chunks.map((c) => c.choices[0]?.delta.content ?? '').join(''), `eco: ${TEXT}`);
      const msg = await gw
        .anthropic(restoring.secret)
        .messages.stream({ model, max_tokens: 64, messages: [{ role: 'user', content: TEXT }] })
        .finalMessage();
      assert.equal(msg.content[0]?.type === 'text' ? msg.content[0].text : '', `eco: ${TEXT}`);
      // Tool arguments too.
      const tool = await gw
        .anthropic(restoring.secret)
        .messages.stream({
          model,
          max_tokens: 64,
          tools: [{ name: 'f', input_schema: { type: 'object' } }],
          messages: [{ role: 'user', content: `Procure ${CPF}` }],
        })
        .finalMessage();
      const use = tool.content.find((b) => b.type === 'tool_use');
      assert.deepEqual(use?.type === 'tool_use' ? use.input : null, { consulta: `Procure ${CPF}` });
      assertNoPersonalData(upstreamOf(side).everything, `${side} upstream`);
    });

    it(`maps upstream errors to the SDKs’ classes without copying the upstream body (${side})`, async () => {
      const up = upstreamOf(side);
      up.handler = () => ({ status: 500, json: { error: { message: `vazou ${CPF}` } } });
      await assert.rejects(
        gw.openai(key.secret).chat.completions.create({ model, messages: [{ role: 'user', content: 'oi' }] }),
        (err: unknown) =>
          err instanceof OpenAI.InternalServerError && err.status === 502 && !err.message.includes(CPF),
      );
      up.handler = () => ({ status: 400, json: { error: { message: `vazou ${CPF}` } } });
      await assert.rejects(
        gw
          .anthropic(key.secret)
          .messages.create({ model, max_tokens: 5, messages: [{ role: 'user', content: 'oi' }] }),
        (err: unknown) => err instanceof Anthropic.BadRequestError && !err.message.includes(CPF),
      );
      up.handler = () => ({ status: 429, json: {} });
      await assert.rejects(
        gw
          .openai(key.secret)
          .chat.completions.create({ model, messages: [{ role: 'user', content: 'oi' }], stream: true }),
        OpenAI.RateLimitError,
      );
    });
  }

  it('refuses a field the target format cannot express, instead of dropping it', async () => {
    // top_k has no chat-completions equivalent (the SDK's own types no longer list it).
    const withTopK = {
      model: 'svc/gpt',
      max_tokens: 5,
      top_k: 3,
      messages: [{ role: 'user', content: 'oi' }],
    } as Anthropic.MessageCreateParamsNonStreaming;
    await assert.rejects(
      gw.openai(key.secret).chat.completions.create({
        model: 'svc/claude',
        messages: [{ role: 'user', content: 'oi' }],
        response_format: { type: 'json_object' },
      }),
      (err: unknown) =>
        err instanceof OpenAI.BadRequestError &&
        err.code === 'untranslatable_field' &&
        err.param === 'response_format',
    );
    await assert.rejects(
      gw.anthropic(key.secret).messages.create(withTopK),
      (err: unknown) => err instanceof Anthropic.BadRequestError && /top_k/.test(err.message),
    );
    // The same field passes through to a provider of the caller's own format (after the barrier).
    const ok = await gw.openai(key.secret).chat.completions.create({
      model: 'svc/gpt',
      messages: [{ role: 'user', content: 'oi' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'resposta',
          schema: { type: 'object', properties: { first_name: { type: 'string' } } },
        },
      },
      reasoning_effort: 'low',
      metadata: { cliente: CPF },
    });
    assert.ok(ok.choices[0]);
    // Settings and field names reach the vendor as sent ("low" and "json_schema" are not names).
    assert.deepEqual(oa.received[0]!.body.response_format, {
      type: 'json_schema',
      json_schema: {
        name: 'resposta',
        schema: { type: 'object', properties: { first_name: { type: 'string' } } },
      },
    });
    assert.equal(oa.received[0]!.body.reasoning_effort, 'low');
    assert.deepEqual(oa.received[0]!.body.metadata, { cliente: '[CPF_1]' });
    assert.equal(oa.received.length, 1);
    assert.equal(an.received.length, 0);
  });

  it('falls back to the next provider of the same model when one cannot be reached', async () => {
    const r = await gw
      .openai(key.secret)
      .chat.completions.create({ model: 'svc/fallback', messages: [{ role: 'user', content: TEXT }] });
    assert.equal(r.choices[0]!.message.content, `eco: ${CLEAN}`);
    assert.equal(an.received[0]!.body.model, 'claude-y');
  });

  it('reports an upstream failure after the first byte inside the stream, as an SDK error', async () => {
    an.handler = () => ({
      events: [
        {
          event: 'message_start',
          data: { type: 'message_start', message: { usage: { input_tokens: 1, output_tokens: 0 } } },
        },
        {
          event: 'error',
          data: { type: 'error', error: { type: 'overloaded_error', message: `vazou ${CPF}` } },
        },
      ],
    });
    const stream = await gw.openai(key.secret).chat.completions.create({
      model: 'svc/claude',
      messages: [{ role: 'user', content: 'oi' }],
      stream: true,
    });
    await assert.rejects(
      collect(stream),
      (err: unknown) => err instanceof OpenAI.APIError && !String(err.message).includes(CPF),
    );
  });

  it('blocks without calling the upstream', async () => {
    const blocking = await makeKey(gw.ctx, { org: { privacy_policy: 'block' } });
    await assert.rejects(
      gw
        .anthropic(blocking.secret)
        .messages.create({ model: 'svc/claude', max_tokens: 5, messages: [{ role: 'user', content: TEXT }] }),
      Anthropic.UnprocessableEntityError,
    );
    assert.equal(an.received.length, 0);
  });

  it('keeps personal data out of the logs', () => {
    assertNoPersonalData(gw.ctx.logs.text, 'logs');
  });
});
