// API keys.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

export interface ApiKeysTable {
  id: string;
  account_id: string;
  organization_id: string | null;
  product_id: string;
  name: string;
  secret_hash: string;
  last4: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  stopped_at: number | null;
  /** Key controls (gateway/access/principal.ts), null where the key has none. */
  expires_at: number | null;
  /** JSON array of model names. */
  allowed_models: string | null;
  budget_micros: number | null;
  requests_per_minute: number | null;
  tokens_per_minute: number | null;
}

/** The tables this module owns, as its queries see them. */
export interface KeysTables {
  api_keys: ApiKeysTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<KeysTables> => tablesOf<KeysTables>(db);
