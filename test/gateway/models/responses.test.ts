// POST /v1/responses with the official `openai` client, in front of fake vendors on
// loopback: passed through to a provider that speaks the Responses API, translated to
// chat completions and to vendor messages, answered by svc/eco. Personal data seeded in
// every field (instructions, input text, tool descriptions, function-call arguments and
// outputs) never reaches a vendor, and comes back in replies and streamed deltas when the
// organisation restores placeholders.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type OpenAI from 'openai';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import { assertNoPersonalData, CPF, collect, EMAIL, NAME, PHONE } from './helpers.js';
import { type ResponsesFixture, responsesFixture } from './responses-fixture.js';

type Gateway = ResponsesFixture['gw'];
type Event = OpenAI.Responses.ResponseStreamEvent;

const TEXT = `Cliente ${NAME}, CPF ${CPF}, e-mail ${EMAIL}, celular ${PHONE}.`;
const CLEAN = 'Cliente [NOME_1], CPF [CPF_1], e-mail [EMAIL_1], celular [TELEFONE_1].';

/** Which provider kind serves each model of the test catalogue. */
const SIDES = {
  responses: 'svc/resp',
  chat: 'svc/gpt',
  messages: 'svc/claude',
} as const;
type Side = keyof typeof SIDES;

const searchTool: OpenAI.Responses.FunctionTool = {
  type: 'function',
  name: 'buscar_cliente',
  description: `Busca cliente; exemplo: ${EMAIL}`,
  parameters: { type: 'object', properties: { consulta: { type: 'string' } }, required: ['consulta'] },
  strict: false,
};

describe('POST /v1/responses in front of fake vendors', () => {
  let gw: Gateway;
  let key: KeyFixture;
  let restoring: KeyFixture;
  let oa: FakeUpstream;
  let an: FakeUpstream;

  const f = responsesFixture();
  before(() => {
    ({ gw, key, restoring, oa, an } = f);
  });

  const upstreamOf = (side: Side) => (side === 'messages' ? an : oa);
  const PATH: Record<Side, string> = {
    responses: '/v1/responses',
    chat: '/v1/chat/completions',
    messages: '/v1/messages',
  };

  for (const side of Object.keys(SIDES) as Side[]) {
    const model = SIDES[side];

    it(`${side}: string input and instructions, text out, nothing personal upstream`, async () => {
      const { data, response } = await gw
        .openai(key.secret)
        .responses.create({
          model,
          instructions: `Você atende ${NAME} (${EMAIL}).`,
          input: TEXT,
          max_output_tokens: 50,
          temperature: 0.5,
        })
        .withResponse();
      assert.equal(data.object, 'response');
      assert.equal(data.status, 'completed');
      assert.equal(data.output_text, `eco: ${CLEAN}`);
      assert.equal(data.model, model);
      assert.equal((data as unknown as { store: boolean }).store, false);
      assert.ok(data.usage!.input_tokens > 0 && data.usage!.output_tokens > 0);
      assert.equal(data.usage!.total_tokens, data.usage!.input_tokens + data.usage!.output_tokens);
      assert.equal(response.headers.get('x-svc-privacy'), 'cpf=1, email=2, telefone=1, nome=2');
      assert.equal(response.headers.get('x-svc-model'), model);
      const up = upstreamOf(side);
      assert.equal(up.received.length, 1);
      assertNoPersonalData(up.everything, `${side} upstream`);
      const sent = up.received[0]!;
      assert.equal(sent.path, PATH[side]);
      if (side === 'responses') {
        assert.equal(sent.headers.authorization, 'Bearer sk-upstream-responses');
        assert.equal(sent.body.model, 'gpt-r');
        assert.equal(sent.body.store, false, 'the vendor is told not to keep it either');
        assert.equal(sent.body.instructions, 'Você atende [NOME_1] ([EMAIL_1]).');
        assert.deepEqual(sent.body.input, [
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: CLEAN }] },
        ]);
        assert.equal(sent.body.max_output_tokens, 50);
        assert.equal(sent.body.temperature, 0.5);
      } else if (side === 'chat') {
        assert.equal(sent.headers.authorization, 'Bearer sk-upstream-chat');
        assert.deepEqual(sent.body.messages, [
          { role: 'system', content: 'Você atende [NOME_1] ([EMAIL_1]).' },
          { role: 'user', content: CLEAN },
        ]);
        assert.equal(sent.body.max_tokens, 50);
      } else {
        assert.equal(sent.body.system, 'Você atende [NOME_1] ([EMAIL_1]).');
        assert.equal(sent.body.max_tokens, 50);
      }
    });

    it(`${side}: history with function_call and function_call_output items, tools cleaned`, async () => {
      const { data } = await gw
        .openai(key.secret)
        .responses.create({
          model,
          instructions: `Atenda ${NAME}.`,
          tools: [searchTool],
          input: [
            { role: 'user', content: [{ type: 'input_text', text: TEXT }] },
            {
              // As a client replays an earlier answer: with its id and status (ignored here).
              id: 'msg_earlier',
              status: 'completed',
              type: 'message',
              role: 'assistant',
              content: [{ type: 'output_text', text: `Vou procurar ${NAME}.`, annotations: [] }],
            },
            {
              type: 'function_call',
              call_id: 'call_9',
              name: 'buscar_cliente',
              arguments: JSON.stringify({ cpf: CPF, nome: NAME }),
            },
            {
              type: 'function_call_output',
              call_id: 'call_9',
              output: `Encontrado: ${NAME}, telefone ${PHONE}`,
            },
          ],
        })
        .withResponse();
      assert.equal(data.output_text, 'eco: Encontrado: [NOME_1], telefone [TELEFONE_1]');
      const up = upstreamOf(side);
      assertNoPersonalData(up.everything, `${side} upstream`);
      const body = up.received[0]!.body;
      if (side === 'responses') {
        assert.deepEqual(
          body.input.map((i: { type: string }) => i.type),
          ['message', 'message', 'function_call', 'function_call_output'],
        );
        assert.deepEqual(JSON.parse(body.input[2].arguments), { cpf: '[CPF_1]', nome: '[NOME_1]' });
        assert.equal(body.input[2].call_id, 'call_9');
        assert.equal(body.input[1].content[0].type, 'output_text');
        assert.deepEqual(body.tools, [
          {
            type: 'function',
            name: 'buscar_cliente',
            description: 'Busca cliente; exemplo: [EMAIL_1]',
            parameters: searchTool.parameters,
            strict: false,
          },
        ]);
      } else if (side === 'chat') {
        assert.deepEqual(
          body.messages.map((m: { role: string }) => m.role),
          ['system', 'user', 'assistant', 'tool'],
        );
        assert.equal(body.messages[2].content, 'Vou procurar [NOME_1].');
        assert.deepEqual(JSON.parse(body.messages[2].tool_calls[0].function.arguments), {
          cpf: '[CPF_1]',
          nome: '[NOME_1]',
        });
        assert.equal(body.tools[0].function.description, 'Busca cliente; exemplo: [EMAIL_1]');
        assert.equal(body.tools[0].function.strict, false);
      } else {
        assert.deepEqual(
          body.messages.map((m: { role: string }) => m.role),
          ['user', 'assistant', 'user'],
        );
        assert.deepEqual(body.messages[1].content[1], {
          type: 'tool_use',
          id: 'call_9',
          name: 'buscar_cliente',
          input: { cpf: '[CPF_1]', nome: '[NOME_1]' },
        });
        assert.equal(body.messages[2].content[0].type, 'tool_result');
        assert.equal(body.tools[0].description, 'Busca cliente; exemplo: [EMAIL_1]');
      }
    });

    it(`${side}: a function call out, its arguments restored for an organisation that asks`, async () => {
      const ask = {
        model,
        tools: [searchTool],
        tool_choice: { type: 'function' as const, name: 'buscar_cliente' },
        parallel_tool_calls: false,
        input: `Procure ${CPF}`,
      };
      const plain = await gw.openai(key.secret).responses.create(ask);
      const call = plain.output.find((o) => o.type === 'function_call');
      assert.ok(call?.type === 'function_call');
      assert.equal(call.name, 'buscar_cliente');
      assert.ok(call.call_id && call.id?.startsWith('fc_'));
      assert.deepEqual(JSON.parse(call.arguments), { consulta: 'Procure [CPF_1]' });
      assert.equal(plain.parallel_tool_calls, false);
      const sent = upstreamOf(side).received[0]!.body;
      const choice = {
        responses: [ask.tool_choice, false],
        chat: [{ type: 'function', function: { name: 'buscar_cliente' } }, false],
        messages: [{ type: 'tool', name: 'buscar_cliente', disable_parallel_tool_use: true }, undefined],
      }[side];
      assert.deepEqual([sent.tool_choice, sent.parallel_tool_calls], choice);
      const restored = await gw.openai(restoring.secret).responses.create(ask);
      const back = restored.output.find((o) => o.type === 'function_call');
      assert.ok(back?.type === 'function_call');
      assert.deepEqual(JSON.parse(back.arguments), { consulta: `Procure ${CPF}` });
      assertNoPersonalData(upstreamOf(side).everything, `${side} upstream`);
    });

    it(`${side}: responses.stream() — typed events in order, deltas restored across chunk splits`, async () => {
      const stream = gw.openai(restoring.secret).responses.stream({ model, input: TEXT });
      const events: Event[] = await collect(stream);
      const final = await stream.finalResponse();
      assert.equal(final.output_text, `eco: ${TEXT}`);
      assert.equal(final.status, 'completed');
      assert.equal(final.model, model);
      assert.ok(final.usage!.output_tokens > 0);
      const deltas = events.flatMap((e) => (e.type === 'response.output_text.delta' ? [e.delta] : []));
      assert.ok(deltas.length > 1, 'the text is streamed, not sent whole');
      assert.equal(deltas.join(''), `eco: ${TEXT}`);
      assert.deepEqual(
        events.map((e) => e.sequence_number),
        events.map((_, i) => i),
      );
      const types = [...new Set(events.map((e) => e.type))];
      assert.deepEqual(types, [
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.content_part.added',
        'response.output_text.delta',
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.completed',
      ]);
      const done = events.find((e) => e.type === 'response.output_text.done');
      assert.equal(done?.type === 'response.output_text.done' && done.text, `eco: ${TEXT}`);
      assertNoPersonalData(upstreamOf(side).everything, `${side} upstream`);

      // Without restoration the placeholders stay.
      const plain = await gw.openai(key.secret).responses.stream({ model, input: TEXT }).finalResponse();
      assert.equal(plain.output_text, `eco: ${CLEAN}`);
    });

    it(`${side}: a streamed function call — argument deltas, done events, restored arguments`, async () => {
      const stream = gw
        .openai(restoring.secret)
        .responses.stream({ model, tools: [searchTool], input: `Procure ${CPF}` });
      const events: Event[] = await collect(stream);
      const final = await stream.finalResponse();
      const call = final.output.find((o) => o.type === 'function_call');
      assert.ok(call?.type === 'function_call');
      assert.deepEqual(JSON.parse(call.arguments), { consulta: `Procure ${CPF}` });
      const deltas = events.flatMap((e) =>
        e.type === 'response.function_call_arguments.delta' ? [e.delta] : [],
      );
      assert.equal(deltas.join(''), call.arguments);
      const argsDone = events.find((e) => e.type === 'response.function_call_arguments.done');
      assert.ok(argsDone?.type === 'response.function_call_arguments.done');
      assert.equal(argsDone.name, 'buscar_cliente');
      assert.equal(argsDone.item_id, call.id);
      assertNoPersonalData(upstreamOf(side).everything, `${side} upstream`);
    });
  }

  it('svc/eco answers with what the model would receive, JSON and streamed', async () => {
    const client = gw.openai(key.secret);
    const reply = await client.responses.create({
      model: 'svc/eco',
      instructions: `Sou ${NAME}`,
      input: TEXT,
    });
    assert.equal(reply.output_text, `[system] Sou [NOME_1]\n\n[user] ${CLEAN}`);
    assert.equal(reply.model, 'svc/eco');
    const streamed = await client.responses.stream({ model: 'svc/eco', input: TEXT }).finalResponse();
    assert.equal(streamed.output_text, `[user] ${CLEAN}`);
    assert.equal(oa.received.length + an.received.length, 0);
  });

  it('svc/auto: the answer says svc/auto, the header names the chosen model', async () => {
    const { data, response } = await gw
      .openai(key.secret)
      .responses.create({ model: 'svc/auto', input: 'Qual é o prazo?' })
      .withResponse();
    assert.equal(data.model, 'svc/auto');
    assert.ok(['svc/gpt', 'svc/resp', 'svc/claude'].includes(response.headers.get('x-svc-model')!));
    assert.match(data.output_text, /^eco: Qual é o prazo\?/);
  });

  it('max_output_tokens reached: status incomplete with the reason, JSON and streamed', async () => {
    oa.handler = (req) => ({
      status: 200,
      json: {
        id: 'chatcmpl-up',
        object: 'chat.completion',
        created: 1,
        model: req.body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: 'cort' }, finish_reason: 'length' }],
        usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
      },
    });
    const cut = await gw
      .openai(key.secret)
      .responses.create({ model: 'svc/gpt', input: 'oi', max_output_tokens: 1 });
    assert.equal(cut.status, 'incomplete');
    assert.deepEqual(cut.incomplete_details, { reason: 'max_output_tokens' });
    const events: Event[] = await collect(
      await gw
        .openai(key.secret)
        .responses.create({ model: 'svc/eco', input: TEXT, max_output_tokens: 2, stream: true }),
    );
    const last = events.at(-1)!;
    assert.equal(last.type, 'response.incomplete');
    assert.equal(
      last.type === 'response.incomplete' && last.response.incomplete_details?.reason,
      'max_output_tokens',
    );
  });

  it('usage is recorded per key and catalogue model, as for chat', async () => {
    const fresh = await makeKey(gw.ctx);
    const reply = await gw.openai(fresh.secret).responses.create({ model: 'gpt-4o-mini', input: 'oi' });
    const rows = async () =>
      gw.ctx.db.kysely.selectFrom('usage_daily').selectAll().where('key_id', '=', fresh.keyId).execute();
    // Usage is written every 100 ms, off the answer's path.
    const [row] = await waitFor('the usage row', async () => {
      const found = await rows();
      return found.length > 0 && found;
    });
    assert.equal(row?.model, 'svc/gpt');
    assert.equal(Number(row?.input_tokens), reply.usage!.input_tokens);
    assert.equal(Number(row?.output_tokens), reply.usage!.output_tokens);
  });
});
