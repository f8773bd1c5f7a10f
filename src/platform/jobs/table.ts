// The `jobs` table (migration 0008-jobs) and a Kysely typed with it.
import type { Kysely } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';

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

export type JobsDb = Kysely<Database & { jobs: JobsTable }>;

export const jobsDb = (db: Db | Kysely<Database>): JobsDb =>
  ('kysely' in db ? db.kysely : db).withTables<{ jobs: JobsTable }>();
