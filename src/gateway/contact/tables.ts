// The contact form's pacing per network.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

export interface ContactNetworksTable {
  network: string;
  next_at: number;
  last_sent_at: number | null;
}

/** The tables this module owns, as its queries see them. */
export interface ContactTables {
  contact_networks: ContactNetworksTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<ContactTables> => tablesOf<ContactTables>(db);
