// The platform's own table: svc_meta (the secret's fingerprint). Each module declares its
// tables next to its code (a `tables.ts`); conventions that keep one set of queries valid on
// both dialects: timestamps are epoch milliseconds in bigint columns (`*_at`), booleans are
// 0/1 integers, JSON is stored as text.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from './transactions.js';

export interface SvcMetaTable {
  key: string;
  value: string;
  updated_at: number;
}

/** The tables this module owns, as its queries see them. */
export interface PlatformTables {
  svc_meta: SvcMetaTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<PlatformTables> => tablesOf<PlatformTables>(db);
