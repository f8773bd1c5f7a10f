// Bootstrap, the write guard (Origin, CSRF, fetch metadata), login, session fixation, MFA,
// logout and brute-force protection.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { onPostgres } from '../../helpers/db.js';
import { Browser, type Harness, harness, ORIGIN, PASSWORD, signedIn } from './helpers.js';

const dialect = onPostgres ? 'postgres' : 'sqlite';

describe(`browser session: bootstrap (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('sets a __Host- cookie with Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain', async () => {
    const b = new Browser(h.app);
    const res = await b.bootstrap();
    assert.equal(b.lastSetCookie.length, 1);
    const [line] = b.lastSetCookie;
    assert.match(line!, /^__Host-svc-auth=[A-Za-z0-9_-]{43};/);
    const attrs = line!.split(';').map((s) => s.trim().toLowerCase());
    for (const a of ['path=/', 'secure', 'httponly', 'samesite=lax']) assert.ok(attrs.includes(a), a);
    assert.ok(!attrs.some((a) => a.startsWith('domain')), 'no Domain');
    // ≥128 random bits: 43 base64url characters carry 256.
    assert.ok(Buffer.from(b.cookie!, 'base64url').length >= 16);
    assert.equal(typeof res.json.csrf, 'string');
    assert.equal(typeof res.json.context, 'string');
    assert.equal(res.headers['x-svc-context'], res.json.context);
  });

  it('stores only a hash of the cookie value', async () => {
    const b = new Browser(h.app);
    await b.bootstrap();
    const rows = await h.ctx.db.kysely.selectFrom('sessions').select(['id', 'token_hash']).execute();
    assert.ok(rows.length > 0);
    assert.ok(!rows.some((r) => r.token_hash === b.cookie || r.id === b.cookie));
  });

  it('sends no CORS headers, even to a request with the right Origin', async () => {
    const b = new Browser(h.app);
    const res = await b.get('/api/auth/bootstrap', { headers: { origin: ORIGIN } });
    assert.equal(res.status, 200);
    assert.ok(!Object.keys(res.headers).some((k) => k.startsWith('access-control-')));
  });

  it('keeps an existing session: same cookie, same CSRF, no new Set-Cookie', async () => {
    const b = new Browser(h.app);
    const first = await b.bootstrap();
    const cookie = b.cookie;
    const second = await b.bootstrap();
    assert.equal(b.lastSetCookie.length, 0);
    assert.equal(b.cookie, cookie);
    assert.equal(second.json.csrf, first.json.csrf);
  });

  it('replaces an unknown or malformed cookie with a new session', async () => {
    for (const bad of ['x'.repeat(43), 'not-a-token', '']) {
      const b = new Browser(h.app);
      b.jar.set('__Host-svc-auth', { value: bad, attributes: [] });
      await b.bootstrap();
      assert.equal(b.lastSetCookie.length, 1, bad);
      assert.notEqual(b.cookie, bad);
    }
  });

  it('400 invalid_request for a query string', async () => {
    const res = await new Browser(h.app).get('/api/auth/bootstrap?user=acc_1');
    assert.equal(res.status, 400);
    assert.equal(res.json.error, 'invalid_request');
  });

  it('403 invalid_origin for a wrong Origin', async () => {
    const b = new Browser(h.app);
    const res = await b.get('/api/auth/bootstrap', { headers: { origin: 'https://evil.example' } });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_origin');
    assert.equal(b.lastSetCookie.length, 0);
  });

  it('403 invalid_csrf for cross-site fetch metadata', async () => {
    const res = await new Browser(h.app).get('/api/auth/bootstrap', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
  });

  it('503 auth_unavailable when storage is unreachable, with the previous session preserved', async () => {
    const b = new Browser(h.app);
    const before = await b.bootstrap();
    const cookie = b.cookie;
    b.app = await h.broken();
    const res = await b.get('/api/auth/bootstrap');
    assert.equal(res.status, 503);
    assert.equal(res.json.error, 'auth_unavailable');
    assert.equal(b.lastSetCookie.length, 0, 'no cookie on an error');
    assert.doesNotMatch(JSON.stringify(res.json), /ECONNREFUSED|10\.0\.0\.1/);
    b.app = h.app;
    const again = await b.bootstrap();
    assert.equal(b.cookie, cookie);
    assert.equal(again.json.csrf, before.json.csrf);
  });
});

describe(`browser session: write guard (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  const profilePatch = { revision: 1, theme: 'dark' };

  it('403 invalid_origin without Origin', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.send('PATCH', '/api/account/profile', { body: profilePatch, noOrigin: true });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_origin');
  });

  it('403 invalid_origin for a wrong Origin (also one that only shares the host)', async () => {
    const { browser } = await signedIn(h);
    for (const origin of ['https://evil.example', 'http://svc.example.com', `${ORIGIN}:444`, 'null']) {
      const res = await browser.send('PATCH', '/api/account/profile', {
        body: profilePatch,
        headers: { origin },
      });
      assert.equal(res.status, 403, origin);
      assert.equal(res.json.error, 'invalid_origin');
    }
  });

  it('403 invalid_csrf without X-CSRF-Token', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.send('PATCH', '/api/account/profile', { body: profilePatch, noCsrf: true });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
  });

  it('403 invalid_csrf for a wrong X-CSRF-Token', async () => {
    const { browser } = await signedIn(h);
    browser.csrf = `${browser.csrf.slice(0, -1)}${browser.csrf.endsWith('A') ? 'B' : 'A'}`;
    const res = await browser.send('PATCH', '/api/account/profile', { body: profilePatch });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
  });

  it("403 invalid_csrf for another session's CSRF value", async () => {
    const { browser } = await signedIn(h);
    const { browser: other } = await signedIn(h);
    browser.csrf = other.csrf;
    const res = await browser.send('PATCH', '/api/account/profile', { body: profilePatch });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
  });

  it('403 invalid_csrf for Sec-Fetch-Site: cross-site even with the right Origin and CSRF', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.send('PATCH', '/api/account/profile', {
      body: profilePatch,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
    const ok = await browser.send('PATCH', '/api/account/profile', {
      body: profilePatch,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    assert.equal(ok.status, 200);
  });

  it('401 invalid_session for a write without a session', async () => {
    const b = new Browser(h.app);
    const res = await b.send('PATCH', '/api/account/profile', { body: profilePatch });
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'invalid_session');
  });

  it('401 invalid_session for an anonymous (bootstrapped only) session', async () => {
    const b = new Browser(h.app);
    await b.bootstrap();
    const res = await b.send('PATCH', '/api/account/profile', { body: profilePatch });
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'invalid_session');
  });
});

describe(`browser session: login (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('signs in and regenerates the session: new cookie, new id, new CSRF (no fixation)', async () => {
    const account = await h.account();
    const b = new Browser(h.app);
    const boot = await b.bootstrap();
    const planted = b.cookie!;
    const plantedRow = await h.ctx.db.kysely.selectFrom('sessions').select('id').execute();
    const res = await b.post('/api/auth/login', { email: account.email.toUpperCase(), password: PASSWORD });
    assert.equal(res.status, 200);
    assert.equal(res.json.mfaRequired, false);
    assert.notEqual(b.cookie, planted, 'cookie value changes');
    assert.notEqual(res.json.csrf, boot.json.csrf, 'CSRF changes');
    const user = res.json.user as Record<string, unknown>;
    assert.ok(!plantedRow.some((r) => r.id === user.sessionId), 'session id changes');
    assert.equal(user.identityId, account.id);
    // The planted cookie is dead: whoever knew it gets nothing.
    const attacker = new Browser(h.app);
    attacker.jar.set('__Host-svc-auth', { value: planted, attributes: [] });
    assert.equal((await attacker.get('/api/me')).status, 401);
    const me = await b.get('/api/me');
    assert.equal(me.status, 200);
    assert.deepEqual(me.json.user, user);
  });

  it('401 invalid_credentials, the same answer for an unknown e-mail and a wrong password', async () => {
    const account = await h.account();
    const wrong = await new Browser(h.app).login(account.email, 'wrong password!!');
    const unknown = await new Browser(h.app).login('ninguem@example.com', PASSWORD);
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.deepEqual(wrong.json, unknown.json);
    assert.equal(wrong.json.error, 'invalid_credentials');
  });

  it('403 invalid_csrf for a login without a bootstrapped session', async () => {
    const account = await h.account();
    const res = await new Browser(h.app).post('/api/auth/login', {
      email: account.email,
      password: PASSWORD,
    });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
  });

  it('403 invalid_csrf for a login without the CSRF value (login CSRF)', async () => {
    const account = await h.account();
    const b = new Browser(h.app);
    await b.bootstrap();
    const res = await b.post(
      '/api/auth/login',
      { email: account.email, password: PASSWORD },
      { noCsrf: true },
    );
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
  });

  it('403 invalid_origin for a login from another origin', async () => {
    const account = await h.account();
    const b = new Browser(h.app);
    await b.bootstrap();
    const res = await b.post(
      '/api/auth/login',
      { email: account.email, password: PASSWORD },
      { headers: { origin: 'https://evil.example' } },
    );
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_origin');
  });

  it('never logs the e-mail, the password, the cookie or the CSRF value', async () => {
    const account = await h.account('registro.sigiloso@example.com');
    const b = new Browser(h.app);
    await b.login(account.email);
    await b.login(account.email, 'senha-errada-secreta');
    const logs = h.ctx.logs.text;
    for (const secret of [account.email, PASSWORD, 'senha-errada-secreta', b.cookie!, b.csrf]) {
      assert.ok(!logs.includes(secret), 'secret in logs');
    }
  });
});

describe(`browser session: second factor (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('asks for the code, then regenerates the session again once it is given', async () => {
    const account = await h.account(undefined, { totp: true });
    const b = new Browser(h.app);
    const first = await b.login(account.email);
    assert.equal(first.status, 200);
    assert.equal(first.json.mfaRequired, true);
    assert.equal(first.json.user, null);
    const pendingCookie = b.cookie;
    // Half signed in is not signed in.
    assert.equal((await b.get('/api/me')).status, 401);
    const res = await b.post('/api/auth/mfa', { code: await h.code() });
    assert.equal(res.status, 200);
    assert.notEqual(b.cookie, pendingCookie);
    assert.notEqual(res.json.csrf, first.json.csrf);
    const user = res.json.user as Record<string, unknown>;
    assert.deepEqual(user.methods, ['pwd', 'otp']);
    assert.equal(user.mfaState, 'verified');
  });

  it('accepts a code one step away, refuses one two steps away', async () => {
    const account = await h.account(undefined, { totp: true });
    const far = new Browser(h.app);
    await far.login(account.email);
    const bad = await far.post('/api/auth/mfa', { code: await h.code(-2) });
    assert.equal(bad.status, 401);
    assert.equal(bad.json.error, 'invalid_code');
    const ok = await far.post('/api/auth/mfa', { code: await h.code(-1) });
    assert.equal(ok.status, 200);
  });

  it('refuses a replayed code (the last accepted step), even in another browser', async () => {
    const account = await h.account(undefined, { totp: true });
    h.clock.t += 120_000; // a fresh step, not used by another test
    const code = await h.code();
    const a = new Browser(h.app);
    await a.login(account.email);
    assert.equal((await a.post('/api/auth/mfa', { code })).status, 200);
    const b = new Browser(h.app);
    await b.login(account.email);
    const replay = await b.post('/api/auth/mfa', { code });
    assert.equal(replay.status, 401);
    assert.equal(replay.json.error, 'invalid_code');
  });

  it('401 invalid_session for /api/auth/mfa without a pending password step', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.post('/api/auth/mfa', { code: '123456' });
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'invalid_session');
  });

  it('401 invalid_session when the code comes more than 5 minutes after the password', async () => {
    const account = await h.account(undefined, { totp: true });
    const b = new Browser(h.app);
    await b.login(account.email);
    h.clock.t += 5 * 60_000 + 1;
    const res = await b.post('/api/auth/mfa', { code: await h.code() });
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'invalid_session');
  });
});

describe(`browser session: logout and end all accesses (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it("ends this product's session only; the account's session in another product stays", async () => {
    const { account, browser } = await signedIn(h);
    const now = Date.now();
    await h.ctx.db.kysely
      .insertInto('sessions')
      .values({
        id: 'ses_other_product',
        token_hash: 'other-product-hash',
        product_id: 'other-product',
        account_id: account.id,
        csrf_secret: 'x',
        auth_time: now,
        methods: '["pwd"]',
        mfa_state: 'none',
        created_at: now,
        expires_at: now + 3_600_000,
        revoked_at: null,
        totp_pending: null,
      })
      .execute();
    const cookie = browser.cookie;
    const res = await browser.post('/api/auth/logout');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { ok: true });
    assert.match(browser.lastSetCookie[0]!, /^__Host-svc-auth=;.*Max-Age=0/);
    const stale = new Browser(h.app);
    stale.jar.set('__Host-svc-auth', { value: cookie!, attributes: [] });
    assert.equal((await stale.get('/api/me')).status, 401);
    const other = await h.ctx.db.kysely
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', 'ses_other_product')
      .executeTakeFirstOrThrow();
    assert.equal(other.revoked_at, null);
  });

  it('400 invalid_request for a logout with a body', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.post('/api/auth/logout', { everywhere: true });
    assert.equal(res.status, 400);
    assert.equal(res.json.error, 'invalid_request');
  });

  it('403 invalid_origin for a logout from another origin', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.post('/api/auth/logout', undefined, {
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_origin');
    assert.equal((await browser.get('/api/me')).status, 200, 'still signed in');
  });

  it('403 invalid_csrf for a logout without the CSRF value', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.post('/api/auth/logout', undefined, { noCsrf: true });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
  });

  it('503 auth_unavailable for a logout when storage is down; the session survives', async () => {
    const { browser } = await signedIn(h);
    const cookie = browser.cookie;
    browser.app = await h.broken();
    const res = await browser.post('/api/auth/logout');
    assert.equal(res.status, 503);
    assert.equal(res.json.error, 'auth_unavailable');
    assert.equal(browser.lastSetCookie.length, 0);
    browser.app = h.app;
    assert.equal(browser.cookie, cookie);
    assert.equal((await browser.get('/api/me')).status, 200);
  });

  it('end all accesses: every session of the account stops, in every browser', async () => {
    const { account, browser } = await signedIn(h);
    const second = new Browser(h.app);
    await second.login(account.email);
    const res = await browser.post('/api/auth/end-all');
    assert.equal(res.status, 200);
    assert.equal((await browser.get('/api/me')).status, 401);
    assert.equal((await second.get('/api/me')).status, 401);
  });
});

describe(`browser session: brute-force protection (${dialect})`, () => {
  let h: Harness;
  const limits = {
    accountNetwork: { max: 3, windowMs: 15 * 60_000 },
    account: { max: 50, windowMs: 60 * 60_000 },
    underAttack: 2,
    network: { max: 6, windowMs: 15 * 60_000 },
  };
  before(async () => {
    h = await harness({ limits });
  });
  after(() => h.dispose());

  let ips = 0;
  const attempt = async (app: Harness['app'], email: string, password: string, ip?: string) => {
    const b = new Browser(app);
    await b.bootstrap();
    // A new address per attempt unless one is given.
    const remoteAddress = ip ?? `198.51.100.${++ips}`;
    return b.post('/api/auth/login', { email, password }, { remoteAddress });
  };

  it('429 too_many_attempts with Retry-After per account and network, across instances, even for the right password', async () => {
    const account = await h.account();
    const other = await h.other();
    // Failures spread over two gateway instances count together.
    const from = '198.51.100.200';
    assert.equal((await attempt(h.app, account.email, 'wrong-password-1', from)).status, 401);
    assert.equal((await attempt(other, account.email, 'wrong-password-2', from)).status, 401);
    assert.equal((await attempt(h.app, account.email, 'wrong-password-3', from)).status, 401);
    const locked = await attempt(other, account.email, PASSWORD, from);
    assert.equal(locked.status, 429);
    assert.equal(locked.json.error, 'too_many_attempts');
    const retry = Number(locked.headers['retry-after']);
    assert.ok(retry > 0 && retry <= 15 * 60, `Retry-After ${retry}`);
    // Another network is not refused; the window ends, and the right password works again from here.
    assert.equal((await attempt(other, account.email, PASSWORD)).status, 200);
    h.clock.t += 15 * 60_000 + 1;
    assert.equal((await attempt(h.app, account.email, PASSWORD, from)).status, 200);
  });

  it('429 per network, whatever e-mails it tries', async () => {
    h.clock.t += 16 * 60_000;
    for (let i = 0; i < limits.network.max; i++) {
      const res = await attempt(h.app, `alvo${i}@example.com`, 'x-wrong-password', '203.0.113.7');
      assert.equal(res.status, 401);
    }
    const res = await attempt(h.app, 'mais-um@example.com', 'x-wrong-password', '203.0.113.7');
    assert.equal(res.status, 429);
    assert.equal(res.json.error, 'too_many_attempts');
    assert.ok(Number(res.headers['retry-after']) > 0);
  });

  it('429 for TOTP codes guessed in a row', async () => {
    h.clock.t += 16 * 60_000;
    const account = await h.account(undefined, { totp: true });
    const b = new Browser(h.app);
    await b.login(account.email);
    const valid = [await h.code(-1), await h.code(), await h.code(1)];
    const codes = ['000000', '111111', '222222', '333333', '444444']
      .filter((c) => !valid.includes(c))
      .slice(0, 3);
    for (const code of codes) assert.equal((await b.post('/api/auth/mfa', { code })).status, 401);
    const res = await b.post('/api/auth/mfa', { code: await h.code() });
    assert.equal(res.status, 429);
    assert.equal(res.json.error, 'too_many_attempts');
  });
});
