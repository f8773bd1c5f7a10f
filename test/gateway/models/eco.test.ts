// GET /v1/models and svc/eco (no provider configured), through the official SDKs on a
// listening gateway; request validation and error classes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { assertNoPersonalData, CPF, collect, EMAIL, listeningGateway, NAME, PHONE } from './helpers.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;

const TEXT = `Cliente ${NAME}, CPF ${CPF}, e-mail ${EMAIL}, celular ${PHONE}.`;

describe('svc/eco and the catalogue without providers', () => {
  let gw: Gateway;
  let key: KeyFixture;
  before(async () => {
    gw = await listeningGateway();
    key = await makeKey(gw.ctx);
  });
  after(() => gw.dispose());

  it('lists svc/eco, saying it is not a real model, to both SDKs', async () => {
    const list = await gw.openai(key.secret).models.list();
    assert.deepEqual(
      list.data.map((m) => m.id),
      ['svc/auto', 'svc/eco'],
    );
    const eco = list.data[1] as unknown as Record<string, unknown>;
    assert.match(String(eco.description), /Não é um modelo de linguagem/);
    assert.equal(typeof eco.context_window, 'number');
    assert.equal(typeof eco.display_name, 'string');
    const page = await gw.anthropic(key.secret).models.list();
    assert.deepEqual(
      page.data.map((m) => m.id),
      ['svc/auto', 'svc/eco'],
    );
  });

  it('answers chat completions with what the model sees, and the findings header', async () => {
    const client = gw.openai(key.secret);
    const { data, response } = await client.chat.completions
      .create({
        model: 'svc/eco',
        messages: [
          { role: 'system', content: `Atenda ${NAME}.` },
          { role: 'user', content: TEXT },
        ],
      })
      .withResponse();
    const text = data.choices[0]!.message.content!;
    assert.equal(
      text,
      '[system] Atenda [NOME_1].\n\n[user] Cliente [NOME_1], CPF [CPF_1], e-mail [EMAIL_1], celular [TELEFONE_1].',
    );
    assert.equal(data.choices[0]!.finish_reason, 'stop');
    assert.equal(data.model, 'svc/eco');
    assert.ok(data.usage!.prompt_tokens > 0);
    assert.equal(response.headers.get('x-svc-privacy'), 'cpf=1, email=1, telefone=1, nome=2');
    assertNoPersonalData(text, 'eco reply');
  });

  it('masks a surname alone in a later message of the conversation, which alone would leak', async () => {
    const { data } = await gw
      .openai(key.secret)
      .chat.completions.create({
        model: 'svc/eco',
        messages: [
          { role: 'user', content: 'meu nome é Olusegun Adeyemi' },
          { role: 'assistant', content: 'Olá! Como posso ajudar?' },
          { role: 'user', content: 'o adeyemi aqui de novo: preciso da segunda via' },
        ],
      })
      .withResponse();
    const text = data.choices[0]!.message.content!;
    assert.equal(
      text,
      '[user] meu nome é [NOME_1]\n\n[assistant] Olá! Como posso ajudar?\n\n[user] o [NOME_2] aqui de novo: preciso da segunda via',
    );
    assert.ok(!/adeyemi/i.test(text));
  });

  it('masks a surname alone in an earlier message when a later one gives the full name', async () => {
    const data = await gw.openai(key.secret).chat.completions.create({
      model: 'svc/eco',
      messages: [
        { role: 'user', content: 'oi, aqui é o adeyemi de novo' },
        { role: 'assistant', content: 'Olá! Qual é o seu nome completo?' },
        { role: 'user', content: 'Olusegun Adeyemi' },
      ],
    });
    const text = data.choices[0]!.message.content!;
    assert.ok(!/adeyemi/i.test(text), text);
    assert.match(text, /^\[user\] oi, aqui é o \[NOME_\d\] de novo/);
  });

  it('streams chat completions: role chunk, content, finish_reason, usage, [DONE]', async () => {
    const stream = await gw.openai(key.secret).chat.completions.create({
      model: 'svc/eco',
      messages: [{ role: 'user', content: TEXT }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = await collect(stream);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    assert.equal(text, '[user] Cliente [NOME_1], CPF [CPF_1], e-mail [EMAIL_1], celular [TELEFONE_1].');
    assert.equal(chunks.filter((c) => c.choices[0]?.finish_reason === 'stop').length, 1);
    assert.ok(chunks.at(-1)!.usage!.completion_tokens > 0);
    assert.ok(chunks.length > 5);
  });

  it('answers and streams the messages format', async () => {
    const client = gw.anthropic(key.secret);
    const msg = await client.messages.create({
      model: 'svc/eco',
      max_tokens: 1000,
      system: `Atenda ${NAME}.`,
      messages: [{ role: 'user', content: TEXT }],
    });
    assert.equal(msg.type, 'message');
    assert.equal(msg.stop_reason, 'end_turn');
    const block = msg.content[0];
    assert.equal(block?.type, 'text');
    assert.match(block.type === 'text' ? block.text : '', /^\[system\] Atenda \[NOME_1\]\./);

    const stream = client.messages.stream({
      model: 'svc/eco',
      max_tokens: 1000,
      messages: [{ role: 'user', content: TEXT }],
    });
    const events = await collect(stream);
    const final = await stream.finalMessage();
    assert.deepEqual(
      [...new Set(events.map((e) => e.type))],
      [
        'message_start',
        'content_block_start',
        'content_block_delta',
        'content_block_stop',
        'message_delta',
        'message_stop',
      ],
    );
    assert.equal(
      final.content[0]?.type === 'text' ? final.content[0].text : '',
      '[user] Cliente [NOME_1], CPF [CPF_1], e-mail [EMAIL_1], celular [TELEFONE_1].',
    );
    assert.equal(final.stop_reason, 'end_turn');
    assert.ok(final.usage.output_tokens > 0);
  });

  it('blocks under the block policy: 422 pii_blocked in each SDK’s error class', async () => {
    const blocking = await makeKey(gw.ctx, { org: { privacy_policy: 'block' } });
    await assert.rejects(
      gw
        .openai(blocking.secret)
        .chat.completions.create({ model: 'svc/eco', messages: [{ role: 'user', content: TEXT }] }),
      (err: unknown) => {
        assert.ok(err instanceof OpenAI.UnprocessableEntityError);
        assert.equal(err.code, 'pii_blocked');
        assertNoPersonalData(err.message, 'error');
        return true;
      },
    );
    await assert.rejects(
      gw.anthropic(blocking.secret).messages.create({
        model: 'svc/eco',
        max_tokens: 10,
        messages: [{ role: 'user', content: TEXT }],
        stream: true,
      }),
      (err: unknown) => err instanceof Anthropic.UnprocessableEntityError,
    );
    // A request may raise the policy, never lower it.
    const raised = await gw.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${key.secret}`, 'x-svc-policy': 'block' },
      payload: { model: 'svc/eco', messages: [{ role: 'user', content: TEXT }] },
    });
    assert.equal(raised.statusCode, 422);
    assert.equal(raised.json().error.code, 'pii_blocked');
    assert.equal(raised.headers['x-svc-privacy'], 'cpf=1, email=1, telefone=1, nome=1');
  });

  it('redacts under the redact policy', async () => {
    const redacting = await makeKey(gw.ctx, { org: { privacy_policy: 'redact' } });
    const r = await gw.openai(redacting.secret).chat.completions.create({
      model: 'svc/eco',
      messages: [{ role: 'user', content: `CPF ${CPF}` }],
    });
    assert.equal(r.choices[0]!.message.content, '[user] CPF [CPF removido]');
  });

  it('refuses images and documents, asking for text and promising no route that does not exist', async () => {
    await assert.rejects(
      gw.openai(key.secret).chat.completions.create({
        model: 'svc/eco',
        messages: [
          {
            role: 'user',
            content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }],
          },
        ],
      }),
      (err: unknown) =>
        err instanceof OpenAI.BadRequestError &&
        /POST \/v1\/privacy\/extract/.test(err.message) &&
        err.code === 'unsupported_content',
    );
    await assert.rejects(
      gw.anthropic(key.secret).messages.create({
        model: 'svc/eco',
        max_tokens: 10,
        messages: [
          {
            role: 'user',
            content: [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } }],
          },
        ],
      }),
      (err: unknown) =>
        err instanceof Anthropic.BadRequestError && /POST \/v1\/privacy\/extract/.test(err.message),
    );
  });

  it('maps auth and catalogue errors to the SDKs’ classes', async () => {
    await assert.rejects(gw.openai('svck_nope').models.list(), OpenAI.AuthenticationError);
    await assert.rejects(
      gw
        .anthropic('svck_nope')
        .messages.create({ model: 'svc/eco', max_tokens: 5, messages: [{ role: 'user', content: 'oi' }] }),
      Anthropic.AuthenticationError,
    );
    await assert.rejects(
      gw
        .openai(key.secret)
        .chat.completions.create({ model: 'svc/nada', messages: [{ role: 'user', content: 'oi' }] }),
      (err: unknown) => err instanceof OpenAI.NotFoundError && err.code === 'model_not_found',
    );
    const limited = await makeKey(gw.ctx, { org: { released_models: JSON.stringify([]) } });
    await assert.rejects(
      gw
        .anthropic(limited.secret)
        .messages.create({ model: 'svc/eco', max_tokens: 5, messages: [{ role: 'user', content: 'oi' }] }),
      Anthropic.PermissionDeniedError,
    );
    assert.deepEqual((await gw.openai(limited.secret).models.list()).data, []);
  });

  it('answers 400, never 500, to malformed bodies', async () => {
    const bad: [string, unknown][] = [
      ['/v1/chat/completions', {}],
      ['/v1/chat/completions', { model: 'svc/eco', messages: [] }],
      ['/v1/chat/completions', { model: 'svc/eco', messages: 'oi' }],
      ['/v1/chat/completions', { model: 'svc/eco', messages: [null] }],
      ['/v1/chat/completions', { model: 'svc/eco', messages: [{ role: 'robot', content: 'x' }] }],
      ['/v1/chat/completions', { model: 'svc/eco', messages: [{ role: 'user', content: 5 }] }],
      ['/v1/chat/completions', { model: 'svc/eco', messages: [{ role: 'user', content: [{ type: 'x' }] }] }],
      ['/v1/chat/completions', { model: 'svc/eco', messages: [{ role: 'tool', content: 'x' }] }],
      [
        '/v1/chat/completions',
        { model: 'svc/eco', messages: [{ role: 'user', content: 'x' }], max_tokens: -1 },
      ],
      [
        '/v1/chat/completions',
        { model: 'svc/eco', messages: [{ role: 'user', content: 'x' }], temperature: 9 },
      ],
      ['/v1/chat/completions', { model: 'svc/eco', messages: [{ role: 'user', content: 'x' }], n: 2 }],
      [
        '/v1/chat/completions',
        { model: 'svc/eco', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'x' }] },
      ],
      [
        '/v1/chat/completions',
        {
          model: 'svc/eco',
          messages: [
            {
              role: 'assistant',
              tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{nope' } }],
            },
          ],
        },
      ],
      ['/v1/messages', { model: 'svc/eco', messages: [{ role: 'user', content: 'x' }] }],
      ['/v1/messages', { model: 'svc/eco', max_tokens: 5, messages: [{ role: 'system', content: 'x' }] }],
      [
        '/v1/messages',
        { model: 'svc/eco', max_tokens: 5, messages: [{ role: 'user', content: [{ type: 'tool_use' }] }] },
      ],
      [
        '/v1/messages',
        { model: 'svc/eco', max_tokens: 5, system: 5, messages: [{ role: 'user', content: 'x' }] },
      ],
      [
        '/v1/messages',
        {
          model: 'svc/eco',
          max_tokens: 5,
          tool_choice: { type: 'x' },
          messages: [{ role: 'user', content: 'x' }],
        },
      ],
    ];
    for (const [url, payload] of bad) {
      const res = await gw.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${key.secret}` },
        payload: payload as object,
      });
      assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(payload)} → ${res.body}`);
      const body = res.json();
      if (url === '/v1/messages') assert.equal(body.type, 'error');
      else assert.ok(body.error.param, res.body);
    }
  });

  it('answers broken JSON, other content types and bodies over 10 MiB in each route’s error shape', async () => {
    const post = (url: string, payload: string, type = 'application/json') =>
      gw.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': type },
        payload,
      });
    const big = JSON.stringify({
      model: 'svc/eco',
      max_tokens: 5,
      messages: [{ role: 'user', content: `${TEXT} `.repeat(Math.ceil((10 * 1024 * 1024) / TEXT.length)) }],
    });
    for (const url of ['/v1/chat/completions', '/v1/messages']) {
      for (const [res, status] of [
        [await post(url, `{"model":"svc/eco","messages":[{"role":"user","content":"${TEXT}"`), 400],
        [await post(url, TEXT, 'text/plain'), 415],
        [await post(url, big), 413],
      ] as const) {
        assert.equal(res.statusCode, status, `${url} → ${res.body}`);
        const body = res.json();
        if (url === '/v1/messages') assert.equal(body.type, 'error', res.body);
        else assert.equal(typeof body.error.code, 'string', res.body);
        assertNoPersonalData(res.body, `${url} ${status}`);
      }
    }
  });

  it('keeps personal data out of the logs', () => {
    assertNoPersonalData(gw.ctx.logs.text, 'logs');
  });
});
