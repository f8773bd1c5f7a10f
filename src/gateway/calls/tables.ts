// The request log.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

/** One model call in the request log (gateway/calls): counts and names, never content. */
export interface CallLogTable {
  id: string;
  at: number;
  day: string;
  organization_id: string | null;
  account_id: string;
  key_id: string;
  route: string;
  model_asked: string | null;
  model_used: string | null;
  provider: string | null;
  region: string | null;
  status: number;
  latency_ms: number;
  input_tokens: number;
  output_tokens: number;
  cost_micros: number;
  /** JSON {category: {masked, removed, refused, allowed}}. */
  findings: string;
}

/** The tables this module owns, as its queries see them. */
export interface CallsTables {
  call_log: CallLogTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<CallsTables> => tablesOf<CallsTables>(db);
