import type { Db } from '../db/index.js';
import type { DbLike } from '../db/transactions.js';
import { type JobStatus, kyselyOf } from './tables.js';

export const FINISHED: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];

export interface JobRow {
  id: string;
  kind: string;
  status: JobStatus;
  attempts: number;
  lastError: string | null;
  /** The JSON result `complete` stored, parsed; null before. */
  result: unknown;
  createdAt: number;
  updatedAt: number;
}

export async function readJobRow(db: Db, id: string): Promise<JobRow | undefined> {
  const row = await kyselyOf(db)
    .selectFrom('jobs')
    .select(['id', 'kind', 'status', 'attempts', 'last_error', 'result', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      kind: row.kind,
      status: row.status,
      attempts: Number(row.attempts),
      lastError: row.last_error,
      result: row.result === null ? null : JSON.parse(row.result),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    }
  );
}

/** The status of each of `ids` that exists. */
export async function statusesOf(db: Db, ids: readonly string[]): Promise<Map<string, JobStatus>> {
  if (ids.length === 0) return new Map();
  const rows = await kyselyOf(db)
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Whether a job of one of `kinds` waits and is due: a read, so an empty queue costs no write. */
export async function hasDueJob(db: Db, kinds: readonly string[], now = Date.now()): Promise<boolean> {
  const row = await kyselyOf(db)
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('kind', 'in', kinds)
    .where('run_at', '<=', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces what the job carries (an owner drops the input once it is no longer needed). */
export async function replacePayload(db: DbLike, id: string, payload: unknown) {
  await kyselyOf(db)
    .updateTable('jobs')
    .set({ payload: JSON.stringify(payload) })
    .where('id', '=', id)
    .execute();
}

/**
 * Jobs of `kinds` still waiting since before `createdBefore` fail with `code` and lose their
 * payload; each write is fenced on `queued`, so a claim that lands first wins. Returns how many.
 */
export async function expireWaiting(
  db: Db,
  kinds: readonly string[],
  createdBefore: number,
  code: string,
  now = Date.now(),
): Promise<number> {
  const stale = await kyselyOf(db)
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('kind', 'in', kinds)
    .where('created_at', '<', createdBefore)
    .limit(100)
    .execute();
  for (const row of stale)
    await kyselyOf(db)
      .updateTable('jobs')
      .set({ status: 'failed', last_error: code, payload: 'null', updated_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'queued')
      .execute();
  return stale.length;
}

/** Up to `limit` finished jobs of `kinds` last changed before `updatedBefore`. */
export async function finishedBefore(
  db: Db,
  kinds: readonly string[],
  updatedBefore: number,
  limit = 500,
): Promise<string[]> {
  const rows = await kyselyOf(db)
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where('status', 'in', [...FINISHED])
    .where('updated_at', '<', updatedBefore)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A subquery of the finished jobs' ids, for an owner's one-statement update of its side rows. */
export function finishedIds(db: DbLike) {
  return kyselyOf(db)
    .selectFrom('jobs')
    .select('id')
    .where('status', 'in', [...FINISHED]);
}

/** Deletes the rows, inside the owner's transaction so its side rows go with them. */
export async function deleteJobs(db: DbLike, ids: readonly string[]) {
  if (ids.length > 0) await kyselyOf(db).deleteFrom('jobs').where('id', 'in', ids).execute();
}

/** Waiting jobs per kind, for the queue-depth gauges. */
export async function queuedByKind(db: Db, kinds: readonly string[]): Promise<Map<string, number>> {
  const rows = await kyselyOf(db)
    .selectFrom('jobs')
    .select((eb) => ['kind', eb.fn.countAll<string | number>().as('n')])
    .where('status', '=', 'queued')
    .where('kind', 'in', kinds)
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}
