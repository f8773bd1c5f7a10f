// Worker jobs' side table and the registered workers (migrations 0014, 0017, 0019).
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

export interface WorkerJobsTable {
  id: string;
  owner: string;
  key_id: string;
  capability: string;
  /** The cleaning its input got (gateway/orgs/cleaning-choice.ts); its result gets the same. */
  policy: string;
  /** Null for a job stored before this was kept: `balanced`, as then. */
  name_sensitivity: string | null;
  /** JSON array of the categories not masked; null: every category. */
  unmasked_categories: string | null;
  input_type: string | null;
  input_b64: string | null;
  result_type: string | null;
  result_b64: string | null;
  created_at: number;
  /** SHA-256 of the current lease's token (migration 0019); null when never leased. */
  lease_hash: string | null;
  /** The worker that holds (or last held) the lease. */
  lease_worker: string | null;
  /** The queue's fencing counter the lease was claimed at. */
  lease_fence: number | null;
}

export interface WorkersTable {
  id: string;
  name: string;
  version: string;
  capabilities: string;
  seen_at: number;
  /** SHA-256 of the worker's own key (migration 0019); null for a worker registered before. */
  key_hash: string | null;
}

/** The tables this module owns, as its queries see them. */
export interface WorkersTables {
  worker_jobs: WorkerJobsTable;
  workers: WorkersTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<WorkersTables> => tablesOf<WorkersTables>(db);
