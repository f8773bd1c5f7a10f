// Browser sessions.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

export interface SessionsTable {
  id: string;
  token_hash: string;
  product_id: string;
  account_id: string | null;
  csrf_secret: string;
  auth_time: number | null;
  methods: string;
  mfa_state: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  totp_pending: string | null;
}

/** The tables this module owns, as its queries see them. */
export interface SessionsTables {
  sessions: SessionsTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<SessionsTables> => tablesOf<SessionsTables>(db);
