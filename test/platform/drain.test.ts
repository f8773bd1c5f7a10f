// SIGTERM on a real `svc serve gateway`: a stream in flight is answered whole, new
// connections are refused, a worker's long poll ends at once; past SHUTDOWN_GRACE_SECONDS the
// streams still open are cut and their credit reservations settled before exit 0.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { Agent, request } from 'undici';
import { balanceOf } from '../../src/gateway/billing/ledger.js';
import { openDb } from '../../src/platform/db/index.js';
import { FakeUpstream, type Plan } from '../fakes/upstream.js';
import { paymentsConfig } from '../gateway/billing/config.js';
import { prepaidKey } from '../gateway/billing/prepaid.js';
import { WORKER_TOKEN } from '../gateway/workers/helpers.js';
import { writeConfig } from '../gateway/models/helpers.js';
import { onPostgres } from '../helpers/db.js';
import { makeKey } from '../helpers/gateway.js';
import { seededStorage, serve } from '../helpers/served.js';

const PARTS = Array.from({ length: 12 }, (_, i) => `parte ${i + 1}; `);

/** An OpenAI-compatible stream of PARTS, one event every `intervalMs`. */
function slowStream(intervalMs: number): (req: { body: { model: string } }) => Plan {
  return (req) => {
    const base = { id: 'chatcmpl-up', object: 'chat.completion.chunk', created: 1, model: req.body.model };
    const chunk = (delta: unknown, finish: string | null = null) => ({
      data: { ...base, choices: [{ index: 0, delta, finish_reason: finish }] },
    });
    const events = [chunk({ role: 'assistant', content: '' }), ...PARTS.map((p) => chunk({ content: p }))];
    events.push(chunk({}, 'stop'), { data: '[DONE]' } as never);
    // One event per write: each event is its own network read at the gateway.
    const size = JSON.stringify(events[1]).length + 8;
    return { events, split: size, interval: intervalMs };
  };
}

const model = (price?: { input_per_mtok_usd: number; output_per_mtok_usd: number }) => ({
  id: 'svc/lento',
  provider: 'up',
  upstream_model: 'lento',
  display_name: 'Lento',
  context_window: 8192,
  description: 'modelo lento',
  ...(price ? { price } : {}),
});

describe(`drain on SIGTERM (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await new FakeUpstream(slowStream(150) as never).start();
  });
  after(() => upstream.stop());

  it('answers a stream in flight whole, refuses new connections, ends a worker long poll, exits 0', async () => {
    const config = writeConfig({
      providers: { up: { type: 'openai', base_url: `${upstream.url}/v1` } },
      models: [model()],
    });
    const {
      storage,
      env,
      seed: key,
    } = await seededStorage((ctx) => makeKey(ctx), {
      SVC_CONFIG: config,
      WORKER_TOKEN,
    });
    const { child, urls } = await serve(['gateway'], env);
    try {
      const base = urls.gateway!;
      const worker = (await (
        await fetch(`${base}/api/worker/register`, {
          method: 'POST',
          headers: { authorization: `Bearer ${WORKER_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'w', version: '1', capabilities: ['svc.embeddings'] }),
        })
      ).json()) as { worker_id: string; worker_key: string };
      const longPoll = fetch(`${base}/api/worker/lease`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${WORKER_TOKEN}`,
          'content-type': 'application/json',
          'x-worker-key': worker.worker_key,
        },
        body: JSON.stringify({ worker_id: worker.worker_id, wait_seconds: 60 }),
      });

      const client = new OpenAI({ apiKey: key.secret, baseURL: `${base}/v1`, maxRetries: 0 });
      const stream = await client.chat.completions.create({
        model: 'svc/lento',
        stream: true,
        messages: [{ role: 'user', content: 'conte até doze' }],
      });
      let text = '';
      let finish: string | null = null;
      let signalled = 0;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
        if (!signalled && text.length > 0) {
          child.proc.kill('SIGTERM');
          signalled = Date.now();
          // The listener is closed at once: a new connection is refused.
          await child.waitFor((l) => l.msg === 'shutting down', 30_000);
          const fresh = new Agent();
          await assert.rejects(request(`${base}/api/health`, { dispatcher: fresh }));
          await fresh.close();
        }
      }
      assert.ok(signalled > 0, 'the stream ended before SIGTERM could be sent');
      assert.equal(text, PARTS.join(''));
      assert.equal(finish, 'stop');
      // The worker's 60 s long poll ended with the drain ("no job"), not after its wait.
      const polled = await longPoll;
      assert.equal(polled.status, 204);
      assert.equal(await child.exit(), 0, child.stderr.join(''));
      assert.ok(Date.now() - signalled < 30_000, 'the drain waited for the long poll');
    } finally {
      child.proc.kill('SIGKILL');
      await storage.drop();
    }
  });

  it('past the grace period cuts the stream still open, settles its reservation and exits 0', async () => {
    const price = { input_per_mtok_usd: 1, output_per_mtok_usd: 1 };
    const config = paymentsConfig({
      providers: { up: { type: 'openai', base_url: `${upstream.url}/v1` } },
      models: [model(price)],
    });
    const { storage, env, seed } = await seededStorage((ctx) => prepaidKey(ctx, 10_000_000), {
      ...config,
      SHUTDOWN_GRACE_SECONDS: '1',
    });
    upstream.handler = slowStream(1_000) as never; // 12 s: far past the grace period
    const { child, urls } = await serve(['gateway'], env);
    try {
      const client = new OpenAI({ apiKey: seed.key.secret, baseURL: `${urls.gateway}/v1`, maxRetries: 0 });
      const stream = await client.chat.completions.create({
        model: 'svc/lento',
        stream: true,
        max_tokens: 100,
        messages: [{ role: 'user', content: 'conte até doze' }],
      });
      let text = '';
      const read = (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      })().catch(() => 'cut');
      const deadline = Date.now() + 30_000;
      while (text.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const signalled = Date.now();
      child.proc.kill('SIGTERM');
      assert.equal(await child.exit(), 0, child.stderr.join(''));
      assert.ok(Date.now() - signalled < 12_000, 'exit waited for the whole stream');
      await read;
      assert.ok(text.length > 0 && text !== PARTS.join(''), 'the stream was not cut');
      assert.ok(
        child.stdout.some((l) => l.includes('grace period over')),
        'no cut-off line in the log',
      );

      const db = openDb(storage);
      try {
        const rows = await db.kysely
          .selectFrom('credit_reservations')
          .selectAll()
          .where('wallet', '=', `org:${seed.key.organizationId}`)
          .execute();
        assert.equal(rows.length, 1);
        assert.equal(rows[0]!.state, 'settled');
        // Charged for what was streamed, not the reservation's maximum.
        assert.ok(Number(rows[0]!.actual_micros) < Number(rows[0]!.reserved_micros));
        assert.equal(await balanceOf(db, seed.wallet), 10_000_000 - Number(rows[0]!.actual_micros));
      } finally {
        await db.close();
      }
    } finally {
      upstream.reset();
      upstream.handler = slowStream(150) as never;
      child.proc.kill('SIGKILL');
      await storage.drop();
    }
  });
});
