// The privacy routes' audit records and jobs.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

export interface AuditRecordsTable {
  id: string;
  organization_id: string | null;
  account_id: string;
  created_at: number;
  sealed: string;
}

export interface PrivacyJobsTable {
  id: string;
  organization_id: string | null;
  account_id: string;
  status: string;
  privacy: string;
  created_at: number;
}

/** The tables this module owns, as its queries see them. */
export interface PrivacyTables {
  audit_records: AuditRecordsTable;
  privacy_jobs: PrivacyJobsTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<PrivacyTables> => tablesOf<PrivacyTables>(db);
