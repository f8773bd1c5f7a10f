// The stream writers splice text chunks by hand (the commonest event); what they write
// must be exactly the JSON the generic path writes, field order included.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChatStreamWriter } from '../../../src/gateway/models/formats/chat.js';
import { MessagesStreamWriter } from '../../../src/gateway/models/formats/messages.js';
import { ResponseObject } from '../../../src/gateway/models/formats/responses-reply.js';
import { ResponsesStreamWriter } from '../../../src/gateway/models/formats/responses-stream.js';
import type { Conversation } from '../../../src/gateway/models/types.js';

const TEXTS = ['Olá', 'aspas "x" e \\ barra', 'linha\nnova\u0001', 'ção 😀', '</script>'];

/** A streamed Responses API request, as the writer's response object echoes it. */
const RESPONSES_REQUEST: Conversation = {
  model: 'm',
  source: 'responses',
  system: [],
  messages: [],
  stream: true,
  streamUsage: true,
  extra: {},
};

/** The `data:` payloads of an SSE text, parsed, with each one's raw text. */
function payloads(sse: string): { raw: string; json: Record<string, unknown> }[] {
  return sse
    .split('\n\n')
    .filter(Boolean)
    .map((block) =>
      block
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    )
    .filter((raw) => raw !== '[DONE]')
    .map((raw) => ({ raw, json: JSON.parse(raw) as Record<string, unknown> }));
}

describe('stream writers, text chunks', () => {
  it('chat-completions: each text chunk is the generic chunk object, serialised as JSON.stringify would', () => {
    const w = new ChatStreamWriter('chatcmpl-1', 'svc/x', false);
    let out = '';
    for (const text of TEXTS) out += w.write({ kind: 'text', key: 't', text });
    const chunks = payloads(out);
    assert.equal(chunks.length, TEXTS.length + 1); // the role chunk first
    for (const [i, text] of TEXTS.entries()) {
      const { raw, json } = chunks[i + 1]!;
      assert.deepEqual(json.choices, [
        { index: 0, delta: { content: text }, logprobs: null, finish_reason: null },
      ]);
      assert.equal(raw, JSON.stringify(json));
      assert.equal(json.model, 'svc/x');
    }
  });

  it('chat-completions with include_usage: `"usage":null` on each chunk, still as JSON.stringify would', () => {
    const w = new ChatStreamWriter('chatcmpl-1', 'svc/x', true);
    const chunks = payloads(
      w.write({ kind: 'text', key: 't', text: 'Olá' }) + w.write({ kind: 'stop', reason: 'end_turn' }),
    );
    assert.equal(chunks.length, 3);
    for (const { raw, json } of chunks) {
      assert.equal(json.usage, null);
      assert.equal(raw, JSON.stringify(json));
    }
  });

  it('vendor messages: each text delta is the generic event, serialised as JSON.stringify would', () => {
    const w = new MessagesStreamWriter('msg_1', 'svc/x');
    let out = '';
    for (const text of TEXTS) out += w.write({ kind: 'text', key: 'b0', text });
    out += w.write({ kind: 'text', key: 'b1', text: 'outro bloco' });
    const deltas = payloads(out).filter((p) => p.json.type === 'content_block_delta');
    assert.deepEqual(
      deltas.map((d) => d.json),
      [...TEXTS.map((text) => ({ index: 0, text })), { index: 1, text: 'outro bloco' }].map(
        ({ index, text }) => ({
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text },
        }),
      ),
    );
    for (const d of deltas) assert.equal(d.raw, JSON.stringify(d.json));
    assert.match(out, /^event: message_start\n/);
    assert.equal((out.match(/event: content_block_delta\ndata: /g) ?? []).length, TEXTS.length + 1);
  });

  it('Responses API: each text delta is the generic event, serialised as JSON.stringify would', () => {
    const w = new ResponsesStreamWriter(new ResponseObject('resp_1', 'gpt-4o-mini', RESPONSES_REQUEST));
    let out = '';
    for (const text of TEXTS) out += w.write({ kind: 'text', key: 't', text });
    out += w.end();
    const events = payloads(out);
    const deltas = events.filter((p) => p.json.type === 'response.output_text.delta');
    assert.deepEqual(
      deltas.map((d) => d.json.delta),
      TEXTS,
    );
    for (const d of deltas) assert.equal(d.raw, JSON.stringify(d.json));
    // Every event names its type on the `event:` line too, and the numbering has no gap.
    assert.equal((out.match(/^event: response\.output_text\.delta\ndata: /gm) ?? []).length, TEXTS.length);
    assert.deepEqual(
      events.map((e) => e.json.sequence_number),
      events.map((_, i) => i),
    );
    const done = events.find((e) => e.json.type === 'response.output_text.done');
    assert.equal(done?.json.text, TEXTS.join(''));
  });
});

describe('Responses API stream writer, edges', () => {
  const types = (sse: string) => payloads(sse).map((p) => p.json.type);

  it('a failure before any output still opens the response, then error and response.failed', () => {
    const w = new ResponsesStreamWriter(new ResponseObject('resp_1', 'm', RESPONSES_REQUEST));
    assert.deepEqual(types(w.error('falhou', 'upstream_error')), [
      'response.created',
      'response.in_progress',
      'error',
      'response.failed',
    ]);
  });

  it('text, then a call, then text again: three items, each closed before the next opens', () => {
    const w = new ResponsesStreamWriter(new ResponseObject('resp_1', 'm', RESPONSES_REQUEST));
    let out = w.write({ kind: 'text', key: 'b0', text: 'Vou ver.' });
    out += w.write({ kind: 'tool', key: 'b1', id: 'call_1', name: 'f' });
    out += w.write({ kind: 'args', key: 'b1', json: '{"a":' });
    out += w.write({ kind: 'args', key: 'b1', json: '1}' });
    out += w.write({ kind: 'args', key: 'b0', json: 'ignored' }); // not the open item
    out += w.write({ kind: 'text', key: 'b2', text: 'Pronto.' });
    out += w.write({ kind: 'stop', reason: 'tool_use' });
    out += w.write({ kind: 'usage', input: 5, output: 3 });
    out += w.end();
    const events = payloads(out).map((p) => p.json);
    const added = events.filter((e) => e.type === 'response.output_item.added');
    const done = events.filter((e) => e.type === 'response.output_item.done');
    assert.deepEqual(
      added.map((e) => e.output_index),
      [0, 1, 2],
    );
    assert.deepEqual(
      done.map((e) => (e.item as { type: string }).type),
      ['message', 'function_call', 'message'],
    );
    assert.equal((done[1]!.item as { arguments: string }).arguments, '{"a":1}');
    const completed = events.at(-1)!;
    assert.equal(completed.type, 'response.completed');
    const response = completed.response as { output: unknown[]; usage: { total_tokens: number } };
    assert.equal(response.output.length, 3);
    assert.equal(response.usage.total_tokens, 8);
    // Each item is done before the next one is added.
    const order = events.flatMap((e) =>
      e.type === 'response.output_item.added' || e.type === 'response.output_item.done'
        ? [`${e.type.split('.').at(-1)}${e.output_index}`]
        : [],
    );
    assert.deepEqual(order, ['added0', 'done0', 'added1', 'done1', 'added2', 'done2']);
  });
});
