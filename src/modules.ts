// The modules that own tables, in one place outside the platform (which knows none of them):
// the whole database as one type, for the CLI and the tests that look across modules.
import type { Kysely } from 'kysely';
import type { ContractsTables } from './contracts/tables.js';
import type { GatewayTables } from './gateway/tables.js';
import type { InsightsTables } from './insights/tables.js';
import type { PlatformTables } from './platform/db/tables.js';
import { type DbLike, tablesOf } from './platform/db/transactions.js';
import type { IdentityTables } from './platform/identity/tables.js';
import type { JobsTables } from './platform/jobs/tables.js';

export type Database = PlatformTables &
  IdentityTables &
  JobsTables &
  GatewayTables &
  ContractsTables &
  InsightsTables;

/** The shared instance seen as every table, for the CLI's and the tests' look across modules. */
export const kyselyOf = (db: DbLike): Kysely<Database> => tablesOf<Database>(db);
