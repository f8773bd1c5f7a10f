// Bad input on POST /v1/responses gets the documented status and code, in the OpenAI error
// shape, naming the field and never echoing its value: unknown items and parts, files,
// what would need a stored response, an embedding model, wrong types, empty input,
// malformed JSON, an oversized body, fields a provider of another format cannot take, and
// failures of the provider before and after the stream began.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import OpenAI from 'openai';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { assertNoPersonalData, CPF, collect, NAME } from './helpers.js';
import { type ResponsesFixture, responsesFixture } from './responses-fixture.js';

type Gateway = ResponsesFixture['gw'];
interface OpenAIError {
  error: { message: string; type: string; code: string; param: string | null };
}

const user = (text: string) => ({ role: 'user', content: text });

describe('POST /v1/responses refuses what it cannot take', () => {
  let gw: Gateway;
  let secret: string;
  let oa: FakeUpstream;

  const f = responsesFixture();
  before(() => {
    ({ gw, oa } = f);
    secret = f.key.secret;
  });

  async function post(body: unknown, path = '/v1/responses'): Promise<{ status: number; json: OpenAIError }> {
    const res = await fetch(`${gw.origin}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as OpenAIError };
  }

  async function refused(body: unknown, status: number, code: string, param: string | null) {
    const { status: got, json } = await post(body);
    assert.equal(got, status, JSON.stringify(json));
    assert.equal(json.error.code, code);
    assert.equal(json.error.param, param);
    assertNoPersonalData(JSON.stringify(json), 'the error');
    return json;
  }

  const model = 'svc/gpt';

  it('unknown item types and content parts: 400 invalid_request naming the field', async () => {
    await refused(
      { model, input: [{ type: 'web_search_call', id: 'ws_1' }] },
      400,
      'invalid_request',
      'input.0.type',
    );
    await refused(
      { model, input: [user('oi'), { type: 'reasoning', id: 'rs_1', summary: [] }] },
      400,
      'invalid_request',
      'input.1.type',
    );
    await refused(
      { model, input: [{ role: 'user', content: [{ type: 'input_video', text: CPF }] }] },
      400,
      'invalid_request',
      'input.0.content.0.type',
    );
    await refused({ model, input: [{ role: 'tool', content: 'x' }] }, 400, 'invalid_request', 'input.0.role');
    assert.equal(oa.received.length, 0);
  });

  it('images, files and audio: 400 unsupported_content, as in chat completions', async () => {
    const json = await refused(
      {
        model,
        input: [
          {
            role: 'user',
            content: [
              { type: 'input_text', text: `Sou ${NAME}` },
              { type: 'input_image', image_url: 'data:image/png;base64,AAAA' },
            ],
          },
        ],
      },
      400,
      'unsupported_content',
      'input.0.content.1',
    );
    assert.match(json.error.message, /privacy\/extract/);
    await refused(
      {
        model,
        input: [
          { type: 'function_call', call_id: 'c', name: 'f', arguments: '{}' },
          { type: 'function_call_output', call_id: 'c', output: [{ type: 'input_file', file_id: 'file_1' }] },
        ],
      },
      400,
      'unsupported_content',
      'input.1.output.0',
    );
  });

  it('what would need a stored response: 400 store_unsupported naming the field; store: false works', async () => {
    await refused({ model, input: 'oi', store: true }, 400, 'store_unsupported', 'store');
    await refused(
      { model, input: 'oi', previous_response_id: 'resp_1' },
      400,
      'store_unsupported',
      'previous_response_id',
    );
    await refused({ model, input: 'oi', conversation: 'conv_1' }, 400, 'store_unsupported', 'conversation');
    await refused({ model, input: 'oi', background: true }, 400, 'store_unsupported', 'background');
    const json = await refused(
      { model, input: [user(`Sou ${NAME}, CPF ${CPF}`), { type: 'item_reference', id: 'msg_1' }] },
      400,
      'store_unsupported',
      'input.1',
    );
    assert.match(json.error.message, /store/);
    assert.equal(oa.received.length, 0);
    const ok = await post({ model, input: 'oi', store: false });
    assert.equal(ok.status, 200);
  });

  it('an embedding model: 400 wrong_model_kind here and on the other conversation routes', async () => {
    await refused({ model: 'svc/embed', input: 'oi' }, 400, 'wrong_model_kind', 'model');
    await refused({ model: 'text-embedding-3-small', input: 'oi' }, 400, 'wrong_model_kind', 'model');
    const chat = await post({ model: 'svc/embed', messages: [user('oi')] }, '/v1/chat/completions');
    assert.equal(chat.status, 400);
    assert.equal(chat.json.error.code, 'wrong_model_kind');
    await assert.rejects(
      gw
        .anthropic(secret)
        .messages.create({ model: 'svc/embed', max_tokens: 5, messages: [user('oi') as never] }),
      (err: unknown) => (err as { status?: number }).status === 400,
    );
    const list = await gw.openai(secret).models.list();
    assert.ok(
      list.data.some((m) => m.id === 'svc/embed'),
      'still listed, for /v1/embeddings',
    );
    assert.equal(oa.received.length, 0);
  });

  it('wrong types and empty input: 400 invalid_request naming the field, never its value', async () => {
    await refused({ model, input: 42 }, 400, 'invalid_request', 'input');
    await refused({ model, input: '' }, 400, 'invalid_request', 'input');
    await refused({ model, input: [] }, 400, 'invalid_request', 'input');
    await refused({ model }, 400, 'invalid_request', 'input');
    await refused({ input: 'oi' }, 400, 'invalid_request', 'model');
    await refused({ model, input: 'oi', temperature: CPF }, 400, 'invalid_request', 'temperature');
    await refused({ model, input: 'oi', temperature: 3 }, 400, 'invalid_request', 'temperature');
    await refused({ model, input: 'oi', max_output_tokens: 0 }, 400, 'invalid_request', 'max_output_tokens');
    await refused({ model, input: 'oi', store: 'no' }, 400, 'invalid_request', 'store');
    await refused(
      { model, input: 'oi', tools: [{ type: 'web_search' }] },
      400,
      'invalid_request',
      'tools.0.type',
    );
    await refused(
      { model, input: 'oi', tools: [{ type: 'function' }] },
      400,
      'invalid_request',
      'tools.0.name',
    );
    await refused({ model, input: 'oi', tool_choice: 5 }, 400, 'invalid_request', 'tool_choice');
    await refused(
      { model, input: [{ role: 'user', content: 7 }] },
      400,
      'invalid_request',
      'input.0.content',
    );
    await refused(
      { model, input: [{ type: 'function_call', call_id: 'c', name: 'f', arguments: `{"cpf": "${CPF}"` }] },
      400,
      'invalid_request',
      'input.0.arguments',
    );
    await refused(
      { model, input: [{ type: 'function_call_output', output: 'x' }] },
      400,
      'invalid_request',
      'input.0.call_id',
    );
    assert.equal(oa.received.length, 0);
  });

  it('malformed JSON, an oversized body, no key', async () => {
    const bad = await post(`{"model": "svc/gpt", "input": "${CPF}`);
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'invalid_json');
    assertNoPersonalData(JSON.stringify(bad.json), 'the error');
    const big = await post({ model, input: 'x'.repeat(11 * 1024 * 1024) });
    assert.equal(big.status, 413);
    assert.equal(big.json.error.code, 'payload_too_large');
    const anonymous = await fetch(`${gw.origin}/v1/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model, input: 'oi' }),
    });
    assert.equal(anonymous.status, 401);
  });

  it('fields only the Responses API has: passed through to it, refused by name elsewhere', async () => {
    // 'low' and 'auto' are settings, not surnames: they reach the vendor as sent.
    const extra = {
      reasoning: { effort: 'low', summary: 'auto' },
      text: { format: { type: 'json_object' } },
    };
    const through = await post({ model: 'svc/resp', input: 'oi', ...extra });
    assert.equal(through.status, 200);
    assert.deepEqual(oa.received[0]!.body.reasoning, { effort: 'low', summary: 'auto' });
    assert.deepEqual(oa.received[0]!.body.text, { format: { type: 'json_object' } });
    await refused({ model: 'svc/gpt', input: 'oi', ...extra }, 400, 'untranslatable_field', 'reasoning');
    await refused(
      { model: 'svc/claude', input: 'oi', text: extra.text },
      400,
      'untranslatable_field',
      'text',
    );
    // What asks for nothing special is not a field to carry: plain text, no includes, nulls.
    const plain = await post({
      model: 'svc/claude',
      input: 'oi',
      text: { format: { type: 'text' } },
      include: [],
      previous_response_id: null,
      reasoning: null,
    });
    assert.equal(plain.status, 200);
  });

  it('the provider fails before the stream: the SDK raises its error; after: error and response.failed events', async () => {
    const client = gw.openai(secret);
    oa.handler = () => ({ status: 500, json: { error: { message: `vazou ${CPF}` } } });
    await assert.rejects(
      client.responses.create({ model: 'svc/resp', input: 'oi', stream: true }),
      (err: unknown) => err instanceof OpenAI.InternalServerError && !err.message.includes(CPF),
    );
    oa.handler = () => ({
      events: [
        {
          event: 'response.created',
          data: { type: 'response.created', sequence_number: 0, response: { id: 'r', output: [] } },
        },
        {
          event: 'response.output_item.added',
          data: {
            type: 'response.output_item.added',
            sequence_number: 1,
            output_index: 0,
            item: { id: 'm', type: 'message', role: 'assistant', content: [] },
          },
        },
        {
          event: 'response.output_text.delta',
          data: { type: 'response.output_text.delta', sequence_number: 2, output_index: 0, delta: 'Começo' },
        },
        { event: 'error', data: { type: 'error', sequence_number: 3, message: `quebrou ${CPF}` } },
      ],
      // Trickling in: the text is relayed before the failure arrives.
      split: 64,
      interval: 10,
    });
    // Raw events: what was streamed, then `error` and the response as failed.
    const events = await collect(
      await client.responses.create({ model: 'svc/resp', input: 'oi', stream: true }),
    );
    const types = events.map((e) => e.type);
    assert.deepEqual(types.slice(-2), ['error', 'response.failed']);
    const failed = events.at(-1)!;
    assert.ok(failed.type === 'response.failed');
    assert.equal(failed.response.status, 'failed');
    assert.equal(failed.response.error?.code, 'server_error');
    assert.ok(types.includes('response.output_text.delta'));
    assertNoPersonalData(JSON.stringify(events), 'the stream');
    // The SDK's stream helper raises the `error` event, as it does for OpenAI's own.
    await assert.rejects(client.responses.stream({ model: 'svc/resp', input: 'oi' }).finalResponse());
    assert.ok(!JSON.stringify(events).includes('quebrou'));
  });
});
