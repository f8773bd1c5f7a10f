// UI telemetry: the funnel and its archive, daily counters (migration 0016).
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

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

/** The tables this module owns, as its queries see them. */
export interface TelemetryTables {
  funnel_days: FunnelDaysTable;
  funnel_batches: FunnelBatchesTable;
  telemetry_daily: TelemetryDailyTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<TelemetryTables> => tablesOf<TelemetryTables>(db);
