// Account routes: /api/me, profile with revisions, avatar, plus sign-up,
// password change and TOTP enrolment.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { generate } from 'otplib';
import sharp from 'sharp';
import { onPostgres } from '../../helpers/db.js';
import { Browser, type Harness, harness, PASSWORD, signedIn } from './helpers.js';

const dialect = onPostgres ? 'postgres' : 'sqlite';

describe(`account: session user and profile (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('GET /api/me: the session user', async () => {
    const { account, browser } = await signedIn(h);
    const res = await browser.get('/api/me');
    assert.equal(res.status, 200);
    const user = res.json.user as Record<string, unknown>;
    assert.deepEqual(Object.keys(user).sort(), [
      'audience',
      'authTime',
      'identityId',
      'methods',
      'mfaState',
      'productId',
      'sessionId',
    ]);
    assert.equal(user.identityId, account.id);
    assert.equal(user.productId, 'svc');
    assert.equal(user.authTime, new Date(h.clock.t).toISOString());
    assert.deepEqual(user.methods, ['pwd']);
    assert.equal(user.mfaState, 'none');
  });

  for (const path of ['/api/me', '/api/account/profile', '/api/account/avatar', '/api/account/keys']) {
    it(`401 invalid_session: GET ${path} without a session`, async () => {
      const res = await new Browser(h.app).get(path);
      assert.equal(res.status, 401);
      assert.equal(res.json.error, 'invalid_session');
    });

    it(`503 auth_unavailable: GET ${path} when storage is down`, async () => {
      const { browser } = await signedIn(h);
      browser.app = await h.broken();
      const res = await browser.get(path);
      assert.equal(res.status, 503);
      assert.equal(res.json.error, 'auth_unavailable');
    });
  }

  it('GET /api/account/profile', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.get('/api/account/profile');
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.json.profile as object).sort(), [
      'locale',
      'name',
      'revision',
      'theme',
      'timeZone',
    ]);
  });

  it('PATCH /api/account/profile bumps the revision', async () => {
    const { browser } = await signedIn(h);
    const before = (await browser.get('/api/account/profile')).json.profile as Record<string, unknown>;
    const res = await browser.send('PATCH', '/api/account/profile', {
      body: {
        revision: before.revision,
        name: 'Maria',
        locale: 'en-us',
        timeZone: 'Europe/Lisbon',
        theme: 'dark',
      },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.profile, {
      name: 'Maria',
      locale: 'en-US',
      timeZone: 'Europe/Lisbon',
      theme: 'dark',
      revision: Number(before.revision) + 1,
    });
  });

  it('409 revision_conflict for a stale revision; nothing is overwritten', async () => {
    const { browser } = await signedIn(h);
    const { revision } = (await browser.get('/api/account/profile')).json.profile as { revision: number };
    assert.equal(
      (await browser.send('PATCH', '/api/account/profile', { body: { revision, name: 'A' } })).status,
      200,
    );
    const stale = await browser.send('PATCH', '/api/account/profile', { body: { revision, name: 'B' } });
    assert.equal(stale.status, 409);
    assert.equal(stale.json.error, 'revision_conflict');
    const now = (await browser.get('/api/account/profile')).json.profile as Record<string, unknown>;
    assert.equal(now.name, 'A');
  });

  it('400 invalid_request for a bad time zone, locale or theme', async () => {
    const { browser } = await signedIn(h);
    for (const patch of [{ timeZone: 'Mars/Olympus' }, { locale: 'not a locale!' }, { theme: 'neon' }]) {
      const res = await browser.send('PATCH', '/api/account/profile', { body: { revision: 1, ...patch } });
      assert.equal(res.status, 400, JSON.stringify(patch));
      assert.equal(res.json.error, 'invalid_request');
    }
  });
});

describe(`account: avatar (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  const upload = (browser: Browser, image: Buffer, type: string) =>
    browser.send('PUT', '/api/account/avatar', { payload: image, headers: { 'content-type': type } });

  it('404 not_found without a photo', async () => {
    const { browser } = await signedIn(h);
    const res = await browser.get('/api/account/avatar');
    assert.equal(res.status, 404);
    assert.equal(res.json.error, 'not_found');
  });

  it('converts a PNG to WebP and serves it with Cache-Control: no-store', async () => {
    const { browser } = await signedIn(h);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    assert.equal((await upload(browser, png, 'image/png')).status, 200);
    const res = await browser.get('/api/account/avatar');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'image/webp');
    assert.equal(res.headers['cache-control'], 'no-store');
    const meta = await sharp(res.raw).metadata();
    assert.equal(meta.format, 'webp');
    assert.ok(res.raw.length <= 64 * 1024);
  });

  it('shrinks a large, noisy JPEG (well above 64 KiB) to a WebP of at most 64 KiB', async () => {
    const { browser } = await signedIn(h);
    const side = 1200;
    const noise = randomBytes(side * side * 3);
    const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    assert.ok(jpeg.length > 256 * 1024, `input ${jpeg.length} bytes`);
    assert.equal((await upload(browser, jpeg, 'image/jpeg')).status, 200);
    const res = await browser.get('/api/account/avatar');
    assert.equal(res.status, 200);
    assert.ok(res.raw.length <= 64 * 1024, `avatar ${res.raw.length} bytes`);
    assert.equal((await sharp(res.raw).metadata()).format, 'webp');
  });

  it('400 invalid_image for bytes that are no image; 415 for a JSON body', async () => {
    const { browser } = await signedIn(h);
    const bad = await upload(browser, Buffer.from('definitely not a png'), 'image/png');
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error, 'invalid_image');
    const json = await browser.send('PUT', '/api/account/avatar', {
      body: { url: 'https://x.example/a.png' },
    });
    assert.equal(json.status, 415);
  });

  it('reads only the caller’s own photo: query parameters select nothing', async () => {
    const { browser: owner } = await signedIn(h);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await upload(owner, png, 'image/png');
    const me = (await owner.get('/api/me')).json.user as { identityId: string };
    const { browser: other } = await signedIn(h);
    const res = await other.get(`/api/account/avatar?user=${me.identityId}&url=blob:x`);
    assert.equal(res.status, 404);
  });

  it('upload requires Origin and CSRF', async () => {
    const { browser } = await signedIn(h);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const res = await browser.send('PUT', '/api/account/avatar', {
      payload: png,
      headers: { 'content-type': 'image/png' },
      noCsrf: true,
    });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'invalid_csrf');
  });
});

describe(`account: sign-up, password, TOTP enrolment (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('signs up: an account awaiting release, signed in with a regenerated session', async () => {
    const b = new Browser(h.app);
    await b.bootstrap();
    const cookie = b.cookie;
    const res = await b.post('/api/auth/signup', {
      email: 'nova@example.com',
      password: PASSWORD,
      name: 'Nova',
    });
    assert.equal(res.status, 200);
    assert.notEqual(b.cookie, cookie);
    const row = await h.ctx.db.kysely
      .selectFrom('accounts')
      .select(['released', 'name'])
      .where('email', '=', 'nova@example.com')
      .executeTakeFirstOrThrow();
    assert.equal(row.released, 0);
    assert.equal(row.name, 'Nova');
    assert.equal((await b.get('/api/me')).status, 200);
  });

  it('sign-up codes: 409 email_taken, 400 invalid_email, 400 invalid_password', async () => {
    const account = await h.account();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: account.email.toUpperCase(), password: PASSWORD }, 409, 'email_taken'],
      [{ email: 'sem-arroba', password: PASSWORD }, 400, 'invalid_email'],
      [{ email: 'curta@example.com', password: 'curta' }, 400, 'invalid_password'],
    ];
    for (const [body, status, code] of cases) {
      const b = new Browser(h.app);
      await b.bootstrap();
      const res = await b.post('/api/auth/signup', body);
      assert.equal(res.status, status, code);
      assert.equal(res.json.error, code);
    }
  });

  it('password change: keys stop, other sessions end, this browser gets a new session', async () => {
    const { account, browser } = await signedIn(h);
    const elsewhere = new Browser(h.app);
    await elsewhere.login(account.email);
    await browser.post('/api/account/keys/create', { name: 'k', organizationId: null });
    const cookie = browser.cookie;
    const newPassword = 'uma senha nova e longa';
    const res = await browser.post('/api/account/password', { currentPassword: PASSWORD, newPassword });
    assert.equal(res.status, 200);
    assert.notEqual(browser.cookie, cookie);
    assert.equal((await browser.get('/api/me')).status, 200);
    assert.equal((await elsewhere.get('/api/me')).status, 401);
    const keys = (await browser.get('/api/account/keys')).json.keys as Record<string, unknown>[];
    assert.equal(keys[0]!.active, false);
    assert.equal(keys[0]!.revokedAt, null);
    assert.equal((await new Browser(h.app).login(account.email)).status, 401);
    assert.equal((await new Browser(h.app).login(account.email, newPassword)).status, 200);
  });

  it('password change: 401 invalid_credentials for a wrong current password, 400 invalid_password', async () => {
    const { browser } = await signedIn(h);
    const wrong = await browser.post('/api/account/password', {
      currentPassword: 'não é esta senha',
      newPassword: 'outra senha comprida',
    });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.json.error, 'invalid_credentials');
    const short = await browser.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'x',
    });
    assert.equal(short.status, 400);
    assert.equal(short.json.error, 'invalid_password');
    assert.equal((await browser.get('/api/me')).status, 200, 'still signed in');
  });

  it('TOTP enrolment: secret, otpauth URI and PNG QR; confirm regenerates the session; login then asks for it', async () => {
    const { account, browser } = await signedIn(h);
    const setup = await browser.post('/api/account/totp/setup');
    assert.equal(setup.status, 200);
    const secret = String(setup.json.secret);
    assert.match(String(setup.json.uri), /^otpauth:\/\/totp\/.*secret=/);
    assert.match(String(setup.json.qr), /^data:image\/png;base64,/);
    const wrong = await browser.post('/api/account/totp/confirm', { code: '000000' });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.json.error, 'invalid_code');
    const cookie = browser.cookie;
    const code = await generate({ secret, epoch: Math.floor(h.clock.t / 1000) });
    const ok = await browser.post('/api/account/totp/confirm', { code });
    assert.equal(ok.status, 200);
    assert.notEqual(browser.cookie, cookie);
    assert.equal((ok.json.user as Record<string, unknown>).mfaState, 'verified');
    // The confirming code is spent.
    const again = new Browser(h.app);
    assert.equal((await again.login(account.email)).json.mfaRequired, true);
    assert.equal((await again.post('/api/auth/mfa', { code })).status, 401);
    const stored = await h.ctx.db.kysely
      .selectFrom('accounts')
      .select('totp_secret')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    assert.ok(!String(stored.totp_secret).includes(secret), 'stored encrypted');
    const twice = await browser.post('/api/account/totp/setup');
    assert.equal(twice.status, 409);
    assert.equal(twice.json.error, 'totp_already_enabled');
  });

  it('TOTP enrolment: 401 reauth_required after 5 minutes; 409 totp_not_started', async () => {
    const { browser } = await signedIn(h);
    const early = await browser.post('/api/account/totp/confirm', { code: '123456' });
    assert.equal(early.status, 409);
    assert.equal(early.json.error, 'totp_not_started');
    h.clock.t += 5 * 60_000 + 1;
    const res = await browser.post('/api/account/totp/setup');
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'reauth_required');
  });
});
