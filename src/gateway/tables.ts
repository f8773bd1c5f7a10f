// Every table of the gateway's folders in one view, for the queries that read across folders
// (a key's look-up joins accounts, organisations and memberships; the usage reports name keys
// and members). A query that reads only its own folder's tables uses that folder's view
// (`tables.ts` there); who may name which table is test/layering.test.ts's ownership list.
import type { Kysely } from 'kysely';
import { type DbLike, tablesOf } from '../platform/db/transactions.js';
import type { AccountsTables } from './accounts/tables.js';
import type { BillingTables } from './billing/tables.js';
import type { CallsTables } from './calls/tables.js';
import type { ContactTables } from './contact/tables.js';
import type { KeysTables } from './keys/tables.js';
import type { LimitsTables } from './limits/tables.js';
import type { OrgsTables } from './orgs/tables.js';
import type { PrivacyTables } from './privacy/tables.js';
import type { SessionsTables } from './sessions/tables.js';
import type { ShowcaseTables } from './showcase/tables.js';
import type { TelemetryTables } from './telemetry/tables.js';
import type { WorkersTables } from './workers/tables.js';

export type GatewayTables = AccountsTables &
  BillingTables &
  CallsTables &
  ContactTables &
  KeysTables &
  LimitsTables &
  OrgsTables &
  PrivacyTables &
  SessionsTables &
  ShowcaseTables &
  TelemetryTables &
  WorkersTables;

/** The shared instance seen as every gateway table, for a query that reads across folders. */
export const acrossFolders = (db: DbLike): Kysely<GatewayTables> => tablesOf<GatewayTables>(db);
