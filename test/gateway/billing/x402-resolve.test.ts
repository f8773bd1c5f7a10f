// `svc credit resolve`, the real CLI against storage seeded with x402 payments that wait for
// the operator (`unknown`: expired before the facilitator confirmed the settle): credited
// exactly once (a paid call's wallet, a package's token), even by two runs at once; failed
// with nothing credited; and refused with nothing changed for a second run, a payment the
// reconciler still owns, an id that is not there, and a malformed command line.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { balanceOf, walletKey } from '../../../src/gateway/billing/ledger.js';
import { tokenWallet } from '../../../src/gateway/billing/tokens.js';
import type { PaymentPayload } from '../../../src/gateway/billing/x402/header.js';
import {
  claimPayment,
  getPayment,
  movePayment,
  nonceKey,
  type Paying,
  type PaymentState,
} from '../../../src/gateway/billing/x402/payments.js';
import { requirements } from '../../../src/gateway/billing/x402/requirements.js';
import { createOrganization, updateOrganization } from '../../../src/gateway/orgs/store.js';
import { loadConfig } from '../../../src/config.js';
import { createContext } from '../../../src/context.js';
import type { Context } from '../../../src/platform/context.js';
import { createLogger } from '../../../src/platform/logger.js';
import { onPostgres, type TestStorage, testStorage } from '../../helpers/db.js';
import { runSvc } from '../../helpers/process.js';
import { PAY_TO, x402Via } from './config.js';

const CALL_MICROS = 250_000;

describe(`svc credit resolve (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let storage: TestStorage;
  let env: Record<string, string>;
  let ctx: Context;
  let orgWallet: { kind: 'org'; id: string };
  const resolve = (...args: string[]) => runSvc(env, 'credit', 'resolve', ...args);

  /** A payment claimed as the live request claims it, then moved along `states`. */
  async function seed(paying: Paying, micros: number, states: PaymentState[]): Promise<string> {
    const now = Date.now();
    const payment: PaymentPayload = {
      x402Version: 1,
      scheme: 'exact',
      network: 'base-sepolia',
      payload: {
        signature: `0x${'ab'.repeat(65)}`,
        authorization: {
          from: `0x${randomBytes(20).toString('hex')}`,
          to: PAY_TO,
          value: String(micros),
          validAfter: '0',
          // Expired: the facilitator no longer tells settled from unsettled.
          validBefore: String(Math.floor(now / 1000) - 60),
          nonce: `0x${randomBytes(32).toString('hex')}`,
        },
      },
    };
    const quote = requirements(x402Via('http://127.0.0.1:9'), {
      micros,
      resource: 'http://127.0.0.1/api/credito',
      description: 'teste',
    });
    const input = { payment, requirements: quote, paying, now, quietUntil: now };
    assert.equal(await claimPayment(ctx.db, input), true);
    const nonce = nonceKey(payment);
    let from: PaymentState = 'verifying';
    for (const to of states) {
      assert.equal(
        await movePayment(ctx.db, nonce, [from], to, { error: 'invalid_exact_evm_payload' }),
        true,
      );
      from = to;
    }
    return nonce;
  }

  /** Movements and tokens that carry this payment's credit reference. */
  async function credits(nonce: string) {
    const reference = `x402:${nonce}`;
    const k = ctx.db.kysely;
    const movements = await k
      .selectFrom('credit_movements')
      .selectAll()
      .where('reference', '=', reference)
      .execute();
    const tokens = await k
      .selectFrom('credit_tokens')
      .selectAll()
      .where('reference', '=', reference)
      .execute();
    return { movements, tokens };
  }

  const stuckRows = async () => {
    const stuck = await runSvc(env, 'credit', 'stuck');
    assert.equal(stuck.code, 0, stuck.stderr);
    return stuck.json.x402 as { nonce: string; pagador: string; estado: string }[];
  };
  const stuckNonces = async () => (await stuckRows()).map((p) => p.nonce);

  before(async () => {
    storage = await testStorage();
    env = { ...storage.env, SVC_SECRET: 'x402-resolve-test-secret-x402-resolve-0' };
    ctx = await createContext(loadConfig(env), createLogger('silent'));
    const org = await createOrganization(ctx.db.kysely, 'Pagante');
    await updateOrganization(ctx.db.kysely, org.id, { billing: 'prepaid' });
    orgWallet = { kind: 'org', id: org.id };
  });
  after(async () => {
    await ctx?.db.close();
    await storage.drop();
  });

  it("--credited credits a paid call's wallet once; a second run is refused and credits nothing", async () => {
    const nonce = await seed({ purpose: 'call', wallet: walletKey(orgWallet) }, CALL_MICROS, [
      'settling',
      'unknown',
    ]);
    // svc credit stuck lists it with what the operator looks up on chain: payer and nonce.
    const listed = (await stuckRows()).find((p) => p.nonce === nonce);
    assert.equal(listed?.estado, 'unknown');
    assert.equal(listed?.pagador, (await getPayment(ctx.db, nonce))!.payer);
    const before = await balanceOf(ctx.db, orgWallet);

    const first = await resolve(nonce, '--credited', '--reference', '0xabc123');
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.json.pagamento, nonce);
    assert.equal(first.json.estado, 'credited');
    assert.equal(first.json.proposito, 'call');
    assert.equal(first.json.usd, '0.25');
    assert.equal(first.json.carteira, walletKey(orgWallet));
    assert.equal(first.json.referencia, '0xabc123');
    assert.equal(await balanceOf(ctx.db, orgWallet), before + CALL_MICROS);
    const row = (await getPayment(ctx.db, nonce))!;
    assert.equal(row.state, 'credited');
    assert.equal(row.resolution, '0xabc123');
    assert.ok(row.resolvedAt !== null && row.resolvedAt > 0);
    assert.equal(row.error, 'invalid_exact_evm_payload', 'the earlier reason is kept');
    const credited = await credits(nonce);
    assert.equal(credited.movements.length, 1);
    assert.equal(credited.movements[0]!.source, 'x402');
    assert.equal(Number(credited.movements[0]!.amount_micros), CALL_MICROS);

    for (const flag of ['--credited', '--failed']) {
      const again = await resolve(nonce, flag);
      assert.equal(again.code, 2, `${flag}: ${again.stderr}`);
      assert.match(again.stderr, /está em "credited" e não espera decisão do operador/);
      assert.match(again.stderr, /Nada mudou/);
    }
    assert.equal(await balanceOf(ctx.db, orgWallet), before + CALL_MICROS);
    assert.equal((await credits(nonce)).movements.length, 1);
    assert.equal((await getPayment(ctx.db, nonce))!.resolvedAt, row.resolvedAt, 'the first decision stands');
    assert.ok(!(await stuckNonces()).includes(nonce), 'no longer listed');
  });

  it("--credited mints a package's token for the buyer's next purchase", async () => {
    const nonce = await seed({ purpose: 'credit', usd: 5 }, 5_000_000, ['settling', 'unknown']);
    const done = await resolve(nonce, '--credited');
    assert.equal(done.code, 0, done.stderr);
    assert.equal(done.json.estado, 'credited');
    assert.equal(done.json.referencia, null);
    const { tokens, movements } = await credits(nonce);
    assert.equal(tokens.length, 1);
    assert.equal(done.json.token, tokens[0]!.id);
    assert.equal(tokens[0]!.source, 'x402');
    assert.equal(await balanceOf(ctx.db, tokenWallet(tokens[0]!.id)), 5_000_000);
    assert.equal(movements.length, 0, 'the package is its token, not a wallet movement');
    const row = (await getPayment(ctx.db, nonce))!;
    assert.equal(row.tokenId, tokens[0]!.id);
    assert.equal(row.deliveredAt, null, 'the token string never reached anyone yet');
    assert.doesNotMatch(JSON.stringify(done.json), /cred_/, 'the token string is not printed');
  });

  it('two runs at once credit once', async () => {
    const nonce = await seed({ purpose: 'call', wallet: walletKey(orgWallet) }, CALL_MICROS, [
      'settling',
      'unknown',
    ]);
    const before = await balanceOf(ctx.db, orgWallet);
    const runs = await Promise.all([resolve(nonce, '--credited'), resolve(nonce, '--credited')]);
    assert.deepEqual(runs.map((r) => r.code).sort(), [0, 2], runs.map((r) => r.stderr).join('\n'));
    assert.equal(await balanceOf(ctx.db, orgWallet), before + CALL_MICROS);
    assert.equal((await credits(nonce)).movements.length, 1);
  });

  it('--failed credits nothing, and the payment cannot be credited afterwards', async () => {
    const nonce = await seed({ purpose: 'call', wallet: walletKey(orgWallet) }, CALL_MICROS, [
      'settling',
      'unknown',
    ]);
    const before = await balanceOf(ctx.db, orgWallet);
    const failed = await resolve(nonce, '--failed', '--reference', 'sem-transferencia');
    assert.equal(failed.code, 0, failed.stderr);
    assert.equal(failed.json.estado, 'failed');
    assert.equal(failed.json.referencia, 'sem-transferencia');
    const later = await resolve(nonce, '--credited');
    assert.equal(later.code, 2);
    assert.match(later.stderr, /está em "failed"/);
    assert.equal(await balanceOf(ctx.db, orgWallet), before);
    assert.deepEqual(await credits(nonce), { movements: [], tokens: [] });
    assert.equal((await getPayment(ctx.db, nonce))!.state, 'failed');
  });

  it('refuses a payment the reconciler still owns, an id that is not there, and bad command lines', async () => {
    const settling = await seed({ purpose: 'credit', usd: 1 }, 1_000_000, ['settling']);
    const owned = await resolve(settling, '--credited');
    assert.equal(owned.code, 2);
    assert.match(owned.stderr, /está em "settling" e não espera decisão do operador/);
    assert.equal((await getPayment(ctx.db, settling))!.state, 'settling');
    assert.deepEqual(await credits(settling), { movements: [], tokens: [] });

    const absent = `base-sepolia:0x${'0'.repeat(64)}`;
    const missing = await resolve(absent, '--credited');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nenhum pagamento x402 com o id/);

    const bad: string[][] = [
      ['nao-e-um-id', '--credited'],
      [settling, '--credited', '--failed'],
      [settling],
      [settling, '--credited', '--reference', 'com espaço'],
      ['--credited'],
    ];
    for (const args of bad) {
      const refused = await resolve(...args);
      assert.equal(refused.code, 2, args.join(' '));
      assert.match(refused.stderr, /svc credit resolve: /);
      assert.doesNotMatch(refused.stderr, /\n\s+at /, 'no stack trace');
    }
    assert.equal((await getPayment(ctx.db, settling))!.state, 'settling');
  });

  it("an earlier version's paid call without its wallet can only be failed", async () => {
    const nonce = `base-sepolia:0x${randomBytes(32).toString('hex')}`;
    const now = Date.now();
    await ctx.db.kysely
      .insertInto('x402_payments')
      .values({
        nonce,
        network: 'base-sepolia',
        payer: `0x${randomBytes(20).toString('hex')}`,
        purpose: 'call',
        micros: CALL_MICROS,
        state: 'claimed',
        day: '2026-01-01',
        created_at: now,
        updated_at: now,
        attempts: 0,
      })
      .execute();
    assert.ok((await stuckNonces()).includes(nonce));
    const credit = await resolve(nonce, '--credited');
    assert.equal(credit.code, 2);
    assert.match(credit.stderr, /não guarda a carteira/);
    assert.equal((await getPayment(ctx.db, nonce))!.state, 'claimed');
    const fail = await resolve(nonce, '--failed');
    assert.equal(fail.code, 0, fail.stderr);
    assert.equal(fail.json.estado, 'failed');
    assert.deepEqual(await credits(nonce), { movements: [], tokens: [] });
  });
});
