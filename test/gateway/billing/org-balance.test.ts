// An organisation's credit: the operator adds it with the real `svc credit grant` (idempotent
// per reference, never below zero), and its owner or an admin reads it with the latest
// movements; a member is refused, a stranger does not learn the organisation exists.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { organizationBalance } from '../../../src/gateway/billing/org-balance.js';
import { findOrganization } from '../../../src/gateway/orgs/store.js';
import { loadConfig } from '../../../src/config.js';
import { createContext } from '../../../src/context.js';
import type { Context } from '../../../src/platform/context.js';
import { ApiError } from '../../../src/platform/http/errors.js';
import { createLogger } from '../../../src/platform/logger.js';
import { onPostgres, type TestStorage, testStorage } from '../../helpers/db.js';
import { runSvc as svc } from '../../helpers/process.js';

describe(`organisation credit (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let storage: TestStorage;
  let env: Record<string, string>;
  let ctx: Context;
  let orgId: string;
  const grant = (...args: string[]) => svc(env, 'credit', 'grant', '--org', 'Prepaga', ...args);
  const accountId = async (email: string) =>
    (
      await ctx.db.kysely
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  const refusal = (code: string) => (err: unknown) => err instanceof ApiError && err.code === code;

  before(async () => {
    storage = await testStorage();
    env = { ...storage.env, SVC_SECRET: 'org-balance-test-secret-org-balance-00' };
    const account = async (email: string, ...extra: string[]) => {
      const made = await svc(
        env,
        'account',
        'create',
        '--email',
        email,
        '--password',
        'senha-forte-123',
        ...extra,
      );
      assert.equal(made.code, 0, made.stderr);
    };
    await account('dona@prepaga.com', '--org', 'Prepaga');
    await account('admin@prepaga.com', '--org', 'Prepaga', '--role', 'admin');
    await account('membro@prepaga.com', '--org', 'Prepaga', '--role', 'member');
    await account('outra@fora.com', '--org', 'Fora');
    assert.equal((await svc(env, 'org', 'set', '--org', 'Prepaga', '--billing', 'prepaid')).code, 0);
    ctx = await createContext(loadConfig(env), createLogger('silent'));
    orgId = (await findOrganization(ctx.db.kysely, 'Prepaga'))!.id;
  });
  after(async () => {
    await ctx?.db.close();
    await storage.drop();
  });

  it('svc credit grant adds credit once per reference', async () => {
    const first = await grant('--usd', '25', '--reference', 'ted-001');
    assert.equal(first.code, 0, first.stderr);
    assert.deepEqual(first.json, { organizacao: orgId, aplicado: true, saldo_usd: '25.00' });
    const again = await grant('--usd', '25', '--reference', 'ted-001');
    assert.equal(again.code, 0);
    assert.deepEqual(again.json, { organizacao: orgId, aplicado: 'duplicate', saldo_usd: '25.00' });
    const back = await grant('--usd=-2.50');
    assert.equal(back.json.saldo_usd, '22.50');
  });

  it('takes back no more than the balance, and refuses malformed amounts and unknown organisations', async () => {
    const tooMuch = await grant('--usd=-1000');
    assert.equal(tooMuch.code, 1);
    assert.equal(tooMuch.json, undefined);
    for (const usd of ['abc', '0', '1e3', '1.1234567']) {
      const bad = await grant('--usd', usd);
      assert.equal(bad.code, 2, `--usd ${usd}`);
    }
    const unknown = await svc(env, 'credit', 'grant', '--org', 'Nenhuma', '--usd', '5');
    assert.equal(unknown.code, 2);
    const owner = await organizationBalance(ctx.db.kysely, orgId, await accountId('dona@prepaga.com'));
    assert.equal(owner.saldo_usd, '22.50');
  });

  it('the owner and an admin read the balance and the latest movements', async () => {
    for (const email of ['dona@prepaga.com', 'admin@prepaga.com']) {
      const view = await organizationBalance(ctx.db.kysely, orgId, await accountId(email));
      assert.deepEqual(view.organization, { id: orgId, name: 'Prepaga' });
      assert.equal(view.billing, 'prepaid');
      assert.equal(view.saldo_micros, 22_500_000);
      assert.equal(view.comprado_micros, 25_000_000);
      assert.deepEqual(
        view.movimentos.map((m) => [m.tipo, m.usd]),
        [
          ['ajuste', '-2.50'],
          ['ajuste', '25.00'],
        ],
      );
    }
  });

  it('a member is refused with 403; a non-member and an unknown id get 404', async () => {
    await assert.rejects(
      organizationBalance(ctx.db.kysely, orgId, await accountId('membro@prepaga.com')),
      refusal('organization_forbidden'),
    );
    await assert.rejects(
      organizationBalance(ctx.db.kysely, orgId, await accountId('outra@fora.com')),
      refusal('organization_not_found'),
    );
    // By id only: the organisation's name does not select it.
    await assert.rejects(
      organizationBalance(ctx.db.kysely, 'Prepaga', await accountId('dona@prepaga.com')),
      refusal('organization_not_found'),
    );
  });
});
