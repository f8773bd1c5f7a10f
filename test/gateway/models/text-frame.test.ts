// Text deltas are read by their learned frame instead of parsed, and gathered into runs
// (providers/events.ts); whatever the texts, and wherever the network cuts
// the bytes, the events must say what a full parse of each upstream event says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { messagesStreamTransform } from '../../../src/gateway/models/providers/anthropic/response.js';
import { upstreamEvents } from '../../../src/gateway/models/providers/events.js';
import { chatStreamTransform } from '../../../src/gateway/models/providers/openai/response.js';
import { DeltaFrame } from '../../../src/gateway/models/providers/responses/delta-frame.js';
import { responsesStreamTransform } from '../../../src/gateway/models/providers/responses/response.js';
import { SseEvent } from '../../../src/gateway/models/providers/sse.js';
import { TextFrame } from '../../../src/gateway/models/providers/text-frame.js';
import type { StreamTransform } from '../../../src/gateway/models/providers/types.js';
import type { StreamEvent } from '../../../src/gateway/models/types.js';

/** An event as an upstream would send it. */
const sse = (event: string | null, data: string) => new SseEvent(event, data);

const chatData = (delta: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
    ...extra,
  });
const chat = (delta: unknown, extra: Record<string, unknown> = {}) => sse(null, chatData(delta, extra));
const anthropicData = (index: number, text: string) =>
  JSON.stringify({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
const anthropic = (index: number, text: string) => sse('content_block_delta', anthropicData(index, text));

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
  'é',
];

/** The SSE bytes of `events`, as an upstream would send them. */
const wire = (events: SseEvent[]) =>
  Buffer.from(events.map((e) => `${e.event ? `event: ${e.event}\n` : ''}data: ${e.data}\n\n`).join(''));

/** Consecutive text (or argument) deltas of one block joined: what the caller's SDK assembles. */
function assembled(events: StreamEvent[]): StreamEvent[] {
  const out: StreamEvent[] = [];
  for (const ev of events) {
    const last = out.at(-1);
    if (ev.kind === 'text' && last?.kind === 'text' && last.key === ev.key) {
      out[out.length - 1] = { ...last, text: last.text + ev.text };
    } else if (ev.kind === 'args' && last?.kind === 'args' && last.key === ev.key) {
      out[out.length - 1] = { ...last, json: last.json + ev.json };
    } else out.push(ev);
  }
  return out.filter((ev) => ev.kind !== 'text' || ev.text !== '');
}

/** Each event parsed in full by a transform that has learned nothing. */
const fullParse = (events: SseEvent[], make: () => StreamTransform) =>
  assembled(events.flatMap((ev) => make().next(ev)));

/** What `run` returns, and how many times it (or what it called) ran JSON.parse. */
async function countingParses<T>(run: () => Promise<T>): Promise<[number, T]> {
  const parse = JSON.parse;
  let parses = 0;
  JSON.parse = ((text: string, reviver?: Parameters<typeof parse>[1]) => {
    parses++;
    return parse(text, reviver);
  }) as typeof JSON.parse;
  try {
    const out = await run();
    return [parses, out];
  } finally {
    JSON.parse = parse;
  }
}

async function read(chunks: Uint8Array[], transform: StreamTransform): Promise<StreamEvent[][]> {
  const batches: StreamEvent[][] = [];
  for await (const batch of upstreamEvents(
    (async function* () {
      yield* chunks;
    })(),
    transform,
  ))
    batches.push(batch);
  return batches;
}

describe('TextFrame', () => {
  it('learns a text delta and reads later ones of the same frame', () => {
    const frame = new TextFrame();
    const first = chat({ content: 'Olá' });
    assert.equal(frame.match(first), null); // nothing learned yet
    frame.learn(first, 'content', 'Olá', 't');
    assert.equal(frame.match(chat({ content: ' mundo' })), ' mundo');
    assert.equal(frame.match(chat({ content: '' })), '');
    assert.equal(frame.match(chat({ content: 'ção' })), 'ção');
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
    assert.equal(frame.match(sse('other', chatData({ content: 'x' }))), null);
    assert.equal(frame.match(sse(null, '[DONE]')), null);
  });

  it('does not learn from an ambiguous or encoded text', () => {
    const ambiguous = sse(null, '{"a":{"content":"z"},"b":{"content":"z"}}');
    const frame = new TextFrame();
    frame.learn(ambiguous, 'content', 'z', 't');
    assert.equal(frame.match(sse(null, '{"a":{"content":"q"},"b":{"content":"z"}}')), null);
    const encoded = new TextFrame();
    encoded.learn(chat({ content: 'a"b' }), 'content', 'a"b', 't');
    assert.equal(encoded.match(chat({ content: 'c' })), null);
  });

  it('finds the text at its own key when another field has the same value ("model":"m")', () => {
    const frame = new TextFrame();
    frame.learn(chat({ content: 'm' }), 'content', 'm', 't');
    assert.equal(frame.match(chat({ content: 'n' })), 'n');
  });

  it('learns from a non-ASCII first delta', () => {
    const frame = new TextFrame();
    frame.learn(chat({ content: 'ação' }), 'content', 'ação', 't');
    assert.equal(frame.match(chat({ content: 'x' })), 'x');
  });
});

describe('upstream events', () => {
  it('after the first text delta, plain ones are read without a parse and leave as one delta (both vendors)', async () => {
    const texts = ['Olá', ' mundo', ', tudo', ' bem?'];
    const [parses, [chatOut, messagesOut]] = await countingParses(async () => [
      await read([wire(texts.map((t) => chat({ content: t })))], chatStreamTransform()),
      await read([wire(texts.map((t) => anthropic(0, t)))], messagesStreamTransform()),
    ]);
    assert.equal(parses, 2); // the first delta of each stream
    // The first alone (first byte), the rest gathered into one delta.
    const expected = [
      [{ kind: 'text', key: 't', text: 'Olá' }],
      [{ kind: 'text', key: 't', text: ' mundo, tudo bem?' }],
    ];
    assert.deepEqual(chatOut, expected);
    assert.deepEqual(
      messagesOut,
      expected.map((b) => b.map((e) => ({ ...e, key: 'b0' }))),
    );
  });

  it('a delta per network read leaves a delta per read', async () => {
    const texts = ['Olá', ' mun', 'do ç', 'ão'];
    const batches = await read(
      texts.map((t) => wire([chat({ content: t })])),
      chatStreamTransform(),
    );
    assert.deepEqual(
      batches,
      texts.map((text) => [{ kind: 'text', key: 't', text }]),
    );
  });

  const streams: [string, SseEvent[], () => StreamTransform][] = [
    [
      'chat-completions chunks',
      [
        chat({ role: 'assistant', content: '' }),
        ...[...TEXTS, ...TEXTS.slice().reverse()].map((t) => chat({ content: t })),
        chat({}, { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
        sse(null, '[DONE]'),
      ],
      chatStreamTransform,
    ],
    [
      'vendor messages events',
      [
        sse(
          'content_block_start',
          JSON.stringify({
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'text', text: '' },
          }),
        ),
        ...TEXTS.map((t) => anthropic(0, t)),
        sse('ping', '{"type":"ping"}'),
        ...TEXTS.map((t) => anthropic(2, t)),
        ...TEXTS.map((t) => anthropic(0, t)),
      ],
      messagesStreamTransform,
    ],
  ];
  for (const [name, events, make] of streams) {
    it(`${name}: what a full parse of each event gives, for any text, cut anywhere`, async () => {
      const expected = fullParse(events, make);
      const bytes = wire(events);
      assert.deepEqual(assembled((await read([bytes], make())).flat()), expected);
      for (let cut = 1; cut < bytes.length; cut += 7) {
        const got = await read([bytes.subarray(0, cut), bytes.subarray(cut)], make());
        assert.deepEqual(assembled(got.flat()), expected, `cut at ${cut}`);
      }
    });
  }

  it('bytes that are not UTF-8 become replacement characters, in read and in parsed deltas', async () => {
    const valid = wire([chat({ content: 'Olá' }), chat({ content: 'XX' }), chat({ content: 'YY' })]).toString(
      'latin1',
    );
    // Invalid bytes inside the second delta (read by the frame) and the first (parsed in full).
    const bytes = Buffer.from(valid.replace('XX', 'a\xff').replace('Ol', '\xc3('), 'latin1');
    const text = (await read([bytes], chatStreamTransform()))
      .flat()
      .map((ev) => (ev.kind === 'text' ? ev.text : ''))
      .join('');
    assert.equal(text, '\ufffd(á' + 'a\ufffd' + 'YY');
  });

  it('an upstream error event still raises', async () => {
    await assert.rejects(
      read([wire([anthropic(0, 'x'), sse('error', '{"type":"error"}')])], messagesStreamTransform()),
    );
  });
});

/** A Responses API text delta as OpenAI sends it: its own sequence number, random padding. */
let seq = 0;
const responsesDelta = (text: string, output = 0, extra: Record<string, unknown> = {}) =>
  sse(
    'response.output_text.delta',
    JSON.stringify({
      type: 'response.output_text.delta',
      sequence_number: seq++,
      item_id: `msg_${output}`,
      output_index: output,
      content_index: 0,
      delta: text,
      logprobs: [],
      obfuscation: 'AbC9'.slice(0, seq % 5),
      ...extra,
    }),
  );
const responsesEvent = (type: string, fields: Record<string, unknown>) =>
  sse(type, JSON.stringify({ type, sequence_number: seq++, ...fields }));

describe('DeltaFrame (Responses API)', () => {
  it('reads later deltas of the same item whatever their sequence number and padding', () => {
    const frame = new DeltaFrame();
    const first = responsesDelta('Olá');
    assert.equal(frame.match(first), null);
    frame.learn(first, 'Olá', 'o0');
    assert.equal(frame.match(responsesDelta(' mundo')), ' mundo');
    assert.equal(frame.match(responsesDelta('ção')), 'ção');
    assert.equal(frame.match(responsesDelta('x', 0, { obfuscation: undefined })), 'x');
    assert.equal(frame.key, 'o0');
  });

  it('leaves to the full parse texts that need decoding, other items, other fields, other events', () => {
    const frame = new DeltaFrame();
    frame.learn(responsesDelta('a'), 'a', 'o0');
    assert.equal(frame.match(responsesDelta('x"y')), null);
    assert.equal(frame.match(responsesDelta('x\\y')), null);
    assert.equal(frame.match(responsesDelta('x\ny')), null);
    assert.equal(frame.match(responsesDelta('x', 1)), null);
    assert.equal(frame.match(responsesDelta('x', 0, { logprobs: [{ token: 'x', logprob: 0 }] })), null);
    assert.equal(frame.match(responsesDelta('x', 0, { extra: 'y' })), null);
    assert.equal(frame.match(sse(null, responsesDelta('x').data)), null);
    assert.equal(frame.match(sse('response.refusal.delta', responsesDelta('x').data)), null);
    assert.equal(frame.match(responsesEvent('response.output_text.done', { text: 'x' })), null);
  });

  it('does not learn from an encoded text or an event of another shape', () => {
    const encoded = new DeltaFrame();
    encoded.learn(responsesDelta('a"b'), 'a"b', 'o0');
    assert.equal(encoded.match(responsesDelta('c')), null);
    const reordered = new DeltaFrame();
    const data = JSON.stringify({ sequence_number: 1, type: 'response.output_text.delta', delta: 'a' });
    reordered.learn(sse('response.output_text.delta', data), 'a', 'o0');
    assert.equal(reordered.match(responsesDelta('c')), null);
  });

  it('after the first delta of an item, the others are read without a parse', async () => {
    const added = responsesEvent('response.output_item.added', {
      output_index: 0,
      item: { id: 'msg_0', type: 'message', content: [] },
    });
    const texts = ['Olá', ' mundo', ', tudo', ' bem?'];
    const [parses, out] = await countingParses(() =>
      read([wire([added, ...texts.map((t) => responsesDelta(t))])], responsesStreamTransform()),
    );
    assert.equal(parses, 2); // the item and its first delta
    assert.deepEqual(out, [
      [{ kind: 'text', key: 'o0', text: '' }],
      [
        { kind: 'text', key: 'o0', text: 'Olá' },
        { kind: 'text', key: 'o0', text: ' mundo, tudo bem?' },
      ],
    ]);
  });

  it('a whole stream reads as a full parse of each event, for any text, cut anywhere', async () => {
    const item = (i: number, type: string) => ({
      output_index: i,
      item:
        type === 'message'
          ? { id: `msg_${i}`, type, content: [] }
          : { id: `fc_${i}`, type, call_id: 'c', name: 'f' },
    });
    const events = [
      responsesEvent('response.created', { response: { id: 'r', output: [] } }),
      responsesEvent('response.output_item.added', item(0, 'message')),
      ...[...TEXTS, ...TEXTS.slice().reverse()].map((t) => responsesDelta(t, 0)),
      responsesEvent('response.output_item.done', item(0, 'message')),
      responsesEvent('response.output_item.added', item(1, 'function_call')),
      responsesEvent('response.function_call_arguments.delta', { output_index: 1, delta: '{"a":' }),
      responsesEvent('response.function_call_arguments.delta', { output_index: 1, delta: '1}' }),
      responsesEvent('response.output_item.added', item(2, 'message')),
      ...TEXTS.map((t) => responsesDelta(t, 2)),
      responsesEvent('response.completed', { response: { usage: { input_tokens: 3, output_tokens: 4 } } }),
    ];
    // One transform fed every event, so nothing is read by a frame.
    const parser = responsesStreamTransform();
    const expected = assembled(events.flatMap((ev) => parser.next(ev)));
    assert.ok(expected.some((e) => e.kind === 'args'));
    const bytes = wire(events);
    assert.deepEqual(assembled((await read([bytes], responsesStreamTransform())).flat()), expected);
    for (let cut = 1; cut < bytes.length; cut += 11) {
      const got = await read([bytes.subarray(0, cut), bytes.subarray(cut)], responsesStreamTransform());
      assert.deepEqual(assembled(got.flat()), expected, `cut at ${cut}`);
    }
  });
});
