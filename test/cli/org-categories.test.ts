// `svc org set --unmask / --mask`: which categories an organisation masks, through the real
// CLI on the test storage. Bad input is a usage error (exit 2) that changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { orgSetCommand } from '../../src/cli/orgs.js';
import { CATEGORIES } from '../../src/privacy/index.js';
import { onPostgres, type TestStorage, testStorage } from '../helpers/db.js';
import { runSvc as svc } from '../helpers/process.js';

describe(`svc org set --mask/--unmask (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let storage: TestStorage;
  let env: Record<string, string>;
  const set = (...args: string[]) => svc(env, 'org', 'set', '--org', 'Catálogo', ...args);

  before(async () => {
    storage = await testStorage();
    env = { ...storage.env, SVC_SECRET: 'categories-test-secret-categories-0000' };
    const made = await svc(
      env,
      'account',
      'create',
      '--email',
      'dona@catalogo.com',
      '--password',
      'senha-forte-123',
      '--org',
      'Catálogo',
    );
    assert.equal(made.code, 0, made.stderr);
  });
  after(() => storage.drop());

  it('masks every category by default', async () => {
    const shown = await svc(env, 'org', 'show', '--org', 'Catálogo');
    assert.deepEqual(shown.json.maskedCategories, CATEGORIES);
    assert.deepEqual(shown.json.unmaskedCategories, []);
  });

  it('--unmask switches categories off, --mask back on, --mask all restores the default', async () => {
    const off = await set('--unmask', 'telefone,nome');
    assert.equal(off.code, 0, off.stderr);
    assert.deepEqual(off.json.unmaskedCategories, ['telefone', 'nome']);
    assert.deepEqual(
      off.json.maskedCategories,
      CATEGORIES.filter((c) => c !== 'telefone' && c !== 'nome'),
    );
    assert.equal(off.json.privacyPolicy, 'placeholder', 'other settings untouched');

    // Each call changes only what it names.
    const more = await set('--unmask', 'email', '--policy', 'redact');
    assert.deepEqual(more.json.unmaskedCategories, ['email', 'telefone', 'nome']);
    assert.equal(more.json.privacyPolicy, 'redact');
    const back = await set('--mask', 'nome');
    assert.deepEqual(back.json.unmaskedCategories, ['email', 'telefone']);
    const swap = await set('--mask', 'email', '--unmask', 'cpf');
    assert.deepEqual(swap.json.unmaskedCategories, ['cpf', 'telefone']);

    const all = await set('--mask', 'all');
    assert.deepEqual(all.json.maskedCategories, CATEGORIES);
    assert.deepEqual(all.json.unmaskedCategories, []);
  });

  it('refuses unknown categories, a category in both flags and an empty value; nothing changes', async () => {
    await set('--unmask', 'telefone');
    for (const args of [
      ['--unmask', 'rg-inexistente'],
      ['--unmask', 'CPF'],
      ['--unmask', 'cpf,,email'],
      ['--mask', 'todas'],
      ['--mask', 'cpf', '--unmask', 'cpf'],
      ['--mask', 'all', '--unmask', 'nome'],
      ['--unmask', ''],
      ['--unmask'],
    ]) {
      const r = await set(...args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, /--(un)?mask/, args.join(' '));
      assert.ok(!r.stderr.includes('    at '), r.stderr);
    }
    const shown = await svc(env, 'org', 'show', '--org', 'Catálogo');
    assert.deepEqual(shown.json.unmaskedCategories, ['telefone']);
  });

  it('--images redact turns image redaction on, refuse off; anything else is a usage error', async () => {
    assert.equal((await svc(env, 'org', 'show', '--org', 'Catálogo')).json.images, 'refuse');
    const on = await set('--images', 'redact');
    assert.equal(on.code, 0, on.stderr);
    assert.equal(on.json.images, 'redact');
    const bad = await set('--images', 'talvez');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--images must be one of refuse, redact/);
    assert.equal((await set('--images', 'refuse')).json.images, 'refuse');
    assert.match(orgSetCommand.usage, /--images refuse\|redact/);
  });

  it('documents the flags and lists the categories in its usage', () => {
    assert.match(orgSetCommand.usage, /--unmask CAT,…/);
    assert.match(orgSetCommand.usage, /--mask CAT,…\|all/);
    for (const c of CATEGORIES) assert.ok(orgSetCommand.usage.includes(c), c);
  });
});
