// The stream writers splice text chunks by hand (the commonest event); what they write
// must be exactly the JSON the generic path writes, field order included.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChatStreamWriter } from '../../../src/gateway/models/formats/chat.js';
import { MessagesStreamWriter } from '../../../src/gateway/models/formats/messages.js';

const TEXTS = ['Olá', 'aspas "x" e \\ barra', 'linha\nnova\u0001', 'ção 😀', '</script>'];

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
});
