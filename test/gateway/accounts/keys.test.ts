// Key routes: every rule and code of key creation, listing and revocation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createOrganization, setMember, updateOrganization } from '../../../src/gateway/orgs/store.js';
import { onPostgres } from '../../helpers/db.js';
import { Browser, type Harness, harness, signedIn } from './helpers.js';

const dialect = onPostgres ? 'postgres' : 'sqlite';
const CREATE = '/api/account/keys/create';
const REVOKE = '/api/account/keys/revoke';

describe(`API key routes (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('creates an account key: {key, secret} with the secret shown once', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.post(CREATE, { name: 'Servidor de produção', organizationId: null });
    assert.equal(res.status, 200);
    const key = res.json.key as Record<string, unknown>;
    assert.deepEqual(Object.keys(key).sort(), ['createdAt', 'id', 'last4', 'name', 'organizationId']);
    assert.equal(key.organizationId, null);
    assert.match(String(res.json.secret), /^svck_[0-9A-Za-z]{38}$/);
    assert.equal(key.last4, String(res.json.secret).slice(-4));
  });

  it('lists keys as documented records, never with the secret', async () => {
    const { browser } = await signedIn(h);
    const created = await browser.post(CREATE, { name: 'lista', organizationId: null });
    const secret = String(created.json.secret);
    const res = await browser.get('/api/account/keys');
    assert.equal(res.status, 200);
    const keys = res.json.keys as Record<string, unknown>[];
    assert.equal(keys.length, 1);
    // The SPEC's record, then the key controls (docs/accounts.md "Key controls").
    assert.deepEqual(Object.keys(keys[0]!).sort(), [
      'active',
      'budgetUsd',
      'createdAt',
      'expiresAt',
      'id',
      'last4',
      'lastUsedAt',
      'models',
      'name',
      'organizationId',
      'requestsPerMinute',
      'revokedAt',
      'spentUsd',
      'tokensPerMinute',
    ]);
    assert.equal(keys[0]!.active, true);
    assert.ok(!res.body.includes(secret));
    assert.ok(!res.body.includes(secret.slice(5, 30)));
    assert.ok(!h.ctx.logs.text.includes(secret), 'secret in logs');
  });

  it('401 invalid_session for the key list without a session', async () => {
    const res = await new Browser(h.app).get('/api/account/keys');
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'invalid_session');
  });

  it('503 auth_unavailable for the key list when storage is down', async () => {
    const { browser } = await signedIn(h);
    browser.app = await h.broken();
    const res = await browser.get('/api/account/keys');
    assert.equal(res.status, 503);
    assert.equal(res.json.error, 'auth_unavailable');
  });

  for (const [label, body] of [
    ['missing', { organizationId: null }],
    ['not a string', { name: 42, organizationId: null }],
    ['empty', { name: '', organizationId: null }],
    ['blank', { name: '   ', organizationId: null }],
    ['over 60 characters', { name: 'n'.repeat(61), organizationId: null }],
    ['with control characters', { name: 'a\nb', organizationId: null }],
  ] as const) {
    it(`400 invalid_key_name: name ${label}`, async () => {
      const { browser } = await signedIn(h);
      const res = await browser.post(CREATE, body);
      assert.equal(res.status, 400);
      assert.equal(res.json.error, 'invalid_key_name');
    });
  }

  it('accepts a name of exactly 60 characters (counted as characters, not bytes)', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.post(CREATE, { name: 'ç'.repeat(60), organizationId: null });
    assert.equal(res.status, 200);
  });

  for (const [label, body] of [
    ['missing', { name: 'k' }],
    ['a number', { name: 'k', organizationId: 7 }],
    ['an empty string', { name: 'k', organizationId: '' }],
    ['unknown', { name: 'k', organizationId: 'org_desconhecida' }],
  ] as const) {
    it(`400 invalid_organization: organizationId ${label}`, async () => {
      const { browser } = await signedIn(h);
      const res = await browser.post(CREATE, body);
      assert.equal(res.status, 400);
      assert.equal(res.json.error, 'invalid_organization');
    });
  }

  it('401 invalid_session for a create without a session', async () => {
    const b = new Browser(h.app);
    await b.bootstrap();
    const res = await b.post(CREATE, { name: 'k', organizationId: null });
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'invalid_session');
  });

  it('401 reauth_required when the sign-in is older than 5 minutes', async () => {
    const { browser } = await signedIn(h);
    h.clock.t += 5 * 60_000 + 1;
    const res = await browser.post(CREATE, { name: 'k', organizationId: null });
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'reauth_required');
  });

  it('creates again within 5 minutes of signing in anew', async () => {
    const { account, browser } = await signedIn(h);
    h.clock.t += 4 * 60_000;
    assert.equal((await browser.post(CREATE, { name: 'k', organizationId: null })).status, 200);
    h.clock.t += 2 * 60_000;
    assert.equal((await browser.post(CREATE, { name: 'k', organizationId: null })).status, 401);
    await browser.login(account.email);
    assert.equal((await browser.post(CREATE, { name: 'k', organizationId: null })).status, 200);
  });

  it('403 invalid_origin for a create from another origin', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.post(
      CREATE,
      { name: 'k', organizationId: null },
      { headers: { origin: 'https://evil.example' } },
    );
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_origin');
  });

  it('403 invalid_csrf for a create without the CSRF value', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.post(CREATE, { name: 'k', organizationId: null }, { noCsrf: true });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
  });

  it('403 organization_forbidden for a plain member', async () => {
    const { account, browser } = await signedIn(h, { totp: true });
    const org = await createOrganization(h.ctx.db.kysely, `org-member-${account.id}`);
    await setMember(h.ctx.db.kysely, org.id, account.id, 'member');
    const res = await browser.post(CREATE, { name: 'k', organizationId: org.id });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'organization_forbidden');
  });

  it('403 organization_forbidden for a non-member', async () => {
    const { account, browser } = await signedIn(h, { totp: true });
    const org = await createOrganization(h.ctx.db.kysely, `org-alheia-${account.id}`);
    const res = await browser.post(CREATE, { name: 'k', organizationId: org.id });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'organization_forbidden');
  });

  it('403 organization_forbidden when the product is disabled for the organisation', async () => {
    const { account, browser } = await signedIn(h, { totp: true });
    const org = await createOrganization(h.ctx.db.kysely, `org-off-${account.id}`);
    await setMember(h.ctx.db.kysely, org.id, account.id, 'owner');
    await updateOrganization(h.ctx.db.kysely, org.id, { product_enabled: 0 });
    const res = await browser.post(CREATE, { name: 'k', organizationId: org.id });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'organization_forbidden');
  });

  it('403 organization_mfa_required for an owner whose session has no second factor', async () => {
    const { account, browser } = await signedIn(h);
    const org = await createOrganization(h.ctx.db.kysely, `org-mfa-${account.id}`);
    await setMember(h.ctx.db.kysely, org.id, account.id, 'owner');
    const res = await browser.post(CREATE, { name: 'k', organizationId: org.id });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'organization_mfa_required');
  });

  it('creates an organisation key for an owner or admin with a second factor', async () => {
    for (const role of ['owner', 'admin'] as const) {
      h.clock.t += 60_000; // a fresh TOTP step for each sign-in
      const { account, browser } = await signedIn(h, { totp: true });
      const org = await createOrganization(h.ctx.db.kysely, `org-ok-${role}-${account.id}`);
      await setMember(h.ctx.db.kysely, org.id, account.id, role);
      const res = await browser.post(CREATE, { name: 'k', organizationId: org.id });
      assert.equal(res.status, 200, role);
      assert.equal((res.json.key as Record<string, unknown>).organizationId, org.id);
    }
  });

  it('409 key_limit_reached at the 11th live key; a revoke makes room', async () => {
    const { browser } = await signedIn(h);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await browser.post(CREATE, { name: `k${i}`, organizationId: null });
      assert.equal(res.status, 200);
      ids.push(String((res.json.key as Record<string, unknown>).id));
    }
    const res = await browser.post(CREATE, { name: 'k10', organizationId: null });
    assert.equal(res.status, 409);
    assert.equal(res.json.error, 'key_limit_reached');
    assert.equal((await browser.post(REVOKE, { id: ids[0] })).status, 200);
    assert.equal((await browser.post(CREATE, { name: 'k10', organizationId: null })).status, 200);
  });

  it('holds the limit under concurrent creates', async () => {
    const { browser } = await signedIn(h);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => browser.post(CREATE, { name: `c${i}`, organizationId: null })),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.equal(statuses.filter((s) => s === 200).length, 10, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 409).length, 6, statuses.join(','));
    const listed = await browser.get('/api/account/keys');
    assert.equal((listed.json.keys as unknown[]).length, 10);
  });

  it('503 auth_unavailable for a create when storage is down', async () => {
    const { browser } = await signedIn(h);
    browser.app = await h.broken();
    const res = await browser.post(CREATE, { name: 'k', organizationId: null });
    assert.equal(res.status, 503);
    assert.equal(res.json.error, 'auth_unavailable');
  });

  it('revokes: 200 {ok:true}, the record shows revokedAt and active false; twice is harmless', async () => {
    const { browser } = await signedIn(h);
    const created = await browser.post(CREATE, { name: 'r', organizationId: null });
    const id = (created.json.key as Record<string, unknown>).id;
    const first = await browser.post(REVOKE, { id });
    assert.equal(first.status, 200);
    assert.deepEqual(first.json, { ok: true });
    const listed = (await browser.get('/api/account/keys')).json.keys as Record<string, unknown>[];
    const record = listed.find((k) => k.id === id)!;
    assert.equal(record.active, false);
    assert.equal(typeof record.revokedAt, 'string');
    const second = await browser.post(REVOKE, { id });
    assert.equal(second.status, 200);
    assert.deepEqual(second.json, { ok: true });
  });

  for (const [label, body] of [
    ['missing', {}],
    ['a number', { id: 5 }],
    ['empty', { id: '' }],
  ] as const) {
    it(`400 invalid_key_id: id ${label}`, async () => {
      const { browser } = await signedIn(h);
      const res = await browser.post(REVOKE, body);
      assert.equal(res.status, 400);
      assert.equal(res.json.error, 'invalid_key_id');
    });
  }

  it('401 invalid_session for a revoke without a session', async () => {
    const b = new Browser(h.app);
    await b.bootstrap();
    const res = await b.post(REVOKE, { id: 'key_x' });
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'invalid_session');
  });

  it('403 invalid_origin for a revoke from another origin', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.post(REVOKE, { id: 'key_x' }, { headers: { origin: 'https://evil.example' } });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_origin');
  });

  it('403 invalid_csrf for a revoke without the CSRF value', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.post(REVOKE, { id: 'key_x' }, { noCsrf: true });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
  });

  it("404 key_not_found for an unknown id and for another account's key, which stays active", async () => {
    const { browser: owner } = await signedIn(h);
    const created = await owner.post(CREATE, { name: 'alheia', organizationId: null });
    const id = (created.json.key as Record<string, unknown>).id;
    const { browser: intruder } = await signedIn(h);
    for (const target of [id, 'key_nao_existe']) {
      const res = await intruder.post(REVOKE, { id: target });
      assert.equal(res.status, 404);
      assert.equal(res.json.error, 'key_not_found');
    }
    const listed = (await owner.get('/api/account/keys')).json.keys as Record<string, unknown>[];
    assert.equal(listed.find((k) => k.id === id)!.active, true);
  });

  it('503 auth_unavailable for a revoke when storage is down', async () => {
    const { browser } = await signedIn(h);
    browser.app = await h.broken();
    const res = await browser.post(REVOKE, { id: 'key_x' });
    assert.equal(res.status, 503);
    assert.equal(res.json.error, 'auth_unavailable');
  });

  it('never puts a secret in an error body or a log line', async () => {
    const { browser } = await signedIn(h);
    const created = await browser.post(CREATE, { name: 'segredo', organizationId: null });
    const secret = String(created.json.secret);
    const errors = [
      await browser.post(REVOKE, { id: secret }),
      await browser.post(CREATE, { name: secret + secret, organizationId: null }),
      await browser.post(CREATE, { name: 'k', organizationId: secret }),
    ];
    for (const res of errors) {
      assert.ok(res.status >= 400);
      assert.ok(!res.body.includes(secret), res.body);
    }
    assert.ok(!h.ctx.logs.text.includes(secret));
  });
});
