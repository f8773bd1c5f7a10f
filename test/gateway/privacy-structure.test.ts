// The barrier on structure, end to end: the official clients send a CPF split across
// system parts, content blocks and consecutive messages, and CPFs as JSON keys (tool
// schemas, tool-call arguments, metadata); the fake vendors must receive no piece of it,
// `block` must stop it before any vendor, and a restoring key gets its keys back.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fakeAnthropic } from '../fakes/anthropic.js';
import { fakeOpenAI } from '../fakes/openai.js';
import type { FakeUpstream } from '../fakes/upstream.js';
import { type KeyFixture, makeKey } from '../helpers/gateway.js';
import { CPF, listeningGateway, writeConfig } from './models/helpers.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;

/** Every piece of the split CPFs that must not reach a vendor, nor the logs. */
const PIECES = [
  '529.982',
  '982.247',
  '247-25',
  '-25,',
  '-25?',
  '52998224725',
  CPF,
  '111.444',
  '777-35',
  '-35.',
];
const assertNoPiece = (text: string, where: string) => {
  for (const p of PIECES) assert.ok(!text.includes(p), `${where} holds "${p}"`);
};

const SIDES = { gpt: 'svc/gpt', claude: 'svc/claude' } as const;
type Side = keyof typeof SIDES;

const schema = {
  type: 'object',
  properties: { [CPF]: { type: 'string', description: 'cliente' } },
  required: [CPF],
};

describe('the barrier on keys and split values, through the model routes', () => {
  let gw: Gateway;
  let key: KeyFixture;
  let restoring: KeyFixture;
  let oa: FakeUpstream;
  let an: FakeUpstream;

  before(async () => {
    oa = await fakeOpenAI();
    an = await fakeAnthropic();
    const model = (id: string, provider: string) => ({
      id,
      provider,
      upstream_model: 'm',
      display_name: id,
      context_window: 100000,
      description: id,
    });
    const config = writeConfig({
      providers: {
        oa: { type: 'openai', base_url: `${oa.url}/v1`, api_key: 'sk-up' },
        an: { type: 'anthropic', base_url: an.url, api_key: 'sk-up' },
      },
      models: [model('svc/gpt', 'oa'), model('svc/claude', 'an')],
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

  function chatBody(side: Side) {
    return {
      model: SIDES[side],
      messages: [
        { role: 'system' as const, content: 'Atenda o cliente de CPF 529.982.' },
        { role: 'system' as const, content: '247-25 com cuidado.' },
        { role: 'user' as const, content: 'Meu CPF é 529.982.247' },
        { role: 'user' as const, content: '-25, confira.' },
        {
          role: 'assistant' as const,
          content: null,
          tool_calls: [
            {
              id: 'call_9',
              type: 'function' as const,
              function: { name: 'buscar', arguments: JSON.stringify({ [CPF]: 'ativo' }) },
            },
          ],
        },
        { role: 'tool' as const, tool_call_id: 'call_9', content: 'ok' },
        {
          role: 'user' as const,
          content: [
            { type: 'text' as const, text: 'E o CPF 529.982.' },
            { type: 'text' as const, text: '247-25?' },
          ],
        },
      ],
      tools: [{ type: 'function' as const, function: { name: 'buscar', parameters: schema } }],
      // Pass-through metadata only travels to a vendor of the same format.
      ...(side === 'gpt' ? { metadata: { [CPF]: 'cliente' } } : {}),
      max_tokens: 20,
    };
  }

  function messagesBody(side: Side) {
    return {
      model: SIDES[side],
      max_tokens: 20,
      // Two system blocks with a CPF cut between them: each block is a part of its own.
      system: [
        { type: 'text' as const, text: 'Atenda o CPF 529.982.' },
        { type: 'text' as const, text: '247-25 com cuidado.' },
      ],
      messages: [
        {
          role: 'user' as const,
          content: [
            { type: 'text' as const, text: 'Meu CPF é 529.982.' },
            { type: 'text' as const, text: '247-25.' },
          ],
        },
        { role: 'user' as const, content: 'E o outro: 111.444.777' },
        { role: 'user' as const, content: '-35.' },
        {
          role: 'assistant' as const,
          content: [{ type: 'tool_use' as const, id: 'tu_1', name: 'buscar', input: { [CPF]: 'ativo' } }],
        },
        {
          role: 'user' as const,
          content: [{ type: 'tool_result' as const, tool_use_id: 'tu_1', content: 'ok' }],
        },
      ],
      tools: [{ name: 'buscar', input_schema: schema as { type: 'object' } }],
    };
  }

  for (const side of ['gpt', 'claude'] as Side[]) {
    it(`chat completions → ${side}: no piece of a split CPF and no CPF key upstream`, async () => {
      const { response } = await gw.openai(key.secret).chat.completions.create(chatBody(side)).withResponse();
      assert.equal(response.status, 200);
      const up = upstreamOf(side);
      assert.equal(up.received.length, 1);
      assertNoPiece(up.everything, `${side} upstream`);
      assert.ok(up.received[0]!.raw.includes('[CPF_1]'), 'the placeholder took its place');
    });

    it(`messages → ${side}: no piece of a split CPF and no CPF key upstream`, async () => {
      const { response } = await gw.anthropic(key.secret).messages.create(messagesBody(side)).withResponse();
      assert.equal(response.status, 200);
      // Six: the CPF cut between the two system blocks is found too.
      assert.equal(response.headers.get('x-svc-privacy'), 'cpf=6');
      const up = upstreamOf(side);
      assert.equal(up.received.length, 1);
      assertNoPiece(up.everything, `${side} upstream`);
    });

    it(`block policy → ${side}: a split CPF or a CPF key is refused, nothing sent`, async () => {
      const split = [
        { role: 'user' as const, content: 'CPF 529.982.247' },
        { role: 'user' as const, content: '-25' },
      ];
      const asKey = [{ role: 'user' as const, content: 'oi' }];
      for (const [what, messages, metadata] of [
        ['split', split, undefined],
        ['key', asKey, { [CPF]: 'x' }],
      ] as const) {
        const call = gw
          .openai(key.secret)
          .chat.completions.create(
            { model: SIDES[side], messages: [...messages], ...(metadata ? { metadata } : {}) },
            { headers: { 'x-svc-policy': 'block' } },
          );
        await assert.rejects(call, (err: { status?: number; code?: string; message?: string }) => {
          assert.equal(err.status, 422, what);
          assert.equal(err.code, 'pii_blocked', what);
          assertNoPiece(String(err.message), `${what} error`);
          return true;
        });
      }
      const blocked = gw.anthropic(key.secret).messages.create(messagesBody(side), {
        headers: { 'x-svc-policy': 'block' },
      });
      await assert.rejects(blocked, (err: { status?: number }) => err.status === 422);
      assert.equal(oa.received.length + an.received.length, 0, 'nothing reached a vendor');
    });
  }

  it('restores placeholder keys in the tool-call arguments of a reply', async () => {
    oa.handler = () => ({
      status: 200,
      json: {
        id: 'x',
        object: 'chat.completion',
        created: 1,
        model: 'm',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'c',
                  type: 'function',
                  function: { name: 'buscar', arguments: JSON.stringify({ '[CPF_1]': 'ativo' }) },
                },
              ],
            },
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    });
    const res = await gw.openai(restoring.secret).chat.completions.create({
      model: 'svc/gpt',
      messages: [{ role: 'user', content: `busque o CPF ${CPF}` }],
      tools: [{ type: 'function', function: { name: 'buscar', parameters: schema } }],
    });
    const call = res.choices[0]!.message.tool_calls![0]! as { function: { arguments: string } };
    assert.deepEqual(JSON.parse(call.function.arguments), { [CPF]: 'ativo' });
    assertNoPiece(oa.everything, 'upstream');
  });

  it('keeps every piece of the CPF out of the logs', () => {
    assertNoPiece(gw.ctx.logs.text, 'log');
  });
});
