// Upstream plumbing without the routes: timeouts, connection errors, fallback order, the
// SSE reader, and the caller hanging up mid-stream.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import { ApiError } from '../../../src/platform/http/errors.js';
import type { Target } from '../../../src/gateway/models/providers/types.js';
import { Upstreams } from '../../../src/gateway/models/providers/http.js';
import { readSse } from '../../../src/gateway/models/providers/sse.js';
import type { Conversation } from '../../../src/gateway/models/types.js';
import { fakeOpenAI, openaiEcho } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import { listeningGateway, oneOpenAIModel } from './helpers.js';

const conv: Conversation = {
  model: 'svc/x',
  source: 'chat',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'oi' }] }],
  stream: false,
  streamUsage: true,
  extra: {},
};

const target = (base: string): Target => ({
  providerName: 'p',
  provider: { type: 'openai', base_url: `${base}/v1` },
  upstreamModel: 'm',
});

describe('upstream plumbing', () => {
  let fake: FakeUpstream;
  before(async () => {
    fake = await fakeOpenAI();
  });
  after(() => fake.stop());

  // undici's response timers tick at about one second, hence the slow fake.
  it('answers 504 when the upstream is too slow, 502 when nothing can be reached', async () => {
    const up = new Upstreams(pino({ level: 'silent' }), { headersTimeoutMs: 100 });
    fake.handler = (req) => ({ delay: 2500, next: openaiEcho(req) });
    await assert.rejects(up.open([target(fake.url)], conv, new AbortController().signal), (err: unknown) => {
      return err instanceof ApiError && err.status === 504 && err.code === 'upstream_timeout';
    });
    await assert.rejects(
      up.open([target('http://127.0.0.1:9')], conv, new AbortController().signal),
      (err: unknown) => err instanceof ApiError && err.status === 502,
    );
    fake.reset();
    const ok = await up.open(
      [target('http://127.0.0.1:9'), target(fake.url)],
      conv,
      new AbortController().signal,
    );
    assert.match(await ok.body.text(), /eco: oi/);
    await up.close();
  });

  it('reads SSE split anywhere, with a BOM, CRLF, comments, multi-line and empty data, other fields, a last event without its blank line', async () => {
    const text =
      '\ufeffevent: a\r\n: hi\r\ndata: 1\r\ndata: 2\r\n\r\ndata: {"x":"ção"}\n\ndata\ndata:x\n\nevent: e\n\nid: 7\ndata:  two spaces\n\ndata: tail\n';
    const bytes = Buffer.from(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const parts = [bytes.subarray(0, cut), bytes.subarray(cut)];
      const events: unknown[] = [];
      const body = (async function* () {
        yield* parts;
      })();
      for await (const batch of readSse(body))
        events.push(...batch.map((e) => ({ event: e.event, data: e.data })));
      assert.deepEqual(events, [
        { event: 'a', data: '1\n2' },
        { event: null, data: '{"x":"ção"}' },
        { event: null, data: '\nx' },
        { event: 'e', data: '' },
        { event: null, data: ' two spaces' },
        { event: null, data: 'tail' },
      ]);
    }
  });

  it('reads a chunk as one batch, or event by event while the caller asks for them alone', async () => {
    const chunk = Buffer.from('data: 1\n\nevent: e\ndata: 2\n\ndata: 3\n\ndata: 4\n\n');
    const batches = async (alone?: (read: number) => boolean) => {
      const out: string[][] = [];
      const body = (async function* () {
        yield chunk;
      })();
      for await (const batch of readSse(body, alone && (() => alone(out.length))))
        out.push(batch.map((e) => e.data));
      return out;
    };
    assert.deepEqual(await batches(), [['1', '2', '3', '4']]);
    assert.deepEqual(await batches((read) => read < 2), [['1'], ['2'], ['3', '4']]);
  });

  it('stops reading the upstream when the caller hangs up mid-stream', async () => {
    const gw = await listeningGateway({
      SVC_CONFIG: oneOpenAIModel(fake.url, 10),
    });
    try {
      const key = await makeKey(gw.ctx);
      fake.handler = (req) => {
        const plan = openaiEcho(req);
        return 'events' in plan ? { ...plan, split: 5, interval: 20 } : plan;
      };
      const abort = new AbortController();
      const res = await fetch(`${gw.origin}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'svc/gpt',
          stream: true,
          messages: [{ role: 'user', content: 'x'.repeat(400) }],
        }),
        signal: abort.signal,
      });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
      const reader = res.body!.getReader();
      await reader.read();
      abort.abort();
      // Generous: the property is that the upstream read is cut at all, not how fast on a busy machine.
      await waitFor('the client abort to cut the upstream read short', () => fake.cutShort > 0);
      assert.equal(fake.cutShort, 1, 'the client abort cuts the upstream read short, once');
    } finally {
      fake.reset();
      await gw.dispose();
    }
  });
});
