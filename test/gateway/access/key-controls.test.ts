// Per-key controls at the call (src/gateway/access/controls.ts): the monthly budget across
// two gateway instances (on the database, then on Redis), the models a key may call, and its
// own requests and tokens per minute, the organisation's limit applying where tighter.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { updateKeyControls } from '../../../src/gateway/keys/store.js';
import { PRODUCT_ID } from '../../../src/gateway/product.js';
import type { KeyControls } from '../../../src/gateway/access/principal.js';
import { openaiEcho } from '../../fakes/openai.js';
import { FakeUpstream } from '../../fakes/upstream.js';
import { catalogueModel, openaiVendor } from '../../helpers/catalogue.js';
import { onPostgres } from '../../helpers/db.js';
import type { OrganizationSettings } from '../../../src/gateway/orgs/store.js';
import { freshMinute, gateways, type Instance, REDIS_URL, redisMissing } from '../../helpers/instances.js';
import { requires } from '../../helpers/requirements.js';
import { writeConfig } from '../models/helpers.js';

// The fake upstream reports 11 input and 7 output tokens a call: at these prices a call costs
// 11 × 0.01 + 7 × 0.03 = 0.32 dollars, so a 1-dollar budget is crossed in the middle of a call.
const PRICE = { input_per_mtok_usd: 10_000, output_per_mtok_usd: 30_000 };
const CALL_MICROS = 11 * 10_000 + 7 * 30_000;
const DOLLAR = 1_000_000;

const dialect = onPostgres ? 'postgres' : 'sqlite';
type Gws = Awaited<ReturnType<typeof gateways>>;

async function setup(n: number, env: Record<string, string> = {}, limits: Record<string, unknown> = {}) {
  const upstream = await new FakeUpstream(openaiEcho).start();
  const config = writeConfig({
    ...openaiVendor(upstream.url, [
      catalogueModel('svc/pago', { price: PRICE }),
      catalogueModel('svc/livre'),
    ]),
    limits,
  });
  const gws = await gateways(n, { ...env, SVC_CONFIG: config });
  return {
    gws,
    /** A key of a fresh organisation with these controls. */
    key: async (controls: Partial<KeyControls>, org?: OrganizationSettings) => {
      const k = await gws.key(org ? { org } : {});
      await updateKeyControls(gws.list[0]!.ctx.db.kysely, k.accountId, PRODUCT_ID, k.keyId, controls);
      return k;
    },
    dispose: async () => {
      await gws.dispose();
      await upstream.stop();
    },
  };
}

/** One chat call; its status and error code (the chat-completions envelope). */
async function chat(g: Instance, secret: string, model = 'svc/pago') {
  const res = await fetch(`${g.origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Resuma o contrato.' }] }),
  });
  const body = (await res.json()) as { error?: { code?: string } };
  return { status: res.status, code: body.error?.code, retryAfter: res.headers.get('retry-after') };
}

/** Calls alternately on each instance until one is refused; the answers in order. */
async function spendDown(gws: Gws, secret: string) {
  const answers = [];
  for (let i = 0; i < 20; i++) {
    const answer = await chat(gws.list[i % gws.list.length]!, secret);
    answers.push(answer);
    if (answer.status !== 200) break;
  }
  return answers;
}

async function assertBudgetHolds(gws: Gws, secret: string, keyId: string) {
  const answers = await spendDown(gws, secret);
  // 0, 0.32, 0.64 and 0.96 spent before the first four calls: each under the dollar, each let through.
  assert.deepEqual(
    answers.map((a) => a.status),
    [200, 200, 200, 200, 429],
  );
  const refused = answers.at(-1)!;
  assert.equal(refused.code, 'budget_exceeded');
  assert.ok(Number(refused.retryAfter) > 0, 'Retry-After: the next month');
  // Refused on every instance now, and never more than one call over the budget.
  for (const g of gws.list) assert.equal((await chat(g, secret)).code, 'budget_exceeded');
  const spent = await gws.list[1]!.limits.spentMicros(keyId);
  assert.equal(spent, 4 * CALL_MICROS);
  assert.ok(spent - DOLLAR < CALL_MICROS, `spent ${spent} µ$`);
}

/**
 * Twelve calls at once on both instances, then one at a time until refused: the calls in
 * flight hold their maximum cost, so starting together does not let them all pass on a spend
 * none has written yet; every hold is released (the budget is then spent to the dollar).
 */
async function assertTogetherHolds(gws: Gws, secret: string, keyId: string) {
  const together = await Promise.all(
    Array.from({ length: 12 }, (_, i) => chat(gws.list[i % gws.list.length]!, secret)),
  );
  assert.ok(
    together.some((a) => a.status === 200),
    'a call passes while the budget has room',
  );
  for (const a of together) if (a.status !== 200) assert.equal(a.code, 'budget_exceeded');
  const after = await spendDown(gws, secret);
  assert.equal(after.at(-1)!.code, 'budget_exceeded');
  const spent = await gws.list[0]!.limits.spentMicros(keyId);
  assert.ok(spent >= DOLLAR, `no hold left behind: the budget is spent (${spent} µ$)`);
  assert.ok(spent - DOLLAR < CALL_MICROS, `never more than one call over (${spent} µ$)`);
}

describe(`key budget, two instances on one database (${dialect})`, () => {
  let s: Awaited<ReturnType<typeof setup>>;
  before(async () => {
    s = await setup(2);
  });
  after(() => s.dispose());

  it('refuses a 1-dollar key once it is spent, on both instances, never more than one call over', async () => {
    const k = await s.key({ budgetMicros: DOLLAR });
    await assertBudgetHolds(s.gws, k.secret, k.keyId);
    // A free model costs nothing, but a spent budget refuses every model call of the key.
    assert.equal((await chat(s.gws.list[0]!, k.secret, 'svc/livre')).code, 'budget_exceeded');
    // Another key of its own budget is not affected; listing models is not a model call.
    const other = await s.key({ budgetMicros: DOLLAR });
    assert.equal((await chat(s.gws.list[1]!, other.secret)).status, 200);
    const models = await fetch(`${s.gws.list[0]!.origin}/v1/models`, {
      headers: { authorization: `Bearer ${k.secret}` },
    });
    assert.equal(models.status, 200);
  });

  it('calls that start together: never more than one call over, and no hold left behind', async () => {
    const k = await s.key({ budgetMicros: DOLLAR });
    await assertTogetherHolds(s.gws, k.secret, k.keyId);
  });

  it('counts the spend of a key without a budget too (what the keys page shows)', async () => {
    const k = await s.key({});
    const g = s.gws.list[0]!;
    assert.equal((await chat(g, k.secret)).status, 200);
    assert.equal((await chat(g, k.secret, 'svc/livre')).status, 200);
    await g.limits.settled();
    assert.equal(await s.gws.list[1]!.limits.spentMicros(k.keyId), CALL_MICROS);
  });

  it('403 model_not_allowed outside the key’s models; the listed ones answer', async () => {
    const k = await s.key({ models: ['svc/livre'] });
    const g = s.gws.list[0]!;
    assert.deepEqual(await chat(g, k.secret), { status: 403, code: 'model_not_allowed', retryAfter: null });
    assert.equal((await chat(g, k.secret, 'svc/livre')).status, 200);
    // The model list shows only what the key may call, and svc/auto chooses among those.
    const listed = await fetch(`${g.origin}/v1/models`, { headers: { authorization: `Bearer ${k.secret}` } });
    const ids = ((await listed.json()) as { data: { id: string }[] }).data.map((m) => m.id);
    assert.ok(ids.includes('svc/livre') && !ids.includes('svc/pago') && !ids.includes('svc/eco'), ids.join());
    assert.equal((await chat(g, k.secret, 'svc/auto')).status, 200);
    // The organisation's release still applies first: a listed model it did not release is not released.
    const both = await s.key({ models: ['svc/livre'] }, { released_models: JSON.stringify(['svc/pago']) });
    assert.equal((await chat(g, both.secret, 'svc/livre')).code, 'model_not_released');
    // The SDK sees a permission error.
    await assert.rejects(
      g
        .openai(k.secret)
        .chat.completions.create({ model: 'svc/pago', messages: [{ role: 'user', content: 'oi' }] }),
      OpenAI.PermissionDeniedError,
    );
  });

  it('holds a key to its own requests per minute where tighter than the organisation’s, and not looser', async () => {
    const tight = await s.key({ requestsPerMinute: 2 }, { requests_per_minute: 4 });
    const loose = await s.key({ requestsPerMinute: 50 }, { requests_per_minute: 3 });
    const [a, b] = s.gws.list as [Instance, Instance];
    await freshMinute();
    const list = (g: Instance, secret: string) =>
      fetch(`${g.origin}/v1/models`, { headers: { authorization: `Bearer ${secret}` } });
    const statuses = async (secret: string, n: number) => {
      const out = [];
      for (let i = 0; i < n; i++) out.push((await list(i % 2 ? b : a, secret)).status);
      return out;
    };
    assert.deepEqual(await statuses(tight.secret, 3), [200, 200, 429]);
    assert.deepEqual(await statuses(loose.secret, 4), [200, 200, 200, 429]);
    const refused = await list(a, tight.secret);
    assert.equal(refused.headers.get('x-ratelimit-limit'), '2');
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'rate_limit_exceeded');
  });

  it('429 token_rate_limit_exceeded once the key’s tokens this minute reach its limit', async () => {
    const k = await s.key({ tokensPerMinute: 30 });
    const [a, b] = s.gws.list as [Instance, Instance];
    await freshMinute();
    // 18 tokens a call: 0 and 18 used before the first two, 36 ≥ 30 before the third.
    assert.equal((await chat(a, k.secret, 'svc/livre')).status, 200);
    assert.equal((await chat(b, k.secret, 'svc/livre')).status, 200);
    const refused = await chat(a, k.secret, 'svc/livre');
    assert.equal(refused.status, 429);
    assert.equal(refused.code, 'token_rate_limit_exceeded');
    assert.ok(Number(refused.retryAfter) >= 1 && Number(refused.retryAfter) <= 60);
  });
});

describe('key budget, two instances on Redis', { skip: requires(await redisMissing(REDIS_URL)) }, () => {
  let s: Awaited<ReturnType<typeof setup>>;
  before(async () => {
    s = await setup(2, { REDIS_URL }, { redis_prefix: `svc-test:${randomBytes(6).toString('hex')}:` });
  });
  after(() => s.dispose());

  it('refuses a 1-dollar key once it is spent, on both instances, never more than one call over', async () => {
    const k = await s.key({ budgetMicros: DOLLAR });
    await assertBudgetHolds(s.gws, k.secret, k.keyId);
    const rows = await s.gws.list[0]!.ctx.db.kysely.selectFrom('limit_counters').selectAll().execute();
    assert.equal(rows.length, 0, 'Redis holds the spend');
  });

  it('calls that start together: never more than one call over, and no hold left behind', async () => {
    const k = await s.key({ budgetMicros: DOLLAR });
    await assertTogetherHolds(s.gws, k.secret, k.keyId);
  });
});
