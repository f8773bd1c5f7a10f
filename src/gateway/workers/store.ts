// Worker jobs on the platform's durable queue (src/platform/jobs): the queue row (`jobs`,
// kind = capability) carries the state machine, the lease and its fencing token; the side
// row (`worker_jobs`) the owner, binary input/result and the lease's random token (as a hash,
// identity.ts). Every holder write goes through the queue's fenced operations, so a stale or
// forged lease token changes nothing.
import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import {
  cancel,
  claim,
  complete,
  deleteJobs,
  enqueue,
  expireWaiting,
  fail,
  finishedBefore,
  finishedIds,
  hasDueJob,
  heartbeat,
  type JobStatus,
  type Lease,
  readJobRow,
  replacePayload,
  statusesOf,
  sweepExpired,
} from '../../platform/jobs/index.js';
import { barrierOf, type CleaningChoice, unmaskedColumn } from '../orgs/cleaning-choice.js';
import { CAPABILITY_NAMES } from './capabilities.js';
import type { WorkerSettings } from './settings.js';
import { bindLease, leaseFence, newLeaseToken } from './identity.js';
import { kyselyOf, type WorkersTables } from './tables.js';

export interface NewWorkerJob {
  id: string;
  capability: string;
  owner: string;
  keyId: string;
  /** The cleaning its input got; its result gets the same. */
  cleaning: CleaningChoice;
  /** JSON input, its text already through the barrier. */
  input: unknown;
  file?: { type: string; bytes: Buffer };
}

export interface JobView {
  id: string;
  capability: string;
  status: Exclude<JobStatus, 'superseded'>;
  attempts: number;
  error: string | null;
  result: unknown;
  resultType: string | null;
  createdAt: number;
  updatedAt: number;
}

export const isFinished = (status: string) => ['completed', 'failed', 'cancelled'].includes(status);

export async function createJob(db: Db, job: NewWorkerJob, settings: WorkerSettings, now = Date.now()) {
  const { id } = job;
  await kyselyOf(db)
    .transaction()
    .execute(async (trx) => {
      await enqueue(
        trx,
        { id, kind: job.capability, payload: job.input, maxAttempts: settings.maxAttempts, runAt: now },
        now,
      );
      await kyselyOf(trx)
        .insertInto('worker_jobs')
        .values({
          id,
          owner: job.owner,
          key_id: job.keyId,
          capability: job.capability,
          policy: job.cleaning.policy,
          name_sensitivity: job.cleaning.nameSensitivity,
          unmasked_categories: unmaskedColumn(job.cleaning.categories),
          input_type: job.file?.type ?? null,
          input_b64: job.file ? job.file.bytes.toString('base64') : null,
          result_type: null,
          result_b64: null,
          created_at: now,
        })
        .execute();
    });
  return id;
}

/** The capability of a job and the cleaning its input got; undefined for an unknown id. */
export async function readJobCleaning(db: Db, id: string) {
  const row = await kyselyOf(db)
    .selectFrom('worker_jobs')
    .select(['capability', 'policy as privacy_policy', 'name_sensitivity', 'unmasked_categories'])
    .where('id', '=', id)
    .executeTakeFirst();
  // A job stored before its sensitivity was kept has null there: the default, as it had then.
  return row && { capability: row.capability, cleaning: barrierOf(row) };
}

/** The job as its owner sees it; undefined for an unknown id or another owner's. */
export async function readJob(db: Db, id: string, owner?: string): Promise<JobView | undefined> {
  let q = kyselyOf(db).selectFrom('worker_jobs').select(['capability', 'result_type']).where('id', '=', id);
  if (owner !== undefined) q = q.where('owner', '=', owner);
  const side = await q.executeTakeFirst();
  const row = side && (await readJobRow(db, id));
  if (!side || !row) return undefined;
  return {
    id: row.id,
    capability: side.capability,
    status: row.status as JobView['status'],
    attempts: row.attempts,
    error: row.status === 'failed' || row.status === 'cancelled' ? row.lastError : null,
    result: row.result,
    resultType: side.result_type,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function readBinaryResult(db: Db, id: string, owner: string) {
  const row = await kyselyOf(db)
    .selectFrom('worker_jobs')
    .select(['result_type', 'result_b64'])
    .where('id', '=', id)
    .where('owner', '=', owner)
    .executeTakeFirst();
  if (!row) return undefined;
  return row.result_b64 === null
    ? null
    : { type: row.result_type!, bytes: Buffer.from(row.result_b64, 'base64') };
}

/** The holder's copies of inputs are dropped with the job's end, in the same transaction. */
const dropInput = (id: string) => async (trx: Kysely<WorkersTables>) => {
  await kyselyOf(trx).updateTable('worker_jobs').set({ input_b64: null }).where('id', '=', id).execute();
  await replacePayload(trx, id, null);
};

export async function cancelJob(db: Db, id: string, now = Date.now()): Promise<boolean> {
  return cancel(db, id, dropInput(id), now);
}

export interface LeasedJob {
  id: string;
  capability: string;
  input: unknown;
  file: { content_type: string; base64: string } | null;
  attempt: number;
  lease_token: string;
  lease_expires_at: string;
}

export async function leaseJob(
  db: Db,
  workerId: string,
  capabilities: readonly string[],
  leaseMs: number,
  now = Date.now(),
): Promise<LeasedJob | undefined> {
  // Idle long polls look often: a read first, so an empty queue costs no write (SQLite has one writer).
  if (!(await hasDueJob(db, capabilities, now))) return undefined;
  const lease = await claim(db, capabilities, leaseMs, now);
  if (!lease) return undefined;
  // The queue's counter fences writes; the worker is given a random token bound to it instead.
  const token = newLeaseToken();
  await bindLease(db, lease.id, lease.leaseToken, workerId, token);
  const side = await kyselyOf(db)
    .selectFrom('worker_jobs')
    .select(['input_type', 'input_b64'])
    .where('id', '=', lease.id)
    .executeTakeFirst();
  return {
    id: lease.id,
    capability: lease.kind,
    input: lease.payload,
    file:
      side?.input_b64 != null
        ? { content_type: side.input_type ?? 'application/octet-stream', base64: side.input_b64 }
        : null,
    attempt: lease.attempt,
    lease_token: token,
    lease_expires_at: new Date(now + leaseMs).toISOString(),
  };
}

const asLease = (id: string, leaseToken: number): Lease =>
  ({ id, leaseToken, kind: '', payload: null, attempt: 0, maxAttempts: 0 }) satisfies Lease;

/** What a holder's write names: the lease token it was given, and its worker key when sent. */
export interface Holder {
  token: string;
  key?: string;
}

/** The job's lease as the queue fences it, when the holder's token is the current lease's. */
async function heldLease(db: Db, id: string, holder: Holder): Promise<Lease | undefined> {
  const fence = await leaseFence(db, id, holder.token, holder.key);
  return fence === undefined ? undefined : asLease(id, fence);
}

export type HolderState = 'ok' | 'cancelled' | 'stale';

/** Why a fenced write changed nothing: the job was cancelled (tell the worker) or the lease is not this token's. */
async function whyNot(db: Db, id: string): Promise<HolderState> {
  const status = (await statusesOf(db, [id])).get(id);
  return status === 'cancelled' ? 'cancelled' : 'stale';
}

export async function heartbeatJob(db: Db, id: string, holder: Holder, leaseMs: number, now = Date.now()) {
  const lease = await heldLease(db, id, holder);
  return lease && (await heartbeat(db, lease, leaseMs, now)) ? 'ok' : whyNot(db, id);
}

export async function completeJob(
  db: Db,
  id: string,
  holder: Holder,
  result: { json: unknown } | { type: string; bytes: Buffer },
  now = Date.now(),
): Promise<HolderState> {
  const lease = await heldLease(db, id, holder);
  if (!lease) return whyNot(db, id);
  const binary = 'bytes' in result ? result : undefined;
  const done = await complete(
    db,
    lease,
    {
      result: binary
        ? { content_type: binary.type, bytes: binary.bytes.length }
        : (result as { json: unknown }).json,
      effects: async (trx) => {
        await dropInput(id)(trx);
        if (binary)
          await kyselyOf(trx)
            .updateTable('worker_jobs')
            .set({ result_type: binary.type, result_b64: binary.bytes.toString('base64') })
            .where('id', '=', id)
            .execute();
      },
    },
    now,
  );
  return done ? 'ok' : whyNot(db, id);
}

export async function failJob(db: Db, id: string, holder: Holder, code: string, now = Date.now()) {
  const lease = await heldLease(db, id, holder);
  if (!lease) return whyNot(db, id);
  const state = await fail(db, lease, code, undefined, now);
  if (state === 'lost') return whyNot(db, id);
  await kyselyOf(db).transaction().execute(dropInput(id));
  return 'ok' as const;
}

/** The holder gives the job back (graceful stop): queued again at once; the attempt still counts. */
export async function releaseJob(db: Db, id: string, holder: Holder, now = Date.now()) {
  const lease = await heldLease(db, id, holder);
  if (!lease) return whyNot(db, id);
  const state = await fail(db, lease, 'released', now, now);
  return state === 'lost' ? whyNot(db, id) : ('ok' as const);
}

/**
 * Housekeeping, run by every instance now and then: expired leases back to the queue (or
 * failed when attempts ran out), jobs nobody leased within the queue TTL fail with
 * `expired`, inputs of finished jobs dropped, finished jobs past the result TTL deleted.
 */
export async function sweepWorkerJobs(db: Db, settings: WorkerSettings, now = Date.now()) {
  const swept = await sweepExpired(db, now, CAPABILITY_NAMES);
  const expired = await expireWaiting(db, CAPABILITY_NAMES, now - settings.queueTtlMs, 'expired', now);
  // Inputs of finished jobs dropped (a job the sweeper finished kept its side row's copy).
  await kyselyOf(db)
    .updateTable('worker_jobs')
    .set({ input_b64: null })
    .where('input_b64', 'is not', null)
    .where('id', 'in', finishedIds(db))
    .execute();
  const old = await finishedBefore(db, CAPABILITY_NAMES, now - settings.resultTtlMs);
  if (old.length > 0) {
    await kyselyOf(db)
      .transaction()
      .execute(async (trx) => {
        await kyselyOf(trx).deleteFrom('worker_jobs').where('id', 'in', old).execute();
        await deleteJobs(trx, old);
      });
  }
  await kyselyOf(db)
    .deleteFrom('workers')
    .where('seen_at', '<', now - 7 * 86_400_000)
    .execute();
  return { ...swept, expired, deleted: old.length };
}

// --- workers -------------------------------------------------------------------------

export async function freshWorkers(db: Db, freshMs: number, now = Date.now()) {
  const rows = await kyselyOf(db)
    .selectFrom('workers')
    .select(['name', 'version', 'capabilities', 'seen_at'])
    .where('seen_at', '>=', now - freshMs)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({
    name: r.name,
    version: r.version,
    capabilities: JSON.parse(r.capabilities) as string[],
    seenAt: Number(r.seen_at),
  }));
}
