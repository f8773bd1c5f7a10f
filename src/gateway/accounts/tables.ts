// Accounts and their access links (invitation, reset).
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

export interface AccountsTable {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  locale: string;
  time_zone: string;
  theme: string;
  revision: number;
  avatar_webp: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  released: number;
  trial_ends_at: number | null;
  created_at: number;
}

export interface AccessLinksTable {
  id: string;
  token_hash: string;
  /** `invite` (join an organisation, setting a password) or `reset` (a new password). */
  purpose: string;
  email: string;
  organization_id: string | null;
  role: string | null;
  created_by: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** The tables this module owns, as its queries see them. */
export interface AccountsTables {
  accounts: AccountsTable;
  access_links: AccessLinksTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<AccountsTables> => tablesOf<AccountsTables>(db);
