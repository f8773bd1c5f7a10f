// The login throttle's counters (throttle.ts), shared by the gateway's and the contract API's logins.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../db/transactions.js';

export interface LoginAttemptsTable {
  key: string;
  failures: number;
  window_start: number;
}

/** The tables this module owns, as its queries see them. */
export interface IdentityTables {
  login_attempts: LoginAttemptsTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<IdentityTables> => tablesOf<IdentityTables>(db);
