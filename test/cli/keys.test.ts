// `svc key create` with controls, `svc key set`, `svc key list`: real processes on test storage.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { onPostgres, type TestStorage, testStorage } from '../helpers/db.js';
import { runSvc as svc } from '../helpers/process.js';

describe(`svc key create, set and list (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let storage: TestStorage;
  let env: Record<string, string>;
  before(async () => {
    storage = await testStorage();
    env = { ...storage.env, SVC_SECRET: 'cli-keys-secret-cli-keys-secret-000000' };
    const created = await svc(
      env,
      'account',
      'create',
      '--email',
      'dona@loja.com.br',
      '--password',
      'senha-forte-123',
      '--org',
      'Loja',
    );
    assert.equal(created.code, 0, created.stderr);
  });
  after(() => storage.drop());

  it('creates a key with its controls, changes and clears them, and lists keys without secrets', async () => {
    const next = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const created = await svc(
      env,
      ...['key', 'create', '--email', 'dona@loja.com.br', '--name', 'ci', '--org', 'Loja'],
      ...[
        '--budget-usd',
        '25.5',
        '--expires',
        next,
        '--models',
        'svc/eco, gpt-4o-mini',
        '--rpm',
        '60',
        '--tpm',
        '9000',
      ],
    );
    assert.equal(created.code, 0, created.stderr);
    const { key, secret } = created.json;
    assert.deepEqual(
      [key.budgetUsd, key.expiresAt, key.models, key.requestsPerMinute, key.tokensPerMinute],
      [25.5, `${next}T00:00:00.000Z`, ['svc/eco', 'gpt-4o-mini'], 60, 9000],
    );
    const personal = await svc(env, 'key', 'create', '--email', 'dona@loja.com.br', '--name', 'pessoal');
    assert.equal(personal.code, 0, personal.stderr);

    const set = await svc(
      env,
      'key',
      'set',
      key.id,
      '--budget-usd',
      'none',
      '--rpm',
      '10',
      '--models',
      'none',
    );
    assert.equal(set.code, 0, set.stderr);
    assert.deepEqual(
      [
        set.json.budgetUsd,
        set.json.models,
        set.json.requestsPerMinute,
        set.json.tokensPerMinute,
        set.json.expiresAt,
      ],
      [null, null, 10, 9000, `${next}T00:00:00.000Z`],
    );

    const all = await svc(env, 'key', 'list', '--email', 'dona@loja.com.br');
    assert.equal(all.code, 0, all.stderr);
    assert.deepEqual(
      all.json.map((k: { name: string }) => k.name),
      ['pessoal', 'ci'],
    );
    const listed = all.json[1];
    assert.deepEqual(Object.keys(listed).sort(), [
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
      'owner',
      'requestsPerMinute',
      'tokensPerMinute',
    ]);
    assert.deepEqual([listed.id, listed.last4, listed.owner], [key.id, secret.slice(-4), 'dona@loja.com.br']);
    assert.ok(!JSON.stringify(all.json).includes(secret.slice(5)), 'never the secret');
    const org = await svc(env, 'key', 'list', '--email', 'dona@loja.com.br', '--org', 'Loja');
    assert.deepEqual(
      org.json.map((k: { id: string }) => k.id),
      [key.id],
    );
  });

  it('exits 2 with the flag named for a bad control, an unknown key, or nothing to change', async () => {
    const made = await svc(env, 'key', 'create', '--email', 'dona@loja.com.br', '--name', 'alvo');
    const id = made.json.key.id as string;
    const bad: [string[], RegExp][] = [
      [['--budget-usd', 'dez'], /--budget-usd must be/],
      [['--budget-usd', '0'], /--budget-usd must be/],
      [['--expires', '2020-01-01'], /--expires must be a future date/],
      [['--expires', '31/12/2030'], /--expires must be/],
      [['--rpm', '1.5'], /--rpm must be a whole number/],
      [['--tpm', ''], /--tpm must be/],
      [['--models', ','], /--models must be/],
    ];
    for (const [flags, message] of bad) {
      const res = await svc(env, 'key', 'set', id, ...flags);
      assert.equal(res.code, 2, flags.join(' '));
      assert.match(res.stderr, message);
      const create = await svc(env, 'key', 'create', '--email', 'dona@loja.com.br', '--name', 'x', ...flags);
      assert.equal(create.code, 2, flags.join(' '));
    }
    assert.match((await svc(env, 'key', 'set', 'key_nenhuma', '--rpm', '5')).stderr, /no key key_nenhuma/);
    assert.match((await svc(env, 'key', 'set', id)).stderr, /at least one control/);
    assert.match((await svc(env, 'key', 'set', '--rpm', '5')).stderr, /KEY_ID is required/);
    const list = await svc(env, 'key', 'list', '--email', 'dona@loja.com.br');
    assert.equal(list.json.find((k: { id: string }) => k.id === id).requestsPerMinute, null, 'unchanged');
  });
});
