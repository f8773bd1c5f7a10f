// The showcase's collected documents and its collector's lease (migration 0016).
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../../platform/db/transactions.js';

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

/** The tables this module owns, as its queries see them. */
export interface ShowcaseTables {
  showcase_documents: ShowcaseDocumentsTable;
  showcase_leases: ShowcaseLeasesTable;
}

/** The shared instance seen as this module's tables: its queries type-check against them only. */
export const kyselyOf = (db: DbLike): Kysely<ShowcaseTables> => tablesOf<ShowcaseTables>(db);
