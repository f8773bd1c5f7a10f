// The usage chunk of chat-completions streams follows OpenAI's rule: sent only with
// `stream_options.include_usage: true`, and then every other chunk carries `usage: null`.
// Without it, the idiom of OpenAI's own docs, `chunk.choices[0].delta`, holds on every chunk.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type OpenAI from 'openai';
import { fakeOpenAI } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { listeningGateway, oneOpenAIModel } from './helpers.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;

const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Olá, tudo bem?' }];

/** The text of a stream read as OpenAI's docs do; fails on a chunk without a choice or with a usage field. */
async function readPlain(client: OpenAI, model: string): Promise<string> {
  let text = '';
  for await (const chunk of await client.chat.completions.create({ model, messages, stream: true })) {
    text += chunk.choices[0]!.delta.content ?? '';
    assert.equal('usage' in chunk, false, 'no usage field without include_usage');
  }
  return text;
}

/** With include_usage: the last chunk has no choices and the usage; all others one choice and usage null. */
async function readWithUsage(client: OpenAI, model: string) {
  const chunks: OpenAI.ChatCompletionChunk[] = [];
  const stream = await client.chat.completions.create({
    model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  });
  for await (const chunk of stream) chunks.push(chunk);
  const last = chunks.at(-1)!;
  assert.deepEqual(last.choices, []);
  assert.ok(last.usage!.completion_tokens > 0);
  assert.equal(last.usage!.total_tokens, last.usage!.prompt_tokens + last.usage!.completion_tokens);
  for (const chunk of chunks.slice(0, -1)) {
    assert.equal(chunk.usage, null);
    assert.equal(chunk.choices.length, 1);
  }
}

describe('chat-completions streams and stream_options.include_usage', () => {
  let oa: FakeUpstream;
  let gw: Gateway;
  let key: KeyFixture;
  before(async () => {
    oa = await fakeOpenAI();
    gw = await listeningGateway({ SVC_CONFIG: oneOpenAIModel(oa.url, 128000) });
    key = await makeKey(gw.ctx);
  });
  after(async () => {
    await gw.dispose();
    await oa.stop();
  });

  it('in front of a provider: no usage chunk unless asked, though the upstream is always asked for usage', async () => {
    const client = gw.openai(key.secret);
    assert.equal(await readPlain(client, 'svc/gpt'), 'eco: Olá, tudo bem?');
    // Quotas count streams too, so the upstream sends its usage chunk either way.
    assert.deepEqual(oa.received.at(-1)!.body.stream_options, { include_usage: true });
    await readWithUsage(client, 'svc/gpt');
  });
});

describe('svc/eco streams and stream_options.include_usage', () => {
  let gw: Gateway;
  let key: KeyFixture;
  before(async () => {
    gw = await listeningGateway();
    key = await makeKey(gw.ctx);
  });
  after(() => gw.dispose());

  it('no usage chunk unless asked; with include_usage, the usage chunk last', async () => {
    const client = gw.openai(key.secret);
    assert.equal(await readPlain(client, 'svc/eco'), '[user] Olá, tudo bem?');
    await readWithUsage(client, 'svc/eco');
  });
});
