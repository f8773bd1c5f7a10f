// The stream transforms read text deltas by their learned frame instead of parsing each
// one; whatever the texts, they must produce exactly what a full parse produces.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { messagesStreamTransform } from '../../../src/gateway/models/providers/anthropic/response.js';
import { chatStreamTransform } from '../../../src/gateway/models/providers/openai/response.js';
import { TextFrame } from '../../../src/gateway/models/providers/text-frame.js';
import type { SseEvent } from '../../../src/gateway/models/providers/types.js';

const chat = (delta: unknown, extra: Record<string, unknown> = {}): SseEvent => ({
  event: null,
  data: JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
    ...extra,
  }),
});
const anthropic = (index: number, text: string): SseEvent => ({
  event: 'content_block_delta',
  data: JSON.stringify({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } }),
});

// Texts a model may send: plain, escapes of every kind, unicode, and ones that imitate the frame.
const TEXTS = [
  'Olá',
  ' mundo',
  '',
  'aspas "assim"',
  'barra \\ invertida',
  'linha\nnova',
  'tab\there',
  '\u0001',
  'ção 😀 日本',
  '"},"logprobs":null,"finish_reason":"stop"}]}',
  '","role":"user',
  'content":"x',
  '</script>',
  'fim.',
];

describe('TextFrame', () => {
  it('learns a text delta and reads later ones of the same frame', () => {
    const frame = new TextFrame();
    const first = chat({ content: 'Olá' });
    assert.equal(frame.match(first), null); // nothing learned yet
    frame.learn(first, 'content', 'Olá', 't');
    assert.equal(frame.match(chat({ content: ' mundo' })), ' mundo');
    assert.equal(frame.match(chat({ content: '' })), '');
    assert.equal(frame.key, 't');
  });

  it('leaves to the full parse texts that need decoding and events of another frame', () => {
    const frame = new TextFrame();
    frame.learn(chat({ content: 'a' }), 'content', 'a', 't');
    assert.equal(frame.match(chat({ content: 'x"y' })), null);
    assert.equal(frame.match(chat({ content: 'x\\y' })), null);
    assert.equal(frame.match(chat({ content: 'x\ny' })), null);
    assert.equal(frame.match(chat({ content: 'x' }, { usage: { prompt_tokens: 1 } })), null);
    assert.equal(frame.match(chat({ role: 'assistant', content: 'x' })), null);
    assert.equal(frame.match({ event: 'other', data: chat({ content: 'x' }).data }), null);
    assert.equal(frame.match({ event: null, data: '[DONE]' }), null);
  });

  it('does not learn from an ambiguous or encoded text', () => {
    const ambiguous = { event: null, data: '{"a":{"content":"z"},"b":{"content":"z"}}' };
    const frame = new TextFrame();
    frame.learn(ambiguous, 'content', 'z', 't');
    assert.equal(frame.match({ event: null, data: '{"a":{"content":"q"},"b":{"content":"z"}}' }), null);
    const encoded = new TextFrame();
    encoded.learn(chat({ content: 'a"b' }), 'content', 'a"b', 't');
    assert.equal(encoded.match(chat({ content: 'c' })), null);
  });

  it('finds the text at its own key when another field has the same value ("model":"m")', () => {
    const frame = new TextFrame();
    frame.learn(chat({ content: 'm' }), 'content', 'm', 't');
    assert.equal(frame.match(chat({ content: 'n' })), 'n');
  });

  it('after the first text delta, plain ones are read without a parse (both vendors)', () => {
    const parse = JSON.parse;
    let parses = 0;
    JSON.parse = ((text: string, reviver?: Parameters<typeof parse>[1]) => {
      parses++;
      return parse(text, reviver);
    }) as typeof JSON.parse;
    try {
      const chatT = chatStreamTransform();
      const messagesT = messagesStreamTransform();
      for (const text of ['Olá', ' mundo', ', tudo', ' bem?']) {
        chatT(chat({ content: text }));
        messagesT(anthropic(0, text));
      }
      assert.equal(parses, 2); // the first delta of each stream
    } finally {
      JSON.parse = parse;
    }
  });

  it('chat-completions chunks: the transform gives what a full parse gives, for any text', () => {
    const transform = chatStreamTransform();
    for (const text of [...TEXTS, ...TEXTS.slice().reverse()]) {
      const ev = chat({ content: text });
      assert.deepEqual(transform(ev), chatStreamTransform()(ev), JSON.stringify(text));
    }
    const done = chat({}, {});
    assert.deepEqual(transform(done), chatStreamTransform()(done));
  });

  it('vendor messages events: the transform gives what a full parse gives, for any text and block', () => {
    const transform = messagesStreamTransform();
    for (const index of [0, 2]) {
      for (const text of TEXTS) {
        const ev = anthropic(index, text);
        assert.deepEqual(transform(ev), messagesStreamTransform()(ev), JSON.stringify(text));
      }
    }
    const ping = { event: 'ping', data: anthropic(0, 'x').data };
    assert.deepEqual(transform(ping), []);
    assert.throws(() => transform({ event: 'error', data: anthropic(0, 'x').data }));
  });
});
