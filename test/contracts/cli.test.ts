// `svc user create` / `svc user set` as the real process, then a login with the created user.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createContractsApp } from '../../src/contracts/app.js';
import { onPostgres } from '../helpers/db.js';
import { runSvc as svc } from '../helpers/process.js';
import { type TestContext, testContext } from '../helpers/context.js';

describe(`svc user (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let ctx: TestContext;
  let env: Record<string, string>;
  before(async () => {
    ctx = await testContext();
    env = {
      ...(ctx.config.databaseUrl ? { DATABASE_URL: ctx.config.databaseUrl } : {}),
      SVC_DATA_DIR: ctx.config.dataDir,
      SVC_SECRET: ctx.secret,
    };
  });
  after(() => ctx.dispose());

  it('creates a user who can sign in, with a plan; disabling gives 403', async () => {
    const email = `cli-${Date.now()}@example.com`;
    const created = await svc(
      env,
      'user',
      'create',
      '--email',
      email,
      '--password',
      'senha-forte-123',
      '--name',
      'Ana CLI',
      '--plan',
      'profissional',
    );
    assert.equal(created.code, 0, created.stderr);
    assert.equal(created.json.user.email, email);
    assert.equal(created.json.user.plan, 'profissional');
    const app = await createContractsApp(ctx);
    const login = () =>
      app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: 'senha-forte-123' } });
    assert.equal((await login()).json().user.plan, 'profissional');
    const dup = await svc(
      env,
      'user',
      'create',
      '--email',
      email,
      '--password',
      'senha-forte-123',
      '--name',
      'X',
    );
    assert.equal(dup.code, 2);
    assert.match(dup.stderr, /already exists/);
    assert.equal((await svc(env, 'user', 'set', '--email', email, '--disabled')).code, 0);
    assert.equal((await login()).statusCode, 403);
    await app.close();
  });

  it('refuses bad options with exit 2 and a clear message', async () => {
    const cases: [string[], RegExp][] = [
      [['--email', 'a@b.com', '--password', 'senha-forte-123'], /--name is required/],
      [
        ['--email', 'a@b.com', '--password', 'senha-forte-123', '--name', 'X', '--plan', 'ouro'],
        /--plan must be one of/,
      ],
      [['--email', 'nope', '--password', 'senha-forte-123', '--name', 'X'], /not an e-mail/],
      [['--email', 'a@b.com', '--password', 'curta', '--name', 'X'], /--password must have/],
    ];
    for (const [args, pattern] of cases) {
      const r = await svc(env, 'user', 'create', ...args);
      assert.equal(r.code, 2);
      assert.match(r.stderr, pattern);
    }
  });
});
