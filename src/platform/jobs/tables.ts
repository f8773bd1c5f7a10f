// The durable job queue's table (migration 0008-jobs): only platform/jobs queries it.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../db/transactions.js';

export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  dedup_key: string | null;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: number;
  lease_token: number;
  lease_expires_at: number | null;
  result: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * `failed` is the dead end: attempts ran out or the error was permanent. `superseded`: a newer
 * waiting job with the same dedup key does the work. `cancelled`: its owner asked (`cancel`).
 */
export type JobStatus = 'queued' | 'leased' | 'completed' | 'failed' | 'superseded' | 'cancelled';

/** The tables this module owns, as its queries see them. */
export interface JobsTables {
  jobs: JobsTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<JobsTables> => tablesOf<JobsTables>(db);
