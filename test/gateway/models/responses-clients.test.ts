// The clients that speak the Responses API by default, pointed at the gateway unchanged:
// the OpenAI Agents SDK (a run with one function tool, JSON and streamed) and the Vercel AI
// SDK's OpenAI provider (generateText, streamText). In front of a provider that speaks the
// Responses API and of one that only speaks chat completions. Personal data seeded in the
// instructions, the prompt, the tool's description and its result never reaches the fake
// vendor; with restoration on, the tool is called with the original values and the final
// answer holds them.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createOpenAI } from '@ai-sdk/openai';
import { Agent, OpenAIResponsesModel, run, setTracingDisabled, tool as agentTool } from '@openai/agents';
import { generateText, jsonSchema, stepCountIs, streamText, tool as aiTool } from 'ai';
import OpenAI from 'openai';
import { z } from 'zod';
import type { FakeUpstream } from '../../fakes/upstream.js';
import type { KeyFixture } from '../../helpers/gateway.js';
import { assertNoPersonalData, CPF, EMAIL, NAME, PHONE } from './helpers.js';
import { type ResponsesFixture, responsesFixture } from './responses-fixture.js';

// Traces would go to the vendor's own tracing endpoint: not in a test.
setTracingDisabled(true);

type Gateway = ResponsesFixture['gw'];

const ASK = `Procure o cliente ${NAME}, CPF ${CPF}`;
const ASK_CLEAN = 'Procure o cliente [NOME_1], CPF [CPF_1]';
const FOUND = `Encontrado: ${NAME}, telefone ${PHONE}`;
const INSTRUCTIONS = `Você atende ${NAME} (${EMAIL}).`;

const MODELS = { responses: 'svc/resp', chat: 'svc/gpt', messages: 'svc/claude' } as const;
const PATH = { responses: '/v1/responses', chat: '/v1/chat/completions', messages: '/v1/messages' };

describe('Responses API clients through the gateway', () => {
  let gw: Gateway;
  let key: KeyFixture;
  let restoring: KeyFixture;
  let oa: FakeUpstream;
  let an: FakeUpstream;

  const f = responsesFixture();
  before(() => {
    ({ gw, key, restoring, oa, an } = f);
  });

  for (const [side, model] of Object.entries(MODELS) as [keyof typeof MODELS, string][]) {
    /** The fake vendor this side's calls reach. */
    const vendor = () => (side === 'messages' ? an : oa);
    const agentFor = (secret: string, seen: string[]) =>
      new Agent({
        name: 'atendente',
        instructions: INSTRUCTIONS,
        model: new OpenAIResponsesModel(
          new OpenAI({ apiKey: secret, baseURL: `${gw.origin}/v1`, maxRetries: 0 }),
          model,
        ),
        tools: [
          agentTool({
            name: 'buscar_cliente',
            description: `Busca um cliente; exemplo: ${EMAIL}`,
            parameters: z.object({ consulta: z.string() }),
            execute: async ({ consulta }) => {
              seen.push(consulta);
              return FOUND;
            },
          }),
        ],
      });

    it(`Agents SDK run with a function tool → ${side}: the tool gets restored values, the vendor none`, async () => {
      const seen: string[] = [];
      const result = await run(agentFor(restoring.secret, seen), ASK);
      assert.deepEqual(seen, [ASK], 'the tool was called once, with the values the user wrote');
      assert.equal(result.finalOutput, `eco: ${FOUND}`);
      assert.equal(vendor().received.length, 2, 'one call for the tool, one for the answer');
      assertNoPersonalData(vendor().everything, `${side} upstream`);
      // The second call carries the tool's call and its (cleaned) result as items.
      const second = vendor().received[1]!.body;
      if (side === 'responses') {
        const types = second.input.map((i: { type?: string }) => i.type ?? 'message');
        assert.deepEqual(types, ['message', 'function_call', 'function_call_output']);
        assert.equal(second.input[2].output, 'Encontrado: [NOME_1], telefone [TELEFONE_1]');
        assert.equal(second.instructions, 'Você atende [NOME_1] ([EMAIL_1]).');
      } else if (side === 'chat') {
        assert.deepEqual(
          second.messages.map((m: { role: string }) => m.role),
          ['system', 'user', 'assistant', 'tool'],
        );
      } else {
        // The vendor's own words before its call come back as an assistant message item.
        assert.deepEqual(
          second.messages.map((m: { role: string }) => m.role),
          ['user', 'assistant', 'user'],
        );
        assert.deepEqual(
          second.messages[1].content.map((b: { type: string }) => b.type),
          ['text', 'tool_use'],
        );
      }
    });

    it(`Agents SDK streamed run → ${side}: without restoration the placeholders stay`, async () => {
      const seen: string[] = [];
      const result = await run(agentFor(key.secret, seen), ASK, { stream: true });
      let text = '';
      for await (const ev of result) {
        if (ev.type === 'raw_model_stream_event' && ev.data.type === 'output_text_delta')
          text += ev.data.delta;
      }
      await result.completed;
      assert.deepEqual(seen, [ASK_CLEAN]);
      assert.equal(result.finalOutput, 'eco: Encontrado: [NOME_1], telefone [TELEFONE_1]');
      // Every turn's text streams (the messages fake speaks before its call too); the answer last.
      assert.ok(text.endsWith(result.finalOutput as string), 'the answer arrived as deltas');
      assertNoPersonalData(vendor().everything, `${side} upstream`);
    });

    it(`AI SDK generateText and streamText → ${side} (they call /v1/responses)`, async () => {
      const openai = createOpenAI({ apiKey: restoring.secret, baseURL: `${gw.origin}/v1` });
      const generated = await generateText({ model: openai(model), system: INSTRUCTIONS, prompt: ASK });
      assert.equal(generated.text, `eco: ${ASK}`);
      assert.equal(generated.finishReason, 'stop');
      assert.ok(generated.usage.inputTokens! > 0);
      const streamed = streamText({ model: openai(model), system: INSTRUCTIONS, prompt: ASK });
      const pieces: string[] = [];
      for await (const piece of streamed.textStream) pieces.push(piece);
      assert.ok(pieces.length > 1);
      assert.equal(pieces.join(''), `eco: ${ASK}`);
      assert.equal(await streamed.finishReason, 'stop');
      assert.ok(vendor().received.every((r) => r.path === PATH[side]));
      assertNoPersonalData(vendor().everything, `${side} upstream`);
    });

    it(`AI SDK tool loop → ${side}: each step sends the whole history, the tool gets restored values`, async () => {
      const openai = createOpenAI({ apiKey: restoring.secret, baseURL: `${gw.origin}/v1` });
      const seen: string[] = [];
      const result = await generateText({
        model: openai(model),
        prompt: ASK,
        tools: {
          buscar_cliente: aiTool({
            description: `Busca um cliente; exemplo: ${EMAIL}`,
            inputSchema: jsonSchema<{ consulta: string }>({
              type: 'object',
              properties: { consulta: { type: 'string' } },
              required: ['consulta'],
            }),
            execute: async ({ consulta }) => {
              seen.push(consulta);
              return FOUND;
            },
          }),
        },
        stopWhen: stepCountIs(3),
        // The messages fake says a few words before its call: the SDK would send those back
        // as a reference to a stored item (see the next test) unless told nothing is stored.
        ...(side === 'messages' ? { providerOptions: { openai: { store: false } } } : {}),
      });
      assert.deepEqual(seen, [ASK]);
      assert.equal(result.steps.length, 2);
      assert.ok(result.text.includes(NAME) && result.text.includes(PHONE), 'the tool result, restored');
      assertNoPersonalData(vendor().everything, `${side} upstream`);
    });

    it(`AI SDK next turn → ${side}: by default it refers to the earlier answer by id, refused; store: false works`, async () => {
      const openai = createOpenAI({ apiKey: key.secret, baseURL: `${gw.origin}/v1` });
      const first = await generateText({ model: openai(model), prompt: ASK });
      const messages = [
        ...first.response.messages,
        { role: 'user' as const, content: `E o e-mail ${EMAIL}?` },
      ];
      // The SDK assumes the vendor stored the answer (OpenAI's default) and sends only its id:
      // the gateway stores nothing, so it says so, as OpenAI does for zero-retention accounts.
      await assert.rejects(
        generateText({ model: openai(model), messages }),
        (err: unknown) =>
          (err as { statusCode?: number }).statusCode === 400 &&
          String((err as { responseBody?: string }).responseBody).includes('store_unsupported'),
      );
      const next = await generateText({
        model: openai(model),
        messages,
        providerOptions: { openai: { store: false } },
      });
      assert.equal(next.text, 'eco: E o e-mail [EMAIL_1]?');
      const sent = vendor().received.at(-1)!;
      assert.ok(
        sent.raw.includes(ASK_CLEAN.replace('Procure', 'eco: Procure')),
        'the earlier answer went along',
      );
      assertNoPersonalData(vendor().everything, `${side} upstream`);
    });
  }
});
