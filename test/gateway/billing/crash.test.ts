// kill -9 in the middle of spending: after a restart the balance still equals the sum of
// the ledger, every settlement reported as committed is there, and reservations left open
// by the dead process are closed by settleAbandoned.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { balanceOf, settleAbandoned } from '../../../src/gateway/billing/ledger.js';
import { openDb } from '../../../src/platform/db/index.js';
import { onPostgres, testStorage } from '../../helpers/db.js';
import { spawnNode } from '../../helpers/process.js';

const SPENDER = fileURLToPath(new URL('../../fixtures/credit-spender.js', import.meta.url));
const START = 1_000_000_000;

describe(`credit ledger after kill -9 (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  it('keeps balances and the ledger in agreement', async () => {
    const storage = await testStorage();
    const reported = new Map<string, number>(); // settled reference → charged
    try {
      for (let round = 0; round < 3; round++) {
        const child = spawnNode([SPENDER, 'crash', `r${round}-`], storage.env);
        await new Promise<void>((resolve, reject) => {
          const timer = setInterval(() => {
            if (child.stdout.length >= 200) {
              clearInterval(timer);
              resolve();
            }
          }, 2);
          child.exit().then((code) => {
            clearInterval(timer);
            reject(new Error(`spender exited with ${code}: ${child.stderr.join('')}`));
          });
        });
        child.proc.kill('SIGKILL');
        await child.exit().catch(() => {});
        for (const line of child.stdout) {
          const [step, ref, charged] = line.split(' ');
          if (step === 'S') reported.set(ref!, Number(charged));
        }
      }
      const db = openDb(storage);
      try {
        const wallet = { kind: 'org', id: 'crash' } as const;
        const sum = async () =>
          Number(
            (
              await db.kysely
                .selectFrom('credit_movements')
                .select((eb) => eb.fn.sum<string | number>('amount_micros').as('s'))
                .where('wallet', '=', 'org:crash')
                .executeTakeFirst()
            )?.s,
          );
        assert.equal(await balanceOf(db, wallet), await sum());
        const rows = await db.kysely
          .selectFrom('credit_reservations')
          .selectAll()
          .where('wallet', '=', 'org:crash')
          .execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const [ref, charged] of reported) {
          assert.equal(byId.get(ref)?.state, 'settled', ref);
          assert.equal(Number(byId.get(ref)?.actual_micros), charged, ref);
        }
        // Balance = start - settled costs - what open reservations hold.
        const held = rows.reduce(
          (t, r) => t + (r.state === 'open' ? Number(r.reserved_micros) : Number(r.actual_micros)),
          0,
        );
        assert.equal(await balanceOf(db, wallet), START - held);
        // The restart's sweep closes what the dead processes left open.
        await settleAbandoned(db, 0, Date.now() + 1);
        const open = await db.kysely
          .selectFrom('credit_reservations')
          .select('id')
          .where('state', '=', 'open')
          .execute();
        assert.deepEqual(open, []);
        assert.equal(await balanceOf(db, wallet), await sum());
        assert.ok(reported.size > 50, `only ${reported.size} settlements before the kills`);
      } finally {
        await db.close();
      }
    } finally {
      await storage.drop();
    }
  });
});
