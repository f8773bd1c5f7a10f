// The API-key check every /v1 route goes through (authentication rule 1).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount, endAllAccesses, updateAccount } from '../../src/gateway/accounts/store.js';
import { revokeKey } from '../../src/gateway/keys/store.js';
import { updateOrganization } from '../../src/gateway/orgs/store.js';
import { PRODUCT_ID } from '../../src/gateway/product.js';
import { openDb } from '../../src/platform/db/index.js';
import { makeKey, testGateway } from '../helpers/gateway.js';
import { waitFor } from '../helpers/wait.js';
import { Browser, ORIGIN } from './accounts/helpers.js';
import { oneOpenAIModel } from './models/helpers.js';

type Gateway = Awaited<ReturnType<typeof testGateway>>;

describe('API-key auth on /v1', () => {
  let gw: Gateway;
  before(async () => {
    gw = await testGateway({ TRUSTED_PROXIES: '10.1.0.0/16' });
  });
  after(() => gw.dispose());

  const clean = (headers: Record<string, string>, remoteAddress?: string) =>
    gw.app.inject({
      method: 'POST',
      url: '/v1/privacy/clean',
      headers: { 'content-type': 'application/json', ...headers },
      payload: { text: 'olá' },
      remoteAddress,
    });

  it('accepts the key as a bearer token or in X-Api-Key', async () => {
    const k = await makeKey(gw.ctx);
    assert.equal((await clean({ authorization: `Bearer ${k.secret}` })).statusCode, 200);
    assert.equal((await clean({ 'x-api-key': k.secret })).statusCode, 200);
  });

  it('answers 401 invalid_api_key, in the chat-completions shape, for absent, malformed and unknown keys', async () => {
    const k = await makeKey(gw.ctx);
    const flipped = k.secret.slice(0, -1) + (k.secret.endsWith('a') ? 'b' : 'a'); // checksum breaks
    const unknown = 'svck_' + 'A'.repeat(32);
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer ' },
      { authorization: `Basic ${k.secret}` },
      { authorization: `Bearer ${flipped}` },
      { authorization: `Bearer ${unknown}x` },
      { 'x-api-key': 'sk-not-ours' },
    ];
    for (const headers of variants) {
      const res = await clean(headers);
      assert.equal(res.statusCode, 401, JSON.stringify(headers));
      assert.equal(res.json().error.code, 'invalid_api_key');
      assert.equal(res.json().error.type, 'authentication_error');
      assert.equal(res.headers['www-authenticate'], 'Bearer');
    }
  });

  it('refuses the body of an unauthenticated call before reading it (401, not 400)', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/v1/privacy/clean',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    assert.equal(res.statusCode, 401);
  });

  it('stops a key the moment it is revoked, and every key of an account that ended all accesses', async () => {
    const k = await makeKey(gw.ctx);
    assert.equal((await clean({ authorization: `Bearer ${k.secret}` })).statusCode, 200);
    assert.equal(await revokeKey(gw.ctx.db.kysely, k.accountId, PRODUCT_ID, k.keyId), true);
    assert.equal((await clean({ authorization: `Bearer ${k.secret}` })).statusCode, 401);

    const other = await makeKey(gw.ctx);
    await endAllAccesses(gw.ctx.db.kysely, other.accountId);
    assert.equal((await clean({ authorization: `Bearer ${other.secret}` })).statusCode, 401);
  });

  it('answers 403 for an account awaiting release, an ended trial, or a disabled product', async () => {
    const cases = [
      [await makeKey(gw.ctx, { released: false }), 'account_not_released'],
      [await makeKey(gw.ctx, { trialEndsAt: Date.now() - 1000 }), 'trial_ended'],
      [await makeKey(gw.ctx, { org: { product_enabled: 0 } }), 'product_disabled'],
    ] as const;
    for (const [k, code] of cases) {
      const res = await clean({ authorization: `Bearer ${k.secret}` });
      assert.equal(res.statusCode, 403, code);
      assert.equal(res.json().error.code, code);
      assert.equal(res.json().error.type, 'permission_error');
    }
    const future = await makeKey(gw.ctx, { trialEndsAt: Date.now() + 60_000 });
    assert.equal((await clean({ authorization: `Bearer ${future.secret}` })).statusCode, 200);
  });

  it('refuses an organisation key whose owner has no second factor when the organisation requires one', async () => {
    const k = await makeKey(gw.ctx, { org: { mfa_required: 1 } });
    const refused = await clean({ authorization: `Bearer ${k.secret}` });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().error.code, 'organization_mfa_required');
    await updateAccount(gw.ctx.db.kysely, k.accountId, { totp_secret: 'sealed-secret-placeholder' });
    assert.equal((await clean({ authorization: `Bearer ${k.secret}` })).statusCode, 200);
    // Account keys are not the organisation's business.
    const own = await makeKey(gw.ctx, { org: null });
    assert.equal((await clean({ authorization: `Bearer ${own.secret}` })).statusCode, 200);
  });

  it("applies the organisation's network allowlist, trusting X-Forwarded-For only from trusted proxies", async () => {
    const k = await makeKey(gw.ctx, {
      org: { allowed_cidrs: JSON.stringify(['203.0.113.0/24', '2001:db8::/32']) },
    });
    const auth = { authorization: `Bearer ${k.secret}` };
    assert.equal((await clean(auth, '203.0.113.7')).statusCode, 200);
    assert.equal((await clean(auth, '::ffff:203.0.113.7')).statusCode, 200);
    assert.equal((await clean(auth, '2001:db8::1')).statusCode, 200);
    const outside = await clean(auth, '198.51.100.1');
    assert.equal(outside.statusCode, 403);
    assert.equal(outside.json().error.code, 'network_not_allowed');
    // A client cannot claim an address: XFF from an untrusted peer is ignored…
    assert.equal(
      (await clean({ ...auth, 'x-forwarded-for': '203.0.113.7' }, '198.51.100.1')).statusCode,
      403,
    );
    // …and believed from a trusted proxy (right-most untrusted hop).
    assert.equal(
      (await clean({ ...auth, 'x-forwarded-for': '203.0.113.7, 10.1.2.3' }, '10.1.0.9')).statusCode,
      200,
    );
    assert.equal(
      (await clean({ ...auth, 'x-forwarded-for': '203.0.113.7, 198.51.100.1' }, '10.1.0.9')).statusCode,
      403,
    );
  });

  it('records lastUsedAt at hour granularity, once per hour', async () => {
    const k = await makeKey(gw.ctx);
    await clean({ authorization: `Bearer ${k.secret}` });
    await clean({ authorization: `Bearer ${k.secret}` });
    // The write is off the hot path.
    const row = await waitFor('lastUsedAt written', async () => {
      const found = await gw.ctx.db.kysely
        .selectFrom('api_keys')
        .select('last_used_at')
        .where('id', '=', k.keyId)
        .executeTakeFirstOrThrow();
      return found.last_used_at !== null && found;
    });
    assert.ok(row.last_used_at !== null);
    assert.equal(row.last_used_at % 3_600_000, 0);
    assert.ok(Date.now() - row.last_used_at < 3_600_000);
  });

  it('never logs the secret', async () => {
    const k = await makeKey(gw.ctx);
    await clean({ authorization: `Bearer ${k.secret}` });
    await clean({ authorization: `Bearer ${k.secret}x` });
    assert.ok(!gw.ctx.logs.text.includes(k.secret.slice(5, 20)));
  });
});

// The key's row is read on every request (no copy kept by a process): whatever changes it —
// the key routes, any store, another process or instance on the same storage — applies to
// the very next request.
describe('changes to a key apply on the next request', () => {
  let gw: Gateway;
  const PASSWORD = 'senha-de-teste-bem-longa';
  before(async () => {
    // One model in the catalogue (never called: the model list is enough here).
    gw = await testGateway({ PUBLIC_ORIGIN: ORIGIN, SVC_CONFIG: oneOpenAIModel('http://127.0.0.1:9', 8192) });
  });
  after(() => gw.dispose());

  const clean = (secret: string, remoteAddress?: string) =>
    gw.app
      .inject({
        method: 'POST',
        url: '/v1/privacy/clean',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        payload: { text: 'olá' },
        remoteAddress,
      })
      .then((r) => r.statusCode);

  /** A signed-in person with an account key made through the key route. */
  async function personWithKey(email: string) {
    await createAccount(gw.ctx.db.kysely, { email, password: PASSWORD, released: true, trialEndsAt: null });
    const browser = new Browser(gw.app);
    assert.equal((await browser.login(email, PASSWORD)).status, 200);
    const created = await browser.post('/api/account/keys/create', { name: 'próxima', organizationId: null });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const { secret, key } = created.json as { secret: string; key: { id: string } };
    return { browser, secret, keyId: key.id };
  }

  it('refuses a key revoked through the key route', async () => {
    const { browser, secret, keyId } = await personWithKey('revoga@example.com');
    assert.equal(await clean(secret), 200);
    const revoked = await browser.post('/api/account/keys/revoke', { id: keyId });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.json));
    assert.equal(await clean(secret), 401);
  });

  it("applies a key's model list changed through the key route", async () => {
    const { browser, secret, keyId } = await personWithKey('controles@example.com');
    const listed = async () => {
      const res = await gw.app.inject({
        method: 'GET',
        url: '/v1/models',
        headers: { authorization: `Bearer ${secret}` },
      });
      assert.equal(res.statusCode, 200);
      return (res.json().data as { id: string }[]).map((m) => m.id).filter((id) => id === 'svc/gpt');
    };
    assert.deepEqual(await listed(), ['svc/gpt']);
    const updated = await browser.post('/api/account/keys/update', { id: keyId, models: ['svc/outro'] });
    assert.equal(updated.status, 200, JSON.stringify(updated.json));
    assert.deepEqual(await listed(), [], 'the key may no longer call svc/gpt');
  });

  it("applies an organisation's network allow-list changed in storage", async () => {
    const k = await makeKey(gw.ctx);
    assert.equal(await clean(k.secret, '198.51.100.1'), 200);
    await updateOrganization(gw.ctx.db.kysely, k.organizationId!, {
      allowed_cidrs: JSON.stringify(['203.0.113.0/24']),
    });
    assert.equal(await clean(k.secret, '198.51.100.1'), 403);
  });

  it('refuses a key revoked through another connection to the same storage (another process)', async () => {
    const k = await makeKey(gw.ctx);
    assert.equal(await clean(k.secret), 200);
    const other = openDb(gw.ctx.config);
    try {
      await other.kysely
        .updateTable('api_keys')
        .set({ revoked_at: Date.now() })
        .where('id', '=', k.keyId)
        .execute();
    } finally {
      await other.close();
    }
    assert.equal(await clean(k.secret), 401);
  });
});
