// Token login: every login code path, every token failure code, the identity
// provider's tokens (a JWKS server on loopback), sign-up and brute-force protection.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { updateUser } from '../../src/contracts/users/store.js';
import { onPostgres } from '../helpers/db.js';
import { type Harness, harness, PASSWORD } from './helpers.js';

const dialect = onPostgres ? 'postgres' : 'sqlite';

describe(`contracts: POST /auth/login (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url: '/auth/login', payload: payload as object, headers });

  it('answers 200 {token, user:{id,email,name,plan}} for the right password (e-mail case-insensitive)', async () => {
    const u = await h.user({ name: 'Maria Teste' });
    const res = await login({ email: u.email.toUpperCase(), password: PASSWORD });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['token', 'user']);
    assert.deepEqual(body.user, { id: u.id, email: u.email, name: 'Maria Teste', plan: 'gratuito' });
    const me = await h.app.inject({ url: '/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().user.id, u.id);
  });

  it('gives the same 401 INVALID_CREDENTIALS for a wrong password and an unknown e-mail', async () => {
    const u = await h.user();
    const wrong = await login({ email: u.email, password: 'senha-errada-123' });
    const unknown = await login({ email: `ninguem-${Date.now()}@example.com`, password: 'senha-errada-123' });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(wrong.json(), unknown.json());
    assert.equal(wrong.json().error, 'INVALID_CREDENTIALS');
    assert.equal(typeof wrong.json().message, 'string');
  });

  it('answers 403 ACCESS_DENIED to a disabled user with the right password only', async () => {
    const u = await h.user({ disabled: true });
    const right = await login({ email: u.email, password: PASSWORD });
    assert.equal(right.statusCode, 403);
    assert.equal(right.json().error, 'ACCESS_DENIED');
    const wrong = await login({ email: u.email, password: 'senha-errada-123' });
    assert.equal(wrong.statusCode, 401);
  });

  it('answers 400 MISSING_CREDENTIALS when the e-mail or the password is absent or empty', async () => {
    for (const payload of [
      {},
      { email: 'a@b.com' },
      { password: 'x' },
      { email: '', password: 'x' },
      { email: 'a@b.com', password: '' },
    ]) {
      const res = await login(payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.deepEqual(Object.keys(res.json()).sort(), ['error', 'message']);
      assert.equal(res.json().error, 'MISSING_CREDENTIALS');
    }
    const none = await h.app.inject({ method: 'POST', url: '/auth/login' });
    assert.equal(none.statusCode, 400);
    assert.equal(none.json().error, 'MISSING_CREDENTIALS');
  });

  it('refuses bad bodies with a clear 4xx: malformed JSON, wrong types, other content types', async () => {
    const malformed = await h.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    assert.equal(malformed.statusCode, 400);
    assert.equal(malformed.json().error, 'INVALID_JSON');
    const types = await login({ email: 12, password: ['x'] });
    assert.equal(types.statusCode, 400);
    const form = await h.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.com&password=x',
    });
    assert.equal(form.statusCode, 415);
    assert.deepEqual(Object.keys(form.json()).sort(), ['error', 'message']);
  });

  it('locks an e-mail after 5 failures with 429 TOO_MANY_ATTEMPTS, even for the right password', async () => {
    const u = await h.user();
    for (let i = 0; i < 5; i++)
      assert.equal((await login({ email: u.email, password: 'errada-errada' })).statusCode, 401);
    const locked = await login({ email: u.email, password: PASSWORD });
    assert.equal(locked.statusCode, 429);
    assert.equal(locked.json().error, 'TOO_MANY_ATTEMPTS');
    assert.ok(Number(locked.headers['retry-after']) > 0);
    // Other e-mails from the same network still work (below the network limit).
    const other = await h.user();
    assert.equal((await login({ email: other.email, password: PASSWORD })).statusCode, 200);
  });

  it('never logs e-mails or passwords', async () => {
    const u = await h.user();
    await login({ email: u.email, password: 'senha-que-nao-pode-vazar' });
    assert.ok(!h.ctx.logs.text.includes(u.email));
    assert.ok(!h.ctx.logs.text.includes('senha-que-nao-pode-vazar'));
    assert.ok(!h.ctx.logs.text.includes(PASSWORD));
  });
});

describe(`contracts: sign-up (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('creates a free-plan user and returns a token; the e-mail cannot be taken twice', async () => {
    const email = `nova-${Date.now()}@example.com`;
    const res = await h.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email, password: 'uma-senha-bem-longa', name: 'Nova Pessoa' },
    });
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().user.plan, 'gratuito');
    const me = await h.app.inject({
      url: '/auth/me',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    assert.equal(me.statusCode, 200);
    const again = await h.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email: email.toUpperCase(), password: 'uma-senha-bem-longa', name: 'X' },
    });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().error, 'EMAIL_TAKEN');
  });

  it('refuses bad sign-ups with 400', async () => {
    for (const payload of [
      { email: 'not-an-email', password: 'uma-senha-bem-longa', name: 'X' },
      { email: 'a@b.com', password: 'curta', name: 'X' },
      { email: 'a@b.com', password: 'uma-senha-bem-longa' },
      { email: 'a@b.com', password: 'uma-senha-bem-longa', name: '   ' },
    ]) {
      const res = await h.app.inject({ method: 'POST', url: '/auth/signup', payload });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
    }
  });
});

describe(`contracts: Bearer tokens (${dialect})`, () => {
  let h: Harness;
  let jwks: Server;
  let jwksUrl: string;
  type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let idpKey: Key;
  let otherKey: Key;
  let jwksUp = true;
  const ISSUER = 'https://idp.example.test/';
  const AUDIENCE = 'svc-contracts-frontend';

  before(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    idpKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwks = createServer((_req, res) => {
      if (!jwksUp) {
        res.writeHead(500).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
    jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`;
    h = await harness({
      CONTRACTS_IDP_ISSUER: ISSUER,
      CONTRACTS_IDP_AUDIENCE: AUDIENCE,
      CONTRACTS_IDP_JWKS_URL: jwksUrl,
      CONTRACTS_TOKEN_TTL: '600',
    });
  });
  after(async () => {
    await h.dispose();
    jwks.close();
  });

  const get = (headers: Record<string, string>) => h.app.inject({ url: '/contracts', headers });
  const code = async (headers: Record<string, string>) => {
    const res = await get(headers);
    return `${res.statusCode} ${res.json().error}`;
  };

  it('MISSING_AUTHORIZATION_HEADER (401) without the header', async () => {
    assert.equal(await code({}), '401 MISSING_AUTHORIZATION_HEADER');
  });

  it('MISSING_TOKEN (401) when the header holds no Bearer token', async () => {
    assert.equal(await code({ authorization: 'Bearer' }), '401 MISSING_TOKEN');
    assert.equal(await code({ authorization: 'Bearer   ' }), '401 MISSING_TOKEN');
    assert.equal(await code({ authorization: '' }), '401 MISSING_TOKEN');
    assert.equal(await code({ authorization: 'Basic dXNlcjpwYXNz' }), '401 MISSING_TOKEN');
  });

  it('INVALID_TOKEN (401) for malformed tokens, bad signatures, other issuers and algorithms', async () => {
    const u = await h.user();
    assert.equal(await code({ authorization: 'Bearer abc.def' }), '401 INVALID_TOKEN');
    assert.equal(await code({ authorization: 'Bearer not-a-jwt-at-all' }), '401 INVALID_TOKEN');
    const [head, body, sig] = u.token.split('.');
    const flipped = `${sig![0] === 'A' ? 'B' : 'A'}${sig!.slice(1)}`;
    assert.equal(await code({ authorization: `Bearer ${head}.${body}.${flipped}` }), '401 INVALID_TOKEN');
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setIssuer('svc-contracts')
      .setAudience('svc-contracts')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    assert.equal(await code({ authorization: `Bearer ${foreign}` }), '401 INVALID_TOKEN');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    assert.equal(await code({ authorization: `Bearer ${none}` }), '401 INVALID_TOKEN');
    assert.equal(await code({ authorization: `Bearer ${u.token} extra` }), '401 INVALID_TOKEN');
  });

  it('TOKEN_EXPIRED (401) after the configured lifetime', async () => {
    const u = await h.user();
    assert.equal((await get(u.auth)).statusCode, 200);
    h.clock.offset += 601_000;
    try {
      assert.equal(await code(u.auth), '401 TOKEN_EXPIRED');
    } finally {
      h.clock.offset -= 601_000;
    }
  });

  it('AUTHENTICATION_FAILED (401) for a valid token whose user no longer exists; 403 once disabled', async () => {
    const u = await h.user();
    await updateUser(h.ctx.db.kysely, u.id, { disabled: 1 });
    assert.equal(await code(u.auth), '403 ACCESS_DENIED');
    await h.ctx.db.kysely.deleteFrom('contract_users').where('id', '=', u.id).execute();
    assert.equal(await code(u.auth), '401 AUTHENTICATION_FAILED');
  });

  const idpToken = (
    claims: Record<string, unknown>,
    key = idpKey,
    options: { aud?: string; exp?: string | number } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(options.aud ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.exp ?? '5m')
      .sign(key);

  it("accepts the identity provider's tokens, mapped to the local user by e-mail", async () => {
    const u = await h.user();
    const token = await idpToken({ email: u.email.toUpperCase(), email_verified: true, sub: 'idp-123' });
    const res = await h.app.inject({ url: '/auth/me', headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().user.id, u.id);
  });

  it('refuses provider tokens that are signed by another key, for another audience, expired, unmapped or unverified', async () => {
    const u = await h.user();
    const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
    assert.equal(await code(bearer(await idpToken({ email: u.email }, otherKey))), '401 INVALID_TOKEN');
    assert.equal(
      await code(bearer(await idpToken({ email: u.email }, idpKey, { aud: 'x' }))),
      '401 INVALID_TOKEN',
    );
    const past = Math.floor(Date.now() / 1000) - 60;
    assert.equal(
      await code(bearer(await idpToken({ email: u.email }, idpKey, { exp: past }))),
      '401 TOKEN_EXPIRED',
    );
    assert.equal(
      await code(bearer(await idpToken({ email: 'ninguem@example.com' }))),
      '401 AUTHENTICATION_FAILED',
    );
    assert.equal(
      await code(bearer(await idpToken({ email: u.email, email_verified: false }))),
      '401 AUTHENTICATION_FAILED',
    );
    assert.equal(await code(bearer(await idpToken({ sub: 'sem-email' }))), '401 AUTHENTICATION_FAILED');
  });

  it('answers 503 AUTHENTICATION_FAILED when the JWKS cannot be fetched', async () => {
    // A fresh app, so the key set is not cached yet.
    const fresh = await harness({
      CONTRACTS_IDP_ISSUER: ISSUER,
      CONTRACTS_IDP_AUDIENCE: AUDIENCE,
      CONTRACTS_IDP_JWKS_URL: jwksUrl,
    });
    jwksUp = false;
    try {
      const u = await fresh.user();
      const res = await fresh.app.inject({
        url: '/contracts',
        headers: { authorization: `Bearer ${await idpToken({ email: u.email })}` },
      });
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().error, 'AUTHENTICATION_FAILED');
    } finally {
      jwksUp = true;
      await fresh.dispose();
    }
  });
});
