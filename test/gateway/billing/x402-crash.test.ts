// kill -9 at each step of an x402 payment. A real `svc serve gateway` process takes
// payments from the official x402 client (@x402/fetch) through a verifying facilitator on
// loopback that holds one payer's request at the moment the test chose; the test kills the
// process there with SIGKILL, and the next process finishes what it left (its reconciler,
// at start and every second here). Afterwards every payment the facilitator settled is
// credited exactly once, nothing unsettled is credited, `svc credit stuck` lists nothing,
// and a buyer whose token was lost in the crash receives it by buying again — uncharged.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { balanceOf } from '../../../src/gateway/billing/ledger.js';
import { openDb } from '../../../src/platform/db/index.js';
import { FakeFacilitator } from '../../fakes/facilitator.js';
import { openaiEcho } from '../../fakes/openai.js';
import { FakeUpstream } from '../../fakes/upstream.js';
import { catalogueModel, openaiVendor, PRICE } from '../../helpers/catalogue.js';
import { onPostgres } from '../../helpers/db.js';
import { type Child, runSvc } from '../../helpers/process.js';
import { type Seeded, seededStorage, serve } from '../../helpers/served.js';
import { waitFor } from '../../helpers/wait.js';
import { payingFetch } from '../../helpers/x402.js';
import { paymentsConfig, x402Via } from './config.js';
import { prepaidKey } from './prepaid.js';

type Seed = Awaited<ReturnType<typeof prepaidKey>>;

describe(`x402 payments across kill -9 (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let facilitator: FakeFacilitator;
  let upstream: FakeUpstream;
  let seeded: Seeded<Seed>;
  const children: Child[] = [];

  before(async () => {
    facilitator = await new FakeFacilitator(84532).start();
    upstream = await new FakeUpstream(openaiEcho).start();
    const config = paymentsConfig(
      openaiVendor(upstream.url, [catalogueModel('svc/gpt', { contextWindow: 8000, price: PRICE })]),
      {
        // A live request owns its payment for 2 × 3 s + 1 s; then a reconciler may take it.
        x402: x402Via(facilitator.url, { facilitator_timeout_ms: 3_000, reconcile_every_seconds: 1 }),
      },
    );
    seeded = await seededStorage((ctx) => prepaidKey(ctx, 0), config);
  });

  after(async () => {
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    await facilitator.stop();
    await upstream.stop();
    await seeded.storage.drop();
  });

  const start = async () => {
    const { child, urls } = await serve(['gateway'], seeded.env);
    children.push(child);
    return { child, url: urls.gateway! };
  };
  const kill = async (child: Child) => {
    child.proc.kill('SIGKILL');
    await child.exit();
  };
  const buy = (url: string, account: PrivateKeyAccount, usd = 5) =>
    payingFetch(fetch, account, 25_000_000n)(`${url}/api/credito?usd=${usd}`, { method: 'POST' });

  /** Buys a package and kills the gateway while the facilitator holds the request. */
  async function killDuring(
    path: '/verify' | '/settle',
    when: 'before' | 'after',
    after: 'go' | 'drop' | 'hold',
  ): Promise<PrivateKeyAccount> {
    const account = privateKeyToAccount(generatePrivateKey());
    const { child, url } = await start();
    const pause = facilitator.pause(path, when, account.address);
    const sent = buy(url, account).catch((err: Error) => err);
    await pause.arrived;
    await kill(child);
    assert.ok((await sent) instanceof Error, 'the buyer saw the connection die');
    if (after !== 'hold') pause.release(after);
    else pause.release('go'); // the answer goes nowhere: the process is gone
    await pause.answered;
    return account;
  }

  it('credits every settled payment exactly once and leaves nothing stuck', async () => {
    const settledBefore = facilitator.settledNonces.size;
    // 1. Killed while verify was under way: nothing moved, nothing may be credited.
    const duringVerify = await killDuring('/verify', 'before', 'go');
    // 2. Killed with the settle sent; the facilitator then settles it.
    const settleSent = await killDuring('/settle', 'before', 'go');
    // 3. Killed with the settle sent; it never reached the facilitator.
    const settleLost = await killDuring('/settle', 'before', 'drop');
    // 4. Killed after the facilitator settled, its answer on the way.
    const answerLost = await killDuring('/settle', 'after', 'hold');
    // 5. Killed the moment the settle's answer was written: before or after the token, by chance.
    const raced = privateKeyToAccount(generatePrivateKey());
    {
      const { child, url } = await start();
      const pause = facilitator.pause('/settle', 'after', raced.address);
      const sent = buy(url, raced).catch((err: Error) => err);
      await pause.arrived;
      pause.release();
      await pause.answered;
      await kill(child);
      await sent;
    }
    // 6. A paid model call (the organisation's wallet), killed after the settle.
    const caller = privateKeyToAccount(generatePrivateKey());
    {
      const { child, url } = await start();
      const pause = facilitator.pause('/settle', 'after', caller.address);
      const call = payingFetch(
        fetch,
        caller,
        1_000_000n,
      )(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seeded.seed.key.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'svc/gpt',
          max_tokens: 50,
          messages: [{ role: 'user', content: 'pague' }],
        }),
      }).catch((err: Error) => err);
      await pause.arrived;
      await kill(child);
      pause.release();
      await pause.answered;
      assert.ok((await call) instanceof Error);
    }

    // The restart: its reconciler finishes every payment the dead processes left.
    const { url } = await start();
    await waitFor(
      'nothing stuck',
      async () => {
        const { code, json } = await runSvc(seeded.env, 'credit', 'stuck');
        assert.equal(code, 0);
        return json.x402.length === 0 && json.asaas.length === 0 && json.reservas.length === 0 ? json : false;
      },
      { timeoutMs: 90_000, everyMs: 500 },
    );

    // Settled: payments 2, 4, 5, 6 before the crashes, 3 by a reconciler; never 1.
    assert.equal(facilitator.settledNonces.size - settledBefore, 5);
    const db = openDb(seeded.storage);
    try {
      const payments = await db.kysely.selectFrom('x402_payments').selectAll().execute();
      const byPayer = (a: PrivateKeyAccount) => payments.filter((p) => p.payer === a.address.toLowerCase());
      const tokens = await db.kysely.selectFrom('credit_tokens').selectAll().execute();
      // Every settled nonce: credited, once.
      for (const nonce of facilitator.settledNonces) {
        const row = payments.find((p) => p.nonce === `base-sepolia:${nonce}`);
        assert.equal(row?.state, 'credited', nonce);
        if (row?.purpose === 'credit') {
          const minted = tokens.filter((t) => t.reference === `x402:${row.nonce}`);
          assert.equal(minted.length, 1, nonce);
          assert.equal(await balanceOf(db, { kind: 'token', id: minted[0]!.id }), 5_000_000);
        }
      }
      // Never settled: nothing credited.
      assert.deepEqual(
        byPayer(duringVerify).map((p) => [p.state, p.error, p.token_id]),
        [['failed', 'interrupted', null]],
      );
      // The lost settle was settled by the reconciler: the payer's authorisation was valid.
      // (Its transaction is recorded unless the reconciler's own settle answer was late too,
      // on a busy machine: then the next pass finds the nonce used.)
      assert.equal(byPayer(settleLost)[0]?.state, 'credited');
      for (const a of [settleSent, answerLost]) assert.equal(byPayer(a)[0]?.error, 'settled_before_restart');
      // The paid call's payment is the organisation's credit, once.
      const call = byPayer(caller);
      assert.equal(call.length, 1);
      const movements = await db.kysely
        .selectFrom('credit_movements')
        .selectAll()
        .where('reference', '=', `x402:${call[0]!.nonce}`)
        .execute();
      assert.equal(movements.length, 1);
      assert.equal(await balanceOf(db, seeded.seed.wallet), Number(call[0]!.micros));
      assert.equal(tokens.filter((t) => t.source === 'x402').length, 4, 'tokens for packages 2, 3, 4 and 5');
    } finally {
      await db.close();
    }

    // A buyer whose token died with the process buys again with the same wallet: the
    // token comes now, with the package in it, and the new authorisation is not settled.
    const settledNow = facilitator.settledNonces.size;
    const again = await buy(url, answerLost);
    assert.equal(again.status, 200);
    const { token } = (await again.json()) as { token: string };
    const balance = await fetch(`${url}/api/credito`, { headers: { 'x-credito': token } });
    assert.equal(((await balance.json()) as { saldo_micros: number }).saldo_micros, 5_000_000);
    assert.equal(facilitator.settledNonces.size, settledNow, 'not charged twice');
    // A third purchase is a purchase like any other: settled, a new token.
    const third = await buy(url, answerLost);
    assert.equal(third.status, 200);
    assert.equal(facilitator.settledNonces.size, settledNow + 1);
  });
});
