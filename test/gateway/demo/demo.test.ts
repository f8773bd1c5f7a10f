// POST /api/demo/clean: the landing page's demonstration of the barrier. It cleans like
// POST /v1/privacy/clean, and it cannot be used as a free cleaning API: a size cap (413), an
// allowance per network per minute and per day and a ceiling for everyone (429), nothing
// stored and nothing logged but the access line.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGatewayApp } from '../../../src/gateway/app.js';
import { DEMO_LIMITS } from '../../../src/gateway/demo/allowance.js';
import { createGatewayDeps } from '../../../src/gateway/deps.js';
import type { App } from '../../../src/platform/http/app.js';
import { type TestContext, testContext } from '../../helpers/context.js';
import { makeKey } from '../../helpers/gateway.js';

const CPF = '529.982.247-25';
const EMAIL = 'joana.prado@empresa.com.br';
const PHONE = '(11) 98765-4321';
const TEXT = `Cliente Joana Prado, CPF ${CPF}, e-mail ${EMAIL}, celular ${PHONE}.`;
const SEEDED = [CPF, '52998224725', EMAIL, '98765-4321', 'Joana Prado'];

const MINUTE = 60_000;
/** A fixed start, at the beginning of a UTC day, so that minutes and days are predictable. */
const START = Date.UTC(2026, 10, 20, 12, 0, 0);

describe('POST /api/demo/clean', () => {
  let ctx: TestContext;
  let app: App;
  let now = START;
  let network = 0;
  /** A fresh network per test, so each starts with its whole allowance. */
  const nextAddress = () => `198.51.100.${++network}`;

  before(async () => {
    ctx = await testContext();
    app = await createGatewayApp(ctx, createGatewayDeps(ctx, { now: () => now }));
  });
  after(async () => {
    await app.close();
    await ctx.dispose();
  });

  const demo = (body: unknown, remoteAddress = '203.0.113.9') =>
    app.inject({
      method: 'POST',
      url: '/api/demo/clean',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('cleans exactly as POST /v1/privacy/clean does for an account without an organisation', async () => {
    const res = await demo({ text: TEXT }, nextAddress());
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const key = await makeKey(ctx, { org: null });
    const api = await app.inject({
      method: 'POST',
      url: '/v1/privacy/clean',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: TEXT }),
    });
    assert.equal(api.statusCode, 200);
    const { clean_text, findings } = api.json();
    assert.deepEqual(res.json(), { clean_text, findings });
    assert.equal(clean_text, 'Cliente [NOME_1], CPF [CPF_1], e-mail [EMAIL_1], celular [TELEFONE_1].');
  });

  it('redacts or blocks when asked, with the API answers', async () => {
    const address = nextAddress();
    const redacted = await demo({ text: TEXT, policy: 'redact' }, address);
    assert.equal(redacted.statusCode, 200);
    for (const value of SEEDED) assert.ok(!redacted.body.includes(value), value);
    const blocked = await demo({ text: TEXT, policy: 'block' }, address);
    assert.equal(blocked.statusCode, 422);
    assert.equal(blocked.json().error, 'pii_blocked');
    for (const value of SEEDED) assert.ok(!blocked.body.includes(value), value);
  });

  it(`takes ${DEMO_LIMITS.chars} characters, answers 413 demo_text_too_long beyond, and 413 to a huge body`, async () => {
    const address = nextAddress();
    // Emoji are two UTF-16 units each: the cap counts characters as a person does.
    const full = '🙂'.repeat(DEMO_LIMITS.chars);
    assert.equal((await demo({ text: full }, address)).statusCode, 200);
    const over = await demo({ text: `${'a'.repeat(DEMO_LIMITS.chars)}b` }, address);
    assert.equal(over.statusCode, 413);
    assert.equal(over.json().error, 'demo_text_too_long');
    const huge = await demo({ text: 'x'.repeat(DEMO_LIMITS.bodyBytes + 1) }, address);
    assert.equal(huge.statusCode, 413);
    assert.equal(huge.json().error, 'payload_too_large');
    const empty = await demo({ text: '' }, address);
    assert.equal(empty.statusCode, 400);
    assert.equal((await demo({ text: 'oi', extra: 1 }, address)).statusCode, 400);
  });

  it(`allows ${DEMO_LIMITS.perMinute} texts a minute per network (an IPv6 /64 is one), then 429 demo_rate_limited`, async () => {
    now = START + 10 * MINUTE;
    const prefix = `2001:db8:0:${++network}`;
    for (let i = 0; i < DEMO_LIMITS.perMinute; i++) {
      // Each request from another address of the same /64.
      const res = await demo({ text: `texto ${i}` }, `${prefix}::${i + 1}`);
      assert.equal(res.statusCode, 200, `use ${i + 1}`);
    }
    const refused = await demo({ text: 'mais um' }, `${prefix}:1:2:3:4`);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error, 'demo_rate_limited');
    assert.equal(refused.headers['retry-after'], '60');
    // Another network is not affected; the next minute the /64 may go on.
    assert.equal((await demo({ text: 'outra rede' }, nextAddress())).statusCode, 200);
    now += MINUTE;
    assert.equal((await demo({ text: 'um minuto depois' }, `${prefix}::7`)).statusCode, 200);
  });

  it(`allows ${DEMO_LIMITS.perDay} texts a day per network, whatever the minutes`, async () => {
    const address = nextAddress();
    now = START + 100 * MINUTE;
    let accepted = 0;
    for (let minute = 0; accepted < DEMO_LIMITS.perDay; minute++) {
      now = START + (100 + minute) * MINUTE;
      for (let i = 0; i < DEMO_LIMITS.perMinute && accepted < DEMO_LIMITS.perDay; i++) {
        assert.equal((await demo({ text: 'de novo' }, address)).statusCode, 200);
        accepted++;
      }
    }
    now += MINUTE;
    const refused = await demo({ text: 'passou do dia' }, address);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error, 'demo_rate_limited');
    const wait = Number(refused.headers['retry-after']);
    assert.ok(wait > 60 && wait <= 86_400, `waits for the next UTC day, not a minute: ${wait}`);
  });

  it(`stops at ${DEMO_LIMITS.everyone} texts a minute from every network together`, async () => {
    now = START + 300 * MINUTE;
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof demo>> | undefined;
    while (!refused) {
      const address = nextAddress();
      for (let i = 0; i < DEMO_LIMITS.perMinute; i++) {
        const res = await demo({ text: 'muitos' }, address);
        if (res.statusCode === 200) accepted++;
        else {
          refused = res;
          break;
        }
      }
    }
    assert.equal(accepted, DEMO_LIMITS.everyone);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error, 'demo_rate_limited');
    // A network refused its own uses does not use up everyone's allowance.
    now += MINUTE;
    const busy = nextAddress();
    for (let i = 0; i < 50; i++) await demo({ text: 'abuso' }, busy);
    assert.equal((await demo({ text: 'visitante' }, nextAddress())).statusCode, 200);
  });

  it('stores nothing and logs nothing of the text', async () => {
    const audits = async () =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom('audit_records')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await audits();
    now = START + 500 * MINUTE;
    const address = nextAddress();
    assert.equal((await demo({ text: TEXT }, address)).statusCode, 200);
    assert.equal((await demo({ text: TEXT, policy: 'block' }, address)).statusCode, 422);
    assert.equal((await demo({ text: `${TEXT}${'x'.repeat(DEMO_LIMITS.chars)}` }, address)).statusCode, 413);
    assert.equal(await audits(), before, 'no audit record');
    const usage = await ctx.db.kysely.selectFrom('usage_daily').selectAll().execute();
    assert.deepEqual(usage, [], 'no usage row');
    const logs = ctx.logs.text;
    assert.match(logs, /\/api\/demo\/clean/, 'the access line is there');
    for (const value of [...SEEDED, 'Joana', 'Prado', '198.51.100.'])
      assert.ok(!logs.includes(value), `${value} in the logs`);
  });
});

describe('POST /api/demo/clean without its counters', () => {
  it('closes (503 demo_unavailable) rather than run without a limit', async () => {
    // A Redis that does not answer: the counters fail, the demonstration does not run.
    const ctx = await testContext({ REDIS_URL: 'redis://127.0.0.1:9' });
    const app = await createGatewayApp(ctx);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/demo/clean',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ text: TEXT }),
      });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().error, 'demo_unavailable');
      assert.ok(!res.body.includes(CPF));
    } finally {
      await app.close();
      await ctx.dispose();
    }
  });
});
