// The browser flow end to end on the real gateway app, with a cookie jar fed only by
// Set-Cookie: bootstrap → login → MFA → create key → use it on /v1 → revoke → refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generate } from 'otplib';
import { createAccount, updateAccount } from '../../../src/gateway/accounts/store.js';
import { sealTotpSecret, totpKey } from '../../../src/gateway/accounts/totp.js';
import { createGatewayApp } from '../../../src/gateway/app.js';
import type { App } from '../../../src/platform/http/app.js';
import { type TestContext, testContext } from '../../helpers/context.js';
import { onPostgres } from '../../helpers/db.js';
import { Browser, ORIGIN, PASSWORD, TOTP_SECRET } from './helpers.js';

describe(`browser flow end to end (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let ctx: TestContext;
  let app: App;
  before(async () => {
    ctx = await testContext({ PUBLIC_ORIGIN: ORIGIN });
    app = await createGatewayApp(ctx);
    await app.ready();
  });
  after(async () => {
    await app.close();
    await ctx.dispose();
  });

  it('bootstrap → login → MFA → create key → /v1/privacy/clean → revoke → 401', async () => {
    const account = await createAccount(ctx.db.kysely, { email: 'fluxo@example.com', password: PASSWORD });
    await updateAccount(ctx.db.kysely, account.id, {
      totp_secret: sealTotpSecret(totpKey(ctx.secret), TOTP_SECRET),
    });
    const browser = new Browser(app);

    const boot = await browser.get('/api/auth/bootstrap');
    assert.equal(boot.status, 200);
    const cookies = [browser.cookie];

    const login = await browser.post('/api/auth/login', { email: account.email, password: PASSWORD });
    assert.equal(login.status, 200);
    assert.equal(login.json.mfaRequired, true);
    cookies.push(browser.cookie);

    const code = await generate({ secret: TOTP_SECRET });
    const mfa = await browser.post('/api/auth/mfa', { code });
    assert.equal(mfa.status, 200);
    cookies.push(browser.cookie);
    assert.equal(new Set(cookies).size, 3, 'a new cookie at every step');

    const me = await browser.get('/api/me');
    assert.equal((me.json.user as Record<string, unknown>).mfaState, 'verified');

    const created = await browser.post('/api/account/keys/create', { name: 'fluxo', organizationId: null });
    assert.equal(created.status, 200);
    const secret = String(created.json.secret);
    const id = (created.json.key as Record<string, unknown>).id;

    const clean = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/privacy/clean',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'Meu CPF é 529.982.247-25.' }),
      });
    const used = await clean(secret);
    assert.equal(used.statusCode, 200, used.body);
    assert.ok(!used.body.includes('529.982.247-25'));

    const revoked = await browser.post('/api/account/keys/revoke', { id });
    assert.equal(revoked.status, 200);

    const refused = await clean(secret);
    assert.equal(refused.statusCode, 401);
    assert.ok(!refused.body.includes(secret));
    assert.ok(!ctx.logs.text.includes(secret), 'secret in logs');
  });
});
