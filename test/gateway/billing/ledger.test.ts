// The ledger: idempotent credits, reserve/settle, no overspend under concurrency (two
// storage handles on one database, as two instances would be), balances equal to the sum
// of the movements. Runs on SQLite and, with DATABASE_URL, on PostgreSQL; on SQLite twice,
// once through each path — the synchronous prepared statements (ledger-sqlite.ts) and the
// query builder (ledger.ts) — so the two cannot drift apart.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  balanceOf,
  creditWallet,
  dailyTotals,
  formatUsd,
  reserve,
  settle,
  settleAbandoned,
  type Wallet,
  walletRecord,
} from '../../../src/gateway/billing/ledger.js';
import { type Db, openDb } from '../../../src/platform/db/index.js';
import type { DbLike } from '../../../src/platform/db/transactions.js';
import { type TestContext, testContext } from '../../helpers/context.js';
import { onPostgres } from '../../helpers/db.js';

let n = 0;
const wallet = (): Wallet => ({ kind: 'org', id: `org_test_${++n}_${Date.now()}` });

/** Balance and the sum of the wallet's movements, read straight from the tables. */
async function audit(db: Db, w: Wallet) {
  const key = `${w.kind}:${w.id}`;
  const sum = await db.kysely
    .selectFrom('credit_movements')
    .select((eb) => eb.fn.sum<string | number>('amount_micros').as('s'))
    .where('wallet', '=', key)
    .executeTakeFirst();
  return { balance: await balanceOf(db, w), sum: Number(sum?.s ?? 0) };
}

/** How the ledger is reached: a storage handle (SQLite: the synchronous path) or its query builder. */
type Path = 'storage handle' | 'query builder';
const paths: Path[] = onPostgres ? ['storage handle'] : ['storage handle', 'query builder'];

for (const path of paths)
  describe(`credit ledger (${path})`, () => {
    const via = (db: Db): DbLike => (path === 'query builder' ? db.kysely : db);
    let ctx: TestContext;
    let other: Db;
    /** Handle i of the concurrent writers: on PostgreSQL two pools, as two instances would have. */
    const handle = (i: number): Db => (onPostgres && i % 2 ? other : ctx.db);
    before(async () => {
      ctx = await testContext();
      // SQLite has one writer per file; two handles in one process would only make one wait
      // synchronously for the other (the process-level case is the crash test's).
      other = openDb({ dataDir: ctx.config.dataDir, databaseUrl: ctx.config.databaseUrl });
    });
    after(async () => {
      await other.close();
      await ctx.dispose();
    });

    it('credits once per reference, whatever the number of retries', async () => {
      const w = wallet();
      const first = await creditWallet(via(ctx.db), {
        wallet: w,
        micros: 5_000_000,
        kind: 'purchase',
        reference: 'p1',
        source: 'x402',
      });
      assert.deepEqual(first, { applied: true, balance: 5_000_000 });
      const again = await creditWallet(via(ctx.db), {
        wallet: w,
        micros: 5_000_000,
        kind: 'purchase',
        reference: 'p1',
        source: 'x402',
      });
      assert.deepEqual(again, { applied: false, balance: 5_000_000, reason: 'duplicate' });
      // Concurrent retries of one new reference, through two handles on PostgreSQL: still one movement.
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          creditWallet(via(handle(i)), {
            wallet: w,
            micros: 1_000_000,
            kind: 'release',
            reference: 'p2',
            source: 'pix',
          }),
        ),
      );
      assert.equal(results.filter((r) => r.applied).length, 1);
      assert.deepEqual(await audit(ctx.db, w), { balance: 6_000_000, sum: 6_000_000 });
      const record = await walletRecord(via(ctx.db), w);
      assert.equal(record?.purchased, 6_000_000);
      assert.equal(record?.spent, 0);
    });

    it('refuses floats, and purchases that are not positive', async () => {
      const w = wallet();
      await assert.rejects(
        creditWallet(via(ctx.db), { wallet: w, micros: 1.5, kind: 'purchase', reference: 'f1' }),
        RangeError,
      );
      await assert.rejects(
        creditWallet(via(ctx.db), { wallet: w, micros: -1, kind: 'purchase', reference: 'f2' }),
        RangeError,
      );
      await assert.rejects(reserve(via(ctx.db), { wallet: w, micros: 0.5, reference: 'f3' }), RangeError);
      assert.equal(await balanceOf(via(ctx.db), w), 0);
    });

    it('never takes a balance below zero with a refund or adjustment', async () => {
      const w = wallet();
      await creditWallet(via(ctx.db), {
        wallet: w,
        micros: 1_000,
        kind: 'purchase',
        reference: 'a0',
        source: 'asaas',
      });
      const r = await creditWallet(via(ctx.db), {
        wallet: w,
        micros: -2_000,
        kind: 'refund',
        reference: 'a1',
        source: 'asaas',
      });
      assert.deepEqual(r, { applied: false, balance: 1_000, reason: 'insufficient' });
      const ok = await creditWallet(via(ctx.db), {
        wallet: w,
        micros: -400,
        kind: 'adjustment',
        reference: 'a2',
      });
      assert.deepEqual(ok, { applied: true, balance: 600 });
      assert.deepEqual(await audit(ctx.db, w), { balance: 600, sum: 600 });
    });

    it('reserves the maximum, settles the real cost and returns the difference', async () => {
      const w = wallet();
      await creditWallet(via(ctx.db), {
        wallet: w,
        micros: 10_000,
        kind: 'purchase',
        reference: `r-${w.id}`,
        source: 'x402',
      });
      const none = await reserve(via(ctx.db), { wallet: w, micros: 10_001, reference: `call-a-${w.id}` });
      assert.deepEqual(none, { ok: false, reason: 'insufficient', balance: 10_000 });
      const held = await reserve(via(ctx.db), {
        wallet: w,
        micros: 4_000,
        reference: `call-b-${w.id}`,
        resource: 'svc/x',
      });
      assert.equal(held.ok, true);
      assert.equal(held.balance, 6_000);
      // A retried reserve with the same reference holds nothing more.
      assert.equal(
        (await reserve(via(ctx.db), { wallet: w, micros: 4_000, reference: `call-b-${w.id}` })).balance,
        6_000,
      );
      const s = await settle(via(ctx.db), { reservation: `call-b-${w.id}`, actualMicros: 1_234 });
      assert.deepEqual(s, { charged: 1_234, balance: 8_766, lost: 0 });
      // Settling again changes nothing and answers the first settlement.
      assert.deepEqual(await settle(via(ctx.db), { reservation: `call-b-${w.id}`, actualMicros: 10 }), s);
      // A cost above the reservation is capped at it (a flat price agreed up front).
      await reserve(via(ctx.db), { wallet: w, micros: 500, reference: `call-c-${w.id}` });
      assert.deepEqual(await settle(via(ctx.db), { reservation: `call-c-${w.id}`, actualMicros: 9_999 }), {
        charged: 500,
        balance: 8_266,
        lost: 0,
      });
      assert.deepEqual(await audit(ctx.db, w), { balance: 8_266, sum: 8_266 });
      const record = await walletRecord(via(ctx.db), w);
      assert.equal(record?.spent, 1_734);
      assert.ok(record?.lastUsedAt);
    });

    it('50 parallel spends (two handles on PostgreSQL) never take more than the balance', async () => {
      const w = wallet();
      await creditWallet(via(ctx.db), {
        wallet: w,
        micros: 7_300,
        kind: 'purchase',
        reference: `b-${w.id}`,
        source: 'x402',
      });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          reserve(via(handle(i)), { wallet: w, micros: 1_000, reference: `par-${w.id}-${i}` }),
        ),
      );
      const ok = results.filter((r) => r.ok);
      assert.equal(ok.length, 7);
      assert.deepEqual(await audit(ctx.db, w), { balance: 300, sum: 300 });
      // Settle them all in parallel too: each returns its difference exactly once.
      await Promise.all(
        ok.map((r, i) =>
          settle(via(handle(i)), { reservation: r.ok ? r.reservation : '', actualMicros: 600 }),
        ),
      );
      assert.deepEqual(await audit(ctx.db, w), { balance: 300 + 7 * 400, sum: 300 + 7 * 400 });
    });

    it('settles reservations abandoned by a dead process at their reserved amount', async () => {
      const w = wallet();
      await creditWallet(via(ctx.db), {
        wallet: w,
        micros: 2_000,
        kind: 'purchase',
        reference: `ab-${w.id}`,
        source: 'x402',
      });
      await reserve(via(ctx.db), {
        wallet: w,
        micros: 700,
        reference: `old-${w.id}`,
        now: Date.now() - 3_600_000,
      });
      await reserve(via(ctx.db), { wallet: w, micros: 300, reference: `new-${w.id}` });
      assert.ok((await settleAbandoned(via(ctx.db), 600_000)) >= 1);
      const row = await ctx.db.kysely
        .selectFrom('credit_reservations')
        .select(['id', 'state', 'actual_micros'])
        .where('wallet', '=', `org:${w.id}`)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        row.map((r) => [
          r.id.split('-')[0],
          r.state,
          r.actual_micros === null ? null : Number(r.actual_micros),
        ]),
        [
          ['new', 'open', null],
          ['old', 'settled', 700],
        ],
      );
      assert.deepEqual(await audit(ctx.db, w), { balance: 1_000, sum: 1_000 });
    });

    it('sums the house ledger per day and source', async () => {
      const day = Date.UTC(2031, 0, 15, 12);
      const w = wallet();
      await creditWallet(via(ctx.db), {
        wallet: w,
        micros: 5_000_000,
        kind: 'purchase',
        reference: `d1-${w.id}`,
        source: 'x402',
        now: day,
      });
      await creditWallet(via(ctx.db), {
        wallet: w,
        micros: 1_000_000,
        kind: 'release',
        reference: `d2-${w.id}`,
        source: 'pix',
        now: day,
      });
      await reserve(via(ctx.db), { wallet: w, micros: 3_000, reference: `d3-${w.id}`, now: day });
      await settle(via(ctx.db), { reservation: `d3-${w.id}`, actualMicros: 1_000, now: day });
      const totals = await dailyTotals(via(ctx.db), { days: 2, now: day + 86_400_000 });
      assert.deepEqual(
        totals.map((t) => t.day),
        ['2031-01-15', '2031-01-16'],
      );
      assert.deepEqual(totals[0], {
        day: '2031-01-15',
        received: { x402: 5_000_000, pix: 1_000_000 },
        spent: 1_000,
        refunded: 0,
        adjusted: 0,
        house_loss: 0,
      });
      assert.deepEqual(totals[1], {
        day: '2031-01-16',
        received: {},
        spent: 0,
        refunded: 0,
        adjusted: 0,
        house_loss: 0,
      });
    });

    it('bills at usage: beyond the reservation it draws the balance down to zero, the rest is a house loss', async () => {
      const w = wallet();
      const day = Date.UTC(2031, 1, 3, 12);
      await creditWallet(via(ctx.db), {
        wallet: w,
        micros: 10_000,
        kind: 'adjustment',
        reference: `u-${w.id}`,
      });
      await reserve(via(ctx.db), { wallet: w, micros: 4_000, reference: `u1-${w.id}`, resource: 'svc/x' });
      // 1 500 beyond a 4 000 reservation, with 6 000 left: all of it is charged.
      const within = await settle(via(ctx.db), {
        reservation: `u1-${w.id}`,
        actualMicros: 5_500,
        beyondReservation: true,
        now: day,
      });
      assert.deepEqual(within, { charged: 5_500, balance: 4_500, lost: 0 });
      await reserve(via(ctx.db), { wallet: w, micros: 3_000, reference: `u2-${w.id}`, resource: 'svc/x' });
      // 9 000 for a 3 000 reservation with 1 500 left: 4 500 charged, never below zero, 4 500 lost.
      const short = await settle(via(ctx.db), {
        reservation: `u2-${w.id}`,
        actualMicros: 9_000,
        beyondReservation: true,
        now: day,
      });
      assert.deepEqual(short, { charged: 4_500, balance: 0, lost: 4_500 });
      // Settling again changes nothing.
      assert.equal(
        (
          await settle(via(ctx.db), {
            reservation: `u2-${w.id}`,
            actualMicros: 99_999,
            beyondReservation: true,
          })
        ).balance,
        0,
      );
      assert.deepEqual(await audit(ctx.db, w), { balance: 0, sum: 0 });
      assert.equal((await walletRecord(via(ctx.db), w))?.spent, 10_000);
      const losses = await ctx.db.kysely
        .selectFrom('credit_house_losses')
        .selectAll()
        .where('wallet', '=', `org:${w.id}`)
        .execute();
      assert.deepEqual(
        losses.map((l) => [
          Number(l.usage_micros),
          Number(l.charged_micros),
          Number(l.lost_micros),
          l.resource,
        ]),
        [[9_000, 4_500, 4_500, 'svc/x']],
      );
      const [totals] = await dailyTotals(via(ctx.db), { days: 1, now: day });
      assert.equal(totals?.house_loss, 4_500);
    });

    it('formats micro-dollars as dollar strings', () => {
      assert.equal(formatUsd(5_000_000), '5.00');
      assert.equal(formatUsd(4_250_000), '4.25');
      assert.equal(formatUsd(4_999_875), '4.999875');
      assert.equal(formatUsd(1_230), '0.00123');
      assert.equal(formatUsd(0), '0.00');
    });
  });

if (!onPostgres) {
  describe('the two ledger paths on SQLite', () => {
    it('a storage handle takes the prepared statements, a Kysely handle the query builder', async () => {
      const ctx = await testContext();
      try {
        let executed = 0;
        const spied = ctx.db.kysely.withPlugin({
          transformQuery: (args) => args.node,
          transformResult: async (args) => {
            executed++;
            return args.result;
          },
        });
        const w = wallet();
        await creditWallet(ctx.db, { wallet: w, micros: 1_000, kind: 'purchase', reference: `p-${w.id}` });
        const handle: Db = { ...ctx.db, kysely: spied };
        await reserve(handle, { wallet: w, micros: 100, reference: `fast-${w.id}` });
        await settle(handle, { reservation: `fast-${w.id}`, actualMicros: 40 });
        assert.equal(executed, 0, 'no statement went through the query builder');
        await reserve(spied, { wallet: w, micros: 100, reference: `built-${w.id}` });
        await settle(spied, { reservation: `built-${w.id}`, actualMicros: 40 });
        assert.ok(executed >= 6, `the query builder ran the statements (${executed})`);
        assert.deepEqual(await audit(ctx.db, w), { balance: 920, sum: 920 });
      } finally {
        await ctx.dispose();
      }
    });
  });
}
