// The durable ingestion queue: one row per conversation to ingest, written before the 202,
// claimed by worker loops in any instance. PostgreSQL claims with FOR UPDATE SKIP LOCKED;
// SQLite serialises writers, so the same single UPDATE … WHERE id = (SELECT …) is atomic
// there. Every later write is fenced by the lease token: a worker whose lease expired and
// was taken over cannot complete or requeue a job it no longer owns.
import { sql } from 'kysely';
import type { Db } from '../platform/db/index.js';
import { newId } from '../platform/ids.js';
import { randomToken } from '../platform/crypto.js';

export interface ClaimedJob {
  id: string;
  tenant_id: string;
  session_id: string;
  attempts: number;
  lease_token: string;
}

/** Writes the job (durably, before the caller answers). A job already waiting for the same conversation absorbs this one. */
export async function enqueueIngestion(
  db: Db,
  tenantId: string,
  sessionId: string,
  now = Date.now(),
): Promise<void> {
  await db.kysely
    .insertInto('insight_jobs')
    .values({
      id: newId('ijob'),
      tenant_id: tenantId,
      session_id: sessionId,
      status: 'queued',
      attempts: 0,
      run_at: now,
      lease_token: null,
      lease_expires_at: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    // The predicate must be a literal: SQLite matches it against the partial index's text.
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'session_id']).where(sql<boolean>`status = 'queued'`).doNothing(),
    )
    .execute();
}

/** Takes one due job (or one whose lease expired: its worker died) and leases it. */
export async function claimJob(db: Db, leaseMs: number, now = Date.now()): Promise<ClaimedJob | undefined> {
  const token = randomToken(16);
  // The one dialect difference: row locks that other claimers skip instead of waiting on.
  const lock = db.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const result = await sql<ClaimedJob>`
    UPDATE insight_jobs
       SET status = 'leased', lease_token = ${token}, lease_expires_at = ${now + leaseMs},
           attempts = attempts + 1, updated_at = ${now}
     WHERE id = (SELECT id FROM insight_jobs
                  WHERE (status = 'queued' AND run_at <= ${now})
                     OR (status = 'leased' AND lease_expires_at < ${now})
                  ORDER BY run_at LIMIT 1 ${lock})
       AND (status = 'queued' OR (status = 'leased' AND lease_expires_at < ${now}))
    RETURNING id, tenant_id, session_id, attempts, lease_token`.execute(db.kysely);
  return result.rows[0];
}

export async function completeJob(db: Db, job: ClaimedJob, now = Date.now()): Promise<boolean> {
  const r = await db.kysely
    .updateTable('insight_jobs')
    .set({
      status: 'completed',
      lease_token: null,
      lease_expires_at: null,
      last_error: null,
      updated_at: now,
    })
    .where('id', '=', job.id)
    .where('lease_token', '=', job.lease_token)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A failed attempt: back to the queue at `retryAt`, or `failed` when attempts ran out. A
 * newer delivery of the same conversation may already be waiting (one queued job per
 * conversation): then this one is `superseded`, since the waiting job fetches the same transcript.
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  code: string,
  retryAt: number | undefined,
  now = Date.now(),
): Promise<'queued' | 'failed' | 'superseded' | 'lost'> {
  const fenced = db.kysely
    .updateTable('insight_jobs')
    .where('id', '=', job.id)
    .where('lease_token', '=', job.lease_token);
  const base = { lease_token: null, lease_expires_at: null, last_error: code, updated_at: now };
  if (retryAt === undefined) {
    const r = await fenced.set({ ...base, status: 'failed' }).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? 'failed' : 'lost';
  }
  try {
    const r = await fenced.set({ ...base, status: 'queued', run_at: retryAt }).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? 'queued' : 'lost';
  } catch {
    const r = await fenced.set({ ...base, status: 'superseded' }).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? 'superseded' : 'lost';
  }
}

export async function jobCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db.kysely
    .selectFrom('insight_jobs')
    .select(['status', db.kysely.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
