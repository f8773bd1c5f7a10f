// The durable job queue with an explicit clock: dedup, claims that never hand one job to
// two holders, fencing (a holder whose lease was taken over cannot complete, and its
// database effects are rolled back), retries with backoff, the sweeper, and the runner.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { type Db, migrate, openDb } from '../../../src/platform/db/index.js';
import { MIGRATIONS } from '../../../src/modules.js';
import {
  claim,
  complete,
  enqueue,
  fail,
  heartbeat,
  JobRegistry,
  PermanentJobError,
  startRunner,
  sweepExpired,
} from '../../../src/platform/jobs/index.js';
import { createLogger } from '../../../src/platform/logger.js';
import { onPostgres, type TestStorage, testStorage } from '../../helpers/db.js';
import { kyselyOf } from '../../../src/modules.js';
import type { Database } from '../../../src/modules.js';

const T0 = 1_700_000_000_000;
const LEASE = 1_000;

describe(`job queue (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  let kind = 0;
  /** A fresh kind per test: tests share the table but never each other's jobs. */
  const newKind = () => `test.kind${++kind}`;
  const row = (id: string) =>
    kyselyOf(db).selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const effectsOf = async (key: string) =>
    (await sql<{ n: number }>`SELECT count(*) AS n FROM job_effects WHERE k = ${key}`.execute(db.kysely))
      .rows[0]!.n;
  const writeEffect = (key: string) => async (trx: Kysely<Database>) => {
    await sql`INSERT INTO job_effects (k) VALUES (${key})`.execute(trx);
  };

  before(async () => {
    storage = await testStorage();
    db = openDb(storage);
    await migrate(db, MIGRATIONS);
    await sql`CREATE TABLE job_effects (k text NOT NULL)`.execute(db.kysely);
  });
  after(async () => {
    await db.close();
    await storage.drop();
  });

  it('absorbs a repeat while a job with the same dedup key waits, not once it runs', async () => {
    const k = newKind();
    const a = await enqueue(db, { kind: k, payload: { n: 1 }, dedupKey: 'x' }, T0);
    const b = await enqueue(db, { kind: k, payload: { n: 2 }, dedupKey: 'x' }, T0);
    assert.equal(a.created, true);
    assert.equal(b.created, false);
    const lease = await claim(db, [k], LEASE, T0);
    assert.deepEqual(lease?.payload, { n: 1 });
    assert.equal((await enqueue(db, { kind: k, payload: { n: 3 }, dedupKey: 'x' }, T0)).created, true);
    // The running one fails and would retry: the waiting one does the same work.
    assert.equal(await fail(db, lease!, 'boom', T0 + 10, T0), 'superseded');
  });

  it('claims only due jobs of the asked kinds, one holder each, with a growing fencing token', async () => {
    const k = newKind();
    await enqueue(db, { kind: k, payload: null, runAt: T0 + 500 }, T0);
    assert.equal(await claim(db, [k], LEASE, T0), undefined, 'not due yet');
    assert.equal(await claim(db, [newKind()], LEASE, T0 + 500), undefined, 'another kind');
    const first = await claim(db, [k], LEASE, T0 + 500);
    assert.ok(first);
    assert.equal(first.attempt, 1);
    assert.equal(await claim(db, [k], LEASE, T0 + 600), undefined, 'leased: nobody else gets it');
    assert.equal(await fail(db, first, 'boom', T0 + 700, T0 + 600), 'queued');
    const second = await claim(db, [k], LEASE, T0 + 700);
    assert.ok(second && second.leaseToken > first.leaseToken);
    assert.equal(second.attempt, 2);
  });

  it('fences a holder whose lease expired and was taken over: no completion, effects rolled back', async () => {
    const k = newKind();
    const { id } = await enqueue(db, { kind: k, payload: null }, T0);
    const stale = (await claim(db, [k], LEASE, T0))!;
    assert.equal(await heartbeat(db, stale, LEASE, T0 + 500), true);
    // Stalled past its lease: the sweeper returns the job to the queue.
    assert.deepEqual(await sweepExpired(db, T0 + 1_600, [k]), { requeued: 1, failed: 0 });
    assert.equal(await complete(db, stale, { effects: writeEffect(id) }, T0 + 1_700), false);
    const fresh = (await claim(db, [k], LEASE, T0 + 1_800))!;
    assert.equal(fresh.id, id);
    assert.equal(await heartbeat(db, stale, LEASE, T0 + 1_900), false);
    assert.equal(await complete(db, stale, { effects: writeEffect(id) }, T0 + 1_900), false);
    assert.equal(await fail(db, stale, 'late', T0 + 2_000, T0 + 1_900), 'lost');
    assert.equal(await effectsOf(id), 0, "the stale holder's effects never commit");
    assert.equal(
      await complete(db, fresh, { result: { ok: 1 }, effects: writeEffect(id) }, T0 + 2_000),
      true,
    );
    assert.equal(await effectsOf(id), 1);
    const done = await row(id);
    assert.equal(done.status, 'completed');
    assert.equal(done.result, '{"ok":1}');
    assert.equal(await complete(db, fresh, { effects: writeEffect(id) }, T0 + 2_100), false, 'only once');
    assert.equal(await effectsOf(id), 1);
  });

  it('rolls the completion back when the effects fail', async () => {
    const k = newKind();
    const { id } = await enqueue(db, { kind: k, payload: null }, T0);
    const lease = (await claim(db, [k], LEASE, T0))!;
    const broken = async (trx: Kysely<Database>) => {
      await writeEffect(id)(trx);
      throw new Error('effect failed');
    };
    await assert.rejects(complete(db, lease, { effects: broken }, T0 + 10));
    assert.equal((await row(id)).status, 'leased');
    assert.equal(await effectsOf(id), 0);
  });

  it('the sweeper fails a job whose last attempt expired; fail without retry is final', async () => {
    const k = newKind();
    const { id } = await enqueue(db, { kind: k, payload: null, maxAttempts: 1 }, T0);
    await claim(db, [k], LEASE, T0);
    assert.deepEqual(await sweepExpired(db, T0 + 2_000, [k]), { requeued: 0, failed: 1 });
    const r = await row(id);
    assert.equal(r.status, 'failed');
    assert.equal(r.last_error, 'lease_expired');
    const other = await enqueue(db, { kind: k, payload: null }, T0);
    assert.equal(await fail(db, (await claim(db, [k], LEASE, T0))!, 'bad_input', undefined, T0), 'failed');
    assert.equal((await row(other.id)).status, 'failed');
  });

  it('hands each of many jobs to exactly one of several competing connections', async () => {
    const k = newKind();
    const ids = new Set<string>();
    for (let i = 0; i < 40; i++) ids.add((await enqueue(db, { kind: k, payload: i }, T0)).id);
    // PostgreSQL: separate pools race for row locks. SQLite: better-sqlite3 blocks the
    // thread while it waits for the file lock, so several handles in one process would
    // deadlock; there the one handle's claims interleave (processes: test/insights/process).
    const others = onPostgres ? [openDb(storage), openDb(storage), openDb(storage)] : [db, db, db];
    try {
      const claimed: string[] = [];
      await Promise.all(
        [db, ...others].map(async (handle) => {
          for (;;) {
            const lease = await claim(handle, [k], LEASE, T0);
            if (!lease) return;
            claimed.push(lease.id);
            assert.equal(await complete(handle, lease, { effects: writeEffect(lease.id) }, T0), true);
          }
        }),
      );
      assert.equal(claimed.length, 40);
      assert.deepEqual(new Set(claimed), ids);
      for (const id of ids) assert.equal(await effectsOf(id), 1);
    } finally {
      if (onPostgres) await Promise.all(others.map((o) => o.close()));
    }
  });

  it('the runner runs registered kinds, retries with backoff, stops a permanent failure, drains on stop', async () => {
    const k = newKind();
    const seen: string[] = [];
    const registry = new JobRegistry().register<{ n: number }>({
      kind: k,
      async run(job) {
        seen.push(`${job.payload.n}:${job.attempt}`);
        if (job.payload.n === 1 && job.attempt < 3) throw Object.assign(new Error('x'), { code: 'flaky' });
        if (job.payload.n === 2) throw new PermanentJobError('bad_payload');
        return { result: job.payload.n, effects: writeEffect(`${k}:${job.payload.n}`) };
      },
    });
    assert.throws(() => registry.register({ kind: k, run: async () => undefined }), /twice/);
    const runner = startRunner(
      db,
      registry,
      { concurrency: 2, pollMs: 10, leaseMs: 5_000, backoffMs: 5, maxBackoffMs: 20 },
      createLogger('silent'),
    );
    try {
      for (const n of [1, 2, 3]) await enqueue(db, { kind: k, payload: { n } });
      runner.wake();
      for (;;) {
        await runner.idle();
        const waiting = await kyselyOf(db)
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', k)
          .where('status', 'in', ['queued', 'leased'])
          .execute();
        if (waiting.length === 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      await runner.stop();
    }
    const rows = await kyselyOf(db).selectFrom('jobs').selectAll().where('kind', '=', k).execute();
    const byN = new Map(rows.map((r) => [JSON.parse(r.payload).n as number, r]));
    assert.equal(byN.get(1)!.status, 'completed');
    assert.equal(byN.get(1)!.attempts, 3);
    assert.equal(byN.get(2)!.status, 'failed');
    assert.equal(byN.get(2)!.last_error, 'bad_payload');
    assert.equal(byN.get(2)!.attempts, 1);
    assert.equal(byN.get(3)!.result, '3');
    for (const n of [1, 3]) assert.equal(await effectsOf(`${k}:${n}`), 1);
    assert.equal(await effectsOf(`${k}:2`), 0);
    assert.deepEqual(seen.filter((s) => s.startsWith('1:')).sort(), ['1:1', '1:2', '1:3']);
  });

  it('the runner aborts a job whose lease it lost and discards its result', async () => {
    const k = newKind();
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    const registry = new JobRegistry().register({
      kind: k,
      run: (_job, signal) => {
        started();
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      },
    });
    const { id } = await enqueue(db, { kind: k, payload: null });
    const runner = startRunner(
      db,
      registry,
      { concurrency: 1, pollMs: 60_000, leaseMs: 60_000, heartbeatMs: 20, backoffMs: 5, maxBackoffMs: 5 },
      createLogger('silent'),
    );
    try {
      await running;
      // Another holder takes the job over (as after an expiry): the fencing token moves on.
      await kyselyOf(db)
        .updateTable('jobs')
        .set((eb) => ({ lease_token: eb('lease_token', '+', 1) }))
        .where('id', '=', id)
        .execute();
      await runner.idle();
    } finally {
      await runner.stop();
    }
    const r = await row(id);
    assert.equal(r.status, 'leased', "the stale holder's failure does not touch the new holder's job");
  });
});
