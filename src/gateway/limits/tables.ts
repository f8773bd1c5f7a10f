// The limits' counters without Redis, and usage accounting (tokens per key, model and day).
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

/** Fixed-window counters of the gateway limits when there is no Redis (0005). */
export interface LimitCountersTable {
  key: string;
  count: number;
  expires_at: number;
}

/** Model tokens per key, model and UTC day (`YYYY-MM-DD`) (0005). */
export interface UsageDailyTable {
  day: string;
  key_id: string;
  model: string;
  organization_id: string | null;
  account_id: string;
  requests: number;
  input_tokens: number;
  output_tokens: number;
}

/** The tables this module owns, as its queries see them. */
export interface LimitsTables {
  limit_counters: LimitCountersTable;
  usage_daily: UsageDailyTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<LimitsTables> => tablesOf<LimitsTables>(db);
