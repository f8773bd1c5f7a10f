// Who is asking, on the worker protocol. Every worker shares WORKER_TOKEN, so the token alone
// cannot tell one worker from another: register hands each worker its own key (kept here as a
// SHA-256 only), and `lease` takes a worker id only with that worker's key. Each lease gets a
// 128-bit random token, given only to the worker that leased; the job's writes (heartbeat,
// complete, fail, release) name it, and a token that is not the job's current one — another
// lease's, a guessed counter — changes nothing.
import type { Db } from '../../platform/db/index.js';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.js';
import { newId } from '../../platform/ids.js';
import { workerKeyInvalid } from './errors.js';
import { kyselyOf } from './tables.js';

export interface WorkerInfo {
  name: string;
  version: string;
  capabilities: string[];
}

/** 128 random bits (base64url): what a lease's holder sends in `X-Lease-Token`. */
export const newLeaseToken = () => randomToken(16);

/**
 * Registers a new worker (a new id and key), or refreshes one: an existing id needs its key
 * (403 otherwise), except a worker registered before workers had keys, which gets one now.
 * Returns the id and the key the worker must send from now on.
 */
export async function registerWorker(
  db: Db,
  info: WorkerInfo,
  claimed: { id?: string; key?: string },
  now = Date.now(),
): Promise<{ workerId: string; key: string }> {
  const fields = { ...info, capabilities: JSON.stringify(info.capabilities), seen_at: now };
  const k = kyselyOf(db);
  if (claimed.id !== undefined) {
    const row = await k
      .selectFrom('workers')
      .select('key_hash')
      .where('id', '=', claimed.id)
      .executeTakeFirst();
    if (row?.key_hash) {
      if (claimed.key === undefined || !safeEqual(sha256(claimed.key), row.key_hash))
        throw workerKeyInvalid();
      await k.updateTable('workers').set(fields).where('id', '=', claimed.id).execute();
      return { workerId: claimed.id, key: claimed.key };
    }
  }
  const workerId = claimed.id ?? newId('wrk');
  const key = `wkk_${randomToken(16)}`;
  const keyHash = sha256(key);
  await k
    .insertInto('workers')
    .values({ id: workerId, ...fields, key_hash: keyHash })
    // Only a row without a key may be taken over (a worker from before keys, or one swept away).
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ ...fields, key_hash: keyHash })
        .where('workers.key_hash', 'is', null),
    )
    .execute();
  const stored = await k
    .selectFrom('workers')
    .select('key_hash')
    .where('id', '=', workerId)
    .executeTakeFirst();
  if (stored?.key_hash !== keyHash) throw workerKeyInvalid(); // another registration won the race
  return { workerId, key };
}

/**
 * Marks a worker as seen when `key` is its own; its capabilities. undefined: no such worker
 * (404, register again); a wrong or missing key: 403.
 */
export async function touchWorker(db: Db, id: string, key: string | undefined, now = Date.now()) {
  const k = kyselyOf(db);
  const row = await k
    .selectFrom('workers')
    .select(['capabilities', 'key_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  if (!row.key_hash || key === undefined || !safeEqual(sha256(key), row.key_hash)) throw workerKeyInvalid();
  await k.updateTable('workers').set({ seen_at: now }).where('id', '=', id).execute();
  return JSON.parse(row.capabilities) as string[];
}

/** Binds a lease just claimed to its token and worker. */
export async function bindLease(db: Db, jobId: string, fence: number, workerId: string, token: string) {
  await kyselyOf(db)
    .updateTable('worker_jobs')
    .set({ lease_hash: sha256(token), lease_worker: workerId, lease_fence: fence })
    .where('id', '=', jobId)
    .execute();
}

/**
 * The fencing counter of the job's current lease when `token` is that lease's (and, when the
 * caller names its worker key, the key is the leasing worker's); undefined otherwise.
 */
export async function leaseFence(
  db: Db,
  jobId: string,
  token: string,
  key?: string,
): Promise<number | undefined> {
  const row = await kyselyOf(db)
    .selectFrom('worker_jobs as j')
    .leftJoin('workers as w', 'w.id', 'j.lease_worker')
    .select(['j.lease_hash', 'j.lease_fence', 'w.key_hash'])
    .where('j.id', '=', jobId)
    .executeTakeFirst();
  if (!row?.lease_hash || row.lease_fence === null || !safeEqual(sha256(token), row.lease_hash))
    return undefined;
  if (key !== undefined && !(row.key_hash && safeEqual(sha256(key), row.key_hash))) return undefined;
  return Number(row.lease_fence);
}
