// The durable job queue's operations. A claim leases one due job and bumps its fencing
// token; every later write names that token, so once a lease has been taken over (or
// returned to the queue by the sweeper) the old holder can no longer heartbeat, complete or
// fail the job — and the database effects it hands to `complete` are rolled back with it.
// PostgreSQL claims with FOR UPDATE SKIP LOCKED; SQLite serialises writers, so the same
// single UPDATE … WHERE id = (SELECT …) RETURNING is atomic there.
import { type Kysely, sql, type Updateable } from 'kysely';
import type { Db } from '../db/index.js';
import type { DbLike, SharedKysely } from '../db/transactions.js';
import { newId } from '../ids.js';
import { type JobsTable, type JobsTables, kyselyOf } from './tables.js';

export const DEFAULT_MAX_ATTEMPTS = 8;

export interface NewJob {
  /** The row's id; a fresh `job_…` id unless the kind's owner names its own (worker jobs: `svcj_…`). */
  id?: string;
  kind: string;
  /** Stored as JSON; the kind's handler reads it back. */
  payload: unknown;
  /** At most one *waiting* job per (kind, dedupKey): a repeat before a worker gets to it is absorbed. */
  dedupKey?: string;
  runAt?: number;
  maxAttempts?: number;
}

/** A job as its holder sees it: `leaseToken` fences every write the holder makes. */
export interface Lease<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
  leaseToken: number;
}

/** Writes the job; `created` is false when a waiting job with the same dedup key absorbed it. */
export async function enqueue(
  db: DbLike,
  job: NewJob,
  now = Date.now(),
): Promise<{ id: string; created: boolean }> {
  const id = job.id ?? newId('job');
  const r = await kyselyOf(db)
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      dedup_key: job.dedupKey ?? null,
      status: 'queued',
      attempts: 0,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: job.runAt ?? now,
      lease_token: 0,
      lease_expires_at: null,
      result: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    // The predicate must be a literal: SQLite matches it against the partial index's text.
    .onConflict((oc) => oc.columns(['kind', 'dedup_key']).where(sql<boolean>`status = 'queued'`).doNothing())
    .executeTakeFirst();
  return { id, created: Number(r.numInsertedOrUpdatedRows ?? 0) === 1 };
}

/** Leases the oldest due job of one of `kinds`, or nothing. */
export async function claim(
  db: Db,
  kinds: readonly string[],
  leaseMs: number,
  now = Date.now(),
): Promise<Lease | undefined> {
  if (kinds.length === 0) return undefined;
  // The one dialect difference: row locks that other claimers skip instead of waiting on.
  const lock = db.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const r = await sql<{
    id: string;
    kind: string;
    payload: string;
    attempts: number;
    max_attempts: number;
    lease_token: number;
  }>`
    UPDATE jobs
       SET status = 'leased', lease_token = lease_token + 1, lease_expires_at = ${now + leaseMs},
           attempts = attempts + 1, updated_at = ${now}
     WHERE id = (SELECT id FROM jobs
                  WHERE status = 'queued' AND kind IN (${sql.join(kinds)}) AND run_at <= ${now}
                  ORDER BY run_at, id LIMIT 1 ${lock})
       AND status = 'queued'
    RETURNING id, kind, payload, attempts, max_attempts, lease_token`.execute(db.kysely);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    attempt: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    leaseToken: Number(row.lease_token),
  };
}

const fenced = (db: Kysely<JobsTables>, lease: Pick<Lease, 'id' | 'leaseToken'>) =>
  db
    .updateTable('jobs')
    .where('id', '=', lease.id)
    .where('lease_token', '=', lease.leaseToken)
    .where('status', '=', 'leased');

/** Extends the lease; false when it is no longer this holder's (the work should stop). */
export async function heartbeat(db: Db, lease: Lease, leaseMs: number, now = Date.now()): Promise<boolean> {
  const r = await fenced(kyselyOf(db), lease)
    .set({ lease_expires_at: now + leaseMs, updated_at: now })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Database writes that must happen exactly once: they commit with the fenced completion or not at all. */
export type Effects = (trx: SharedKysely) => Promise<void>;

/**
 * Completes the job and applies `effects` in the same transaction. The fenced update runs
 * first, so it also takes the row lock that a concurrent claim or sweep would need. False
 * (and nothing written) when the lease is no longer this holder's.
 */
export async function complete(
  db: Db,
  lease: Lease,
  outcome: { result?: unknown; effects?: Effects } = {},
  now = Date.now(),
): Promise<boolean> {
  try {
    await kyselyOf(db)
      .transaction()
      .execute(async (trx) => {
        const r = await fenced(trx, lease)
          .set({
            status: 'completed',
            lease_expires_at: null,
            result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
            last_error: null,
            updated_at: now,
          })
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new StaleLease();
        await outcome.effects?.(trx);
      });
    return true;
  } catch (err) {
    if (err instanceof StaleLease) return false;
    throw err;
  }
}

class StaleLease extends Error {}

/**
 * Cancels a job that has not finished: a queued one never runs; a leased one is taken from its
 * holder, whose fenced writes (heartbeat, complete, fail) no longer match. `effects` commit
 * with the cancellation. False when the job had already finished (or does not exist).
 */
export async function cancel(db: Db, id: string, effects?: Effects, now = Date.now()): Promise<boolean> {
  try {
    await kyselyOf(db)
      .transaction()
      .execute(async (trx) => {
        const r = await trx
          .updateTable('jobs')
          .where('id', '=', id)
          .where('status', 'in', ['queued', 'leased'])
          .set({ status: 'cancelled', lease_expires_at: null, last_error: 'cancelled', updated_at: now })
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new StaleLease();
        await effects?.(trx);
      });
    return true;
  } catch (err) {
    if (err instanceof StaleLease) return false;
    throw err;
  }
}

export type FailState = 'queued' | 'failed' | 'superseded' | 'lost';

/**
 * A failed attempt: back to the queue at `retryAt`, or `failed` when there is no retry
 * (permanent error, attempts ran out). When a newer job with the same dedup key is already
 * waiting, this one is `superseded` (the waiting one does the same work). `lost`: the
 * lease was no longer this holder's, nothing changed.
 */
export async function fail(
  db: Db,
  lease: Pick<Lease, 'id' | 'leaseToken'>,
  error: string,
  retryAt: number | undefined,
  now = Date.now(),
): Promise<FailState> {
  const base = { lease_expires_at: null, last_error: error, updated_at: now };
  const set = async (fields: Updateable<JobsTable>, state: FailState) =>
    Number((await fenced(kyselyOf(db), lease).set(fields).executeTakeFirst()).numUpdatedRows) === 1
      ? state
      : 'lost';
  if (retryAt === undefined) return set({ ...base, status: 'failed' }, 'failed');
  try {
    return await set({ ...base, status: 'queued', run_at: retryAt }, 'queued');
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return set({ ...base, status: 'superseded' }, 'superseded');
  }
}

/** PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE: here, a waiting job with the same dedup key. */
const isUniqueViolation = (err: unknown) =>
  ['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes(String((err as { code?: unknown })?.code));

/**
 * The sweeper (of `kinds`, or all): leases that expired (their holder died or stalled) go back to the queue, due
 * at once, or to `failed` when that was the last attempt. Each goes through `fail`, fenced
 * by the token it was claimed with, so a heartbeat that lands meanwhile wins.
 */
export async function sweepExpired(
  db: Db,
  now = Date.now(),
  kinds?: readonly string[],
): Promise<{ requeued: number; failed: number }> {
  if (kinds?.length === 0) return { requeued: 0, failed: 0 };
  let q = kyselyOf(db).selectFrom('jobs').select(['id', 'lease_token', 'attempts', 'max_attempts']);
  if (kinds) q = q.where('kind', 'in', kinds);
  const expired = await q
    .where('status', '=', 'leased')
    .where('lease_expires_at', '<', now)
    .limit(100)
    .execute();
  const counts = { requeued: 0, failed: 0 };
  for (const row of expired) {
    const lease = { id: row.id, leaseToken: Number(row.lease_token) };
    const last = Number(row.attempts) >= Number(row.max_attempts);
    const state = await fail(db, lease, 'lease_expired', last ? undefined : now, now);
    if (state === 'failed') counts.failed++;
    else if (state !== 'lost') counts.requeued++;
  }
  return counts;
}

/** Delay before the next attempt after `attempt` failed ones: exponential, capped, ±20 % jitter. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const base = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + random() * 0.4));
}

export async function countByStatus(db: Db, kind?: string): Promise<Record<string, number>> {
  let q = kyselyOf(db)
    .selectFrom('jobs')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status');
  if (kind !== undefined) q = q.where('kind', '=', kind);
  return Object.fromEntries((await q.execute()).map((r) => [r.status, Number(r.n)]));
}
