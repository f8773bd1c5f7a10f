// Table types of migration 0016, kept beside their only users: `tables(db)` is the
// platform's Kysely instance typed with them too.
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../platform/db/index.js';

export interface FunnelDaysTable {
  day: string;
  bytes: number;
  batches: number;
}

export interface FunnelBatchesTable {
  day: string;
  start_byte: number;
  size: number;
  vid: string;
  sid: string;
  views: number;
  line: string;
  created_at: number;
}

export interface TelemetryDailyTable {
  day: string;
  name: string;
  count: number;
}

export interface ShowcaseDocumentsTable {
  produto: string;
  document: string;
  collected_at: number;
  borda_at: number | null;
  cli_at: number | null;
}

export interface ShowcaseLeasesTable {
  name: string;
  holder: string | null;
  token: number;
  expires_at: number;
}

export type TelemetryTables = {
  funnel_days: FunnelDaysTable;
  funnel_batches: FunnelBatchesTable;
  telemetry_daily: TelemetryDailyTable;
  showcase_documents: ShowcaseDocumentsTable;
  showcase_leases: ShowcaseLeasesTable;
};

export type TelemetryDb = Kysely<Database & TelemetryTables>;

export function tables(db: Db): TelemetryDb {
  return db.kysely.withTables<TelemetryTables>();
}
