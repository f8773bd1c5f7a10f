// Deltas that arrive in one batch leave as one; deltas that trickle in leave as they came.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { coalesce } from '../../../src/gateway/pipeline/coalesce.js';
import type { StreamEvent } from '../../../src/gateway/models/types.js';
import { fakeOpenAI, openaiEcho } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { makeKey } from '../../helpers/gateway.js';
import { collect, listeningGateway, oneOpenAIModel } from '../models/helpers.js';

const text = (key: string, t: string): StreamEvent => ({ kind: 'text', key, text: t });
const args = (key: string, json: string): StreamEvent => ({ kind: 'args', key, json });

describe('coalesce', () => {
  it('joins runs of one block’s text or argument deltas, and nothing else', () => {
    const batch: StreamEvent[] = [
      { kind: 'usage', input: 3 },
      text('t', ''),
      text('t', 'Olá, '),
      text('t', 'mundo'),
      { kind: 'tool', key: '0', id: 'c1', name: 'f' },
      args('0', '{"a"'),
      args('0', ':1}'),
      args('1', '{}'),
      text('1', 'x'),
      text('t', 'y'),
      text('t', 'z'),
      { kind: 'stop', reason: 'end_turn' },
    ];
    assert.deepEqual(coalesce(batch), [
      { kind: 'usage', input: 3 },
      text('t', 'Olá, mundo'),
      { kind: 'tool', key: '0', id: 'c1', name: 'f' },
      args('0', '{"a":1}'),
      args('1', '{}'),
      text('1', 'x'),
      text('t', 'yz'),
      { kind: 'stop', reason: 'end_turn' },
    ]);
  });

  it('leaves single events and the events it was given alone', () => {
    const one = [text('t', 'a')];
    assert.equal(coalesce(one), one);
    const batch = [text('t', 'a'), text('t', 'b')];
    coalesce(batch);
    assert.deepEqual(batch, [text('t', 'a'), text('t', 'b')]);
  });
});

describe('coalescing through the gateway', () => {
  let fake: FakeUpstream;
  let gw: Awaited<ReturnType<typeof listeningGateway>>;
  let secret: string;
  before(async () => {
    fake = await fakeOpenAI();
    gw = await listeningGateway({
      SVC_CONFIG: oneOpenAIModel(fake.url, 1000),
    });
    secret = (await makeKey(gw.ctx)).secret;
  });
  after(async () => {
    await gw.dispose();
    await fake.stop();
  });

  const prompt = 'Quero saber o prazo de entrega do pedido número doze.';
  const expected = `eco: ${prompt}`;
  const upstreamDeltas = Math.ceil(expected.length / 4); // the fake's 4-character pieces

  async function chatChunks(): Promise<string[]> {
    const stream = await gw.openai(secret).chat.completions.create({
      model: 'svc/gpt',
      stream: true,
      messages: [{ role: 'user', content: prompt }],
    });
    return (await collect(stream)).map((c) => c.choices[0]?.delta.content ?? '').filter(Boolean);
  }

  it('a reply written upstream at once reaches both SDKs in a few deltas, the same text', async () => {
    fake.handler = (req) => {
      const plan = openaiEcho(req);
      return 'events' in plan ? { ...plan, split: undefined } : plan;
    };
    try {
      const chat = await chatChunks();
      assert.equal(chat.join(''), expected);
      assert.ok(chat.length <= 3, `${chat.length} chat deltas for ${upstreamDeltas} upstream ones`);

      const stream = gw.anthropic(secret).messages.stream({
        model: 'svc/gpt',
        max_tokens: 100,
        messages: [{ role: 'user', content: prompt }],
      });
      const deltas: string[] = [];
      stream.on('text', (t) => deltas.push(t));
      const final = await stream.finalMessage();
      assert.equal(deltas.join(''), expected);
      const [block] = final.content;
      assert.equal(block?.type === 'text' ? block.text : null, expected);
      assert.ok(deltas.length <= 3, `${deltas.length} messages deltas for ${upstreamDeltas} upstream ones`);
    } finally {
      fake.reset();
    }
  });

  it('a reply that trickles in goes out delta by delta', async () => {
    fake.handler = (req) => {
      const plan = openaiEcho(req);
      return 'events' in plan ? { ...plan, split: 7, interval: 1 } : plan;
    };
    try {
      const chat = await chatChunks();
      assert.equal(chat.join(''), expected);
      assert.equal(chat.length, upstreamDeltas);
    } finally {
      fake.reset();
    }
  });
});
