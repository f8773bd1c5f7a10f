// The operator CLI end to end, and revocation that holds across gateway instances: two
// real gateway processes on one database; a key revoked by a third process is refused by
// both on the very next request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generate } from 'otplib';
import pino from 'pino';
import { createGatewayApp } from '../../src/gateway/app.js';
import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/context.js';
import { Browser, ORIGIN, PASSWORD, TOTP_SECRET } from '../gateway/accounts/helpers.js';
import { onPostgres, type TestStorage, testStorage } from '../helpers/db.js';
import { type Child, spawnSvc, runSvc as svc } from '../helpers/process.js';

describe(`operator CLI and cross-instance revocation (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let storage: TestStorage;
  let env: Record<string, string>;
  before(async () => {
    storage = await testStorage();
    env = { ...storage.env, SVC_SECRET: 'cli-test-secret-cli-test-secret-000000' };
  });
  after(() => storage.drop());

  it('creates accounts, organisations and keys, and sets organisation settings', async () => {
    const created = await svc(
      env,
      'account',
      'create',
      '--email',
      'Dono@Acme.com',
      '--password',
      'senha-forte-123',
      '--org',
      'Acme',
      '--policy',
      'redact',
    );
    assert.equal(created.code, 0, created.stderr);
    assert.equal(created.json.account.email, 'dono@acme.com');
    assert.deepEqual([created.json.organization.name, created.json.organization.role], ['Acme', 'owner']);

    const again = await svc(
      env,
      'account',
      'create',
      '--email',
      'dono@acme.com',
      '--password',
      'senha-forte-123',
    );
    assert.equal(again.code, 2);
    assert.match(again.stderr, /already exists/);

    const key = await svc(env, 'key', 'create', '--email', 'dono@acme.com', '--name', 'ci', '--org', 'Acme');
    assert.equal(key.code, 0, key.stderr);
    assert.match(key.json.secret, /^svck_[0-9A-Za-z]{38}$/);
    assert.equal(key.json.key.last4, key.json.secret.slice(-4));

    const set = await svc(
      env,
      'org',
      'set',
      '--org',
      'Acme',
      '--networks',
      '10.0.0.0/8,2001:db8::/32',
      '--models',
      'svc/a',
      '--rpm',
      '120',
    );
    assert.equal(set.code, 0, set.stderr);
    assert.deepEqual(set.json.allowedNetworks, ['10.0.0.0/8', '2001:db8::/32']);
    assert.equal(set.json.privacyPolicy, 'redact');
    assert.equal(set.json.requestsPerMinute, 120);
    const reset = await svc(
      env,
      'org',
      'set',
      '--org',
      'Acme',
      '--networks',
      'any',
      '--models',
      'all',
      '--rpm',
      'default',
    );
    assert.equal(reset.json.allowedNetworks, null);
  });

  it('enrols a second factor with --mfa-secret that the browser login then asks for', async () => {
    const made = await svc(
      env,
      'account',
      'create',
      '--email',
      'mfa@acme.com',
      '--password',
      PASSWORD,
      '--mfa-secret',
      TOTP_SECRET,
    );
    assert.equal(made.code, 0, made.stderr);
    assert.equal(made.json.account.mfa, true);
    const ctx = await createContext(loadConfig({ ...env, PUBLIC_ORIGIN: ORIGIN }), pino({ level: 'silent' }));
    const app = await createGatewayApp(ctx);
    try {
      const browser = new Browser(app);
      await browser.get('/api/auth/bootstrap');
      const login = await browser.post('/api/auth/login', { email: 'mfa@acme.com', password: PASSWORD });
      assert.equal(login.status, 200);
      assert.equal(login.json.mfaRequired, true);
      const mfa = await browser.post('/api/auth/mfa', { code: await generate({ secret: TOTP_SECRET }) });
      assert.equal(mfa.status, 200, JSON.stringify(mfa.json));
      const me = (await browser.get('/api/me')).json as { user: { methods: string[] } };
      assert.deepEqual(me.user.methods.sort(), ['otp', 'pwd']);
    } finally {
      await app.close();
      await ctx.db.close();
    }
    const bad = await svc(
      env,
      'account',
      'create',
      '--email',
      'mfa2@acme.com',
      '--password',
      PASSWORD,
      '--mfa-secret',
      'not base32!',
    );
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--mfa-secret/);
  });

  it('refuses an --mfa-secret no code could ever match: under 128 bits or not decodable', async () => {
    const cases: [string, RegExp][] = [
      ['JBSWY3DPEHPK3PXP', /--mfa-secret must have at least 26 base32 characters/], // 80 bits
      ['A'.repeat(25), /--mfa-secret must have at least 26/],
      ['A'.repeat(27), /--mfa-secret is not base32 otplib can decode/],
      ['JBSWY3DPEHPK3PXPJBSWY3DPEH', /--mfa-secret is not base32 otplib can decode/], // stray bits
      ['A'.repeat(104), /--mfa-secret must have at most 103/],
    ];
    for (const [secret, message] of cases) {
      const res = await svc(
        env,
        'account',
        'create',
        '--email',
        'mfa3@acme.com',
        '--password',
        PASSWORD,
        '--mfa-secret',
        secret,
      );
      assert.equal(res.code, 2, secret);
      assert.match(res.stderr, message, secret);
    }
    // Spaces, lower case and padding are forgiven: 26 characters (130 bits) is enough.
    const ok = await svc(
      env,
      'account',
      'create',
      '--email',
      'mfa3@acme.com',
      '--password',
      PASSWORD,
      '--mfa-secret',
      'jbsw y3dp ehpk 3pxp jbsw y3dp ea==',
    );
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(ok.json.account.mfa, true);
  });

  it('rejects bad arguments with exit 2 and a message naming the option', async () => {
    const cases: [string[], RegExp][] = [
      [['account', 'create', '--email', 'x@y.com'], /--password is required/],
      [['account', 'create', '--email', 'nope', '--password', 'senha-forte-123'], /--email/],
      [['account', 'create', '--email', 'a@b.com', '--password', 'curta'], /--password must have/],
      [
        [
          'account',
          'create',
          '--email',
          'a@b.com',
          '--password',
          'senha-forte-123',
          '--role',
          'boss',
          '--org',
          'X',
        ],
        /--role must be one of/,
      ],
      [['key', 'create', '--email', 'ghost@acme.com', '--name', 'x'], /no account/],
      [['key', 'create', '--email', 'dono@acme.com', '--name', 'x'.repeat(61)], /--name must have/],
      // An account of no organisation (the second-factor test's) asks for a key of Acme.
      [['key', 'create', '--email', 'mfa@acme.com', '--name', 'x', '--org', 'Acme'], /not a member/],
      [['org', 'set', '--org', 'Acme', '--policy', 'lenient'], /--policy must be one of/],
      [['org', 'set', '--org', 'Acme', '--networks', '300.1.1.1/8'], /--networks/],
      [['org', 'set', '--org', 'Acme', '--bogus', '1'], /Unknown option '--bogus'/],
      [['org', 'show'], /--org is required/],
    ];
    for (const [args, pattern] of cases) {
      const r = await svc(env, ...args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, pattern);
      assert.ok(!r.stderr.includes('    at '), r.stderr);
    }
  });

  it('refuses a revoked key on every gateway instance at once', async () => {
    await svc(env, 'account', 'create', '--email', 'rev@acme.com', '--password', 'senha-forte-123');
    const { json } = await svc(env, 'key', 'create', '--email', 'rev@acme.com', '--name', 'shared');
    const instances: Child[] = [1, 2].map(() =>
      spawnSvc(['serve', 'gateway'], { ...env, GATEWAY_PORT: '0' }),
    );
    try {
      const urls = await Promise.all(
        instances.map(
          async (c) =>
            ((await c.waitFor((l) => l.event === 'listening')) as { urls: { gateway: string } }).urls.gateway,
        ),
      );
      const call = (url: string) =>
        fetch(`${url}/v1/privacy/clean`, {
          method: 'POST',
          headers: { authorization: `Bearer ${json.secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'cpf 529.982.247-25' }),
        }).then((r) => r.status);
      assert.deepEqual(await Promise.all(urls.map(call)), [200, 200]);
      const revoked = await svc(env, 'key', 'revoke', '--email', 'rev@acme.com', '--id', json.key.id);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.deepEqual(await Promise.all(urls.map(call)), [401, 401]);
    } finally {
      for (const c of instances) c.proc.kill('SIGTERM');
      await Promise.all(instances.map((c) => c.exit()));
    }
  });
});
