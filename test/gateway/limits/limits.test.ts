// Limits and usage through listening gateways: requests per minute per key (429 in each
// route's error shape, Retry-After, x-ratelimit-*), shared by two instances on one database
// and on one Redis; the monthly token quota fed by usage accounting, JSON and streams.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { ensureInternalKey } from '../../../src/platform/identity/internal-key.js';
import type { KeyFixture } from '../../helpers/gateway.js';
import { freshMinute, gateways, type Instance, REDIS_URL, redisMissing } from '../../helpers/instances.js';
import { requires } from '../../helpers/requirements.js';
import { collect, writeConfig } from '../models/helpers.js';

const models = (g: Instance, secret: string) =>
  fetch(`${g.origin}/v1/models`, { headers: { authorization: `Bearer ${secret}` } });

async function assert429(res: Response, limit: string) {
  assert.equal(res.status, 429);
  assert.equal(res.headers.get('x-ratelimit-limit'), limit);
  assert.equal(res.headers.get('x-ratelimit-remaining'), '0');
  const retry = Number(res.headers.get('retry-after'));
  assert.ok(retry >= 1 && retry <= 60, `retry-after ${retry}`);
  assert.equal(res.headers.get('x-ratelimit-reset'), String(retry));
  return (await res.json()) as { error: { type?: string; code?: string } };
}

describe('requests per minute, two instances on one database', () => {
  let gws: Awaited<ReturnType<typeof gateways>>;
  before(async () => {
    gws = await gateways(2);
  });
  after(() => gws.dispose());

  it('counts every /v1 key route of both instances against one limit; 429 in each route’s shape', async () => {
    const key = await gws.key({ org: { requests_per_minute: 4 } });
    const [a, b] = gws.list as [Instance, Instance];
    await freshMinute();
    const first = await models(a, key.secret);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('x-ratelimit-limit'), '4');
    assert.equal(first.headers.get('x-ratelimit-remaining'), '3');
    assert.equal((await models(b, key.secret)).status, 200);
    await a
      .openai(key.secret)
      .chat.completions.create({ model: 'svc/eco', messages: [{ role: 'user', content: 'oi' }] });
    assert.equal((await models(b, key.secret)).status, 200);
    // The fifth request, on either instance: chat-completions shape, then the messages shape.
    const body = await assert429(await models(a, key.secret), '4');
    assert.equal(body.error.code, 'rate_limit_exceeded');
    const res = await fetch(`${b.origin}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'svc/eco', max_tokens: 10, messages: [{ role: 'user', content: 'oi' }] }),
    });
    const anthropicShape = (await assert429(res, '4')) as unknown as {
      type: string;
      error: { type: string };
    };
    assert.equal(anthropicShape.type, 'error');
    // The SDKs raise their own class.
    await assert.rejects(b.openai(key.secret).models.list(), OpenAI.RateLimitError);
    await assert.rejects(
      a
        .anthropic(key.secret)
        .messages.create({ model: 'svc/eco', max_tokens: 10, messages: [{ role: 'user', content: 'oi' }] }),
      Anthropic.RateLimitError,
    );
    // Another key has its own count.
    const other = await gws.key({ org: { requests_per_minute: 4 } });
    assert.equal((await models(b, other.secret)).status, 200);
  });
});

describe('monthly quota and usage accounting', () => {
  let gws: Awaited<ReturnType<typeof gateways>>;
  before(async () => {
    gws = await gateways(2);
  });
  after(() => gws.dispose());

  const usageRows = (g: Instance, key: KeyFixture) =>
    g.ctx.db.kysely.selectFrom('usage_daily').selectAll().where('key_id', '=', key.keyId).execute();

  it('counts tokens per key, model and day, JSON and streams, and stops the organisation at its quota', async () => {
    const key = await gws.key({ org: { monthly_quota: 60 } });
    const [a, b] = gws.list as [Instance, Instance];
    const text = 'Conte até dez, por favor.'.repeat(4); // 100 characters ≈ 25 tokens in
    const json = await a.openai(key.secret).chat.completions.create({
      model: 'svc/eco',
      messages: [{ role: 'user', content: text }],
    });
    await a.limits.settled();
    let rows = await usageRows(a, key);
    assert.equal(rows.length, 1);
    assert.deepEqual(
      [rows[0]!.model, rows[0]!.organization_id, Number(rows[0]!.requests)],
      ['svc/eco', key.organizationId, 1],
    );
    assert.equal(Number(rows[0]!.input_tokens), json.usage!.prompt_tokens);
    assert.equal(Number(rows[0]!.output_tokens), json.usage!.completion_tokens);
    assert.equal(rows[0]!.day, new Date().toISOString().slice(0, 10));

    // A stream on the other instance is counted when it ends; the pair is past 60 tokens.
    const chunks = await collect(
      await b.anthropic(key.secret).messages.create({
        model: 'svc/eco',
        max_tokens: 1000,
        messages: [{ role: 'user', content: text }],
        stream: true,
      }),
    );
    assert.ok(chunks.some((c) => c.type === 'message_stop'));
    await b.limits.settled();
    rows = await usageRows(a, key);
    assert.equal(Number(rows[0]!.requests), 2);
    assert.ok(Number(rows[0]!.input_tokens) >= 2 * json.usage!.prompt_tokens);

    // Over the quota on both instances, in both shapes; listing models is not a model call.
    const err = await a
      .openai(key.secret)
      .chat.completions.create({ model: 'svc/eco', messages: [{ role: 'user', content: 'oi' }] })
      .then(
        () => assert.fail('expected 429'),
        (e: unknown) => e,
      );
    assert.ok(err instanceof OpenAI.RateLimitError);
    assert.equal((err as InstanceType<typeof OpenAI.RateLimitError>).code, 'quota_exceeded');
    const res = await fetch(`${b.origin}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key.secret, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'svc/eco', max_tokens: 10, messages: [{ role: 'user', content: 'oi' }] }),
    });
    assert.equal(res.status, 429);
    assert.equal(res.headers.get('x-ratelimit-limit'), '60');
    assert.equal(res.headers.get('x-ratelimit-remaining'), '0');
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assert.equal((await models(b, key.secret)).status, 200);
    // Another organisation is not affected.
    const other = await gws.key({ org: { monthly_quota: 60 } });
    await b
      .openai(other.secret)
      .chat.completions.create({ model: 'svc/eco', messages: [{ role: 'user', content: 'oi' }] });
  });
});

describe('usage written in batches', () => {
  it('sums concurrent calls into one row per key, model and day, and writes them on close', async () => {
    const gws = await gateways(1);
    try {
      const key = await gws.key();
      const [a] = gws.list as [Instance];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          a.openai(key.secret).chat.completions.create({
            model: 'svc/eco',
            messages: [{ role: 'user', content: `Pedido número ${i}, por favor.` }],
          }),
        ),
      );
      const tokensIn = answers.reduce((n, r) => n + r.usage!.prompt_tokens, 0);
      const tokensOut = answers.reduce((n, r) => n + r.usage!.completion_tokens, 0);
      // Closing the app writes what is still gathered in memory.
      await a.app.close();
      const rows = await a.ctx.db.kysely
        .selectFrom('usage_daily')
        .selectAll()
        .where('key_id', '=', key.keyId)
        .execute();
      assert.equal(rows.length, 1);
      assert.equal(Number(rows[0]!.requests), 20);
      assert.equal(Number(rows[0]!.input_tokens), tokensIn);
      assert.equal(Number(rows[0]!.output_tokens), tokensOut);
      const month = new Date().toISOString().slice(0, 7);
      const quota = await a.ctx.db.kysely
        .selectFrom('limit_counters')
        .select('count')
        .where('key', '=', `quota:org:${key.organizationId}:${month}`)
        .executeTakeFirst();
      assert.equal(Number(quota?.count), tokensIn + tokensOut);
    } finally {
      await gws.dispose();
    }
  });
});

describe(
  'limits on Redis (REDIS_URL), two instances, defaults from the config file',
  {
    skip: requires(await redisMissing(REDIS_URL)),
  },
  () => {
    let gws: Awaited<ReturnType<typeof gateways>>;
    const prefix = `svc-test:${randomBytes(6).toString('hex')}:`;
    before(async () => {
      const config = writeConfig({
        limits: { requests_per_minute: 3, monthly_quota: 30, redis_prefix: prefix },
      });
      gws = await gateways(2, { REDIS_URL, SVC_CONFIG: config });
    });
    after(() => gws.dispose());

    it('shares the per-minute count and the quota through Redis, not the database', async () => {
      const key = await gws.key();
      const [a, b] = gws.list as [Instance, Instance];
      await freshMinute();
      assert.equal((await models(a, key.secret)).status, 200);
      assert.equal((await models(b, key.secret)).status, 200);
      await b.openai(key.secret).chat.completions.create({
        model: 'svc/eco',
        messages: [{ role: 'user', content: 'Conte até dez, por favor.'.repeat(4) }],
      });
      await assert429(await models(a, key.secret), '3');
      const counters = await a.ctx.db.kysely.selectFrom('limit_counters').selectAll().execute();
      assert.equal(counters.length, 0, 'Redis holds the counters');
      // The quota, in the same Redis: the eco call above used ≥ 30 tokens.
      await b.limits.settled();
      const month = new Date().toISOString().slice(0, 7);
      const used = await a.limits.counters.get(`quota:org:${key.organizationId}:${month}`);
      assert.ok(used >= 30, `used ${used}`);
    });
  },
);

describe('the internal service key', () => {
  let gws: Awaited<ReturnType<typeof gateways>>;
  before(async () => {
    gws = await gateways(1, { SVC_CONFIG: writeConfig({ limits: { requests_per_minute: 3 } }) });
  });
  after(() => gws.dispose());

  it('is not held to the per-minute limit (its callers have their own), while other keys are', async () => {
    const g = gws.list[0]!;
    const internal = await ensureInternalKey(g.ctx);
    const customer = await gws.key({ org: null });
    await freshMinute();
    const internalStatuses = [];
    const customerStatuses = [];
    for (let i = 0; i < 5; i++) {
      internalStatuses.push((await models(g, internal)).status);
      customerStatuses.push((await models(g, customer.secret)).status);
    }
    assert.deepEqual(internalStatuses, [200, 200, 200, 200, 200]);
    assert.deepEqual(customerStatuses, [200, 200, 200, 429, 429]);
  });
});
