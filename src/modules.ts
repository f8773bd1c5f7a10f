// The modules that own tables, in one place outside the platform (which knows none of them):
// every migration in its one global order, handed to the platform's migrator, and the whole
// database as one type, for the CLI and the tests that look across modules.
//
// Each migration lives beside the module that owns what it creates (docs/contributing/
// architecture.md, "Module map"); its name is what databases record as applied, so a name never
// changes, and a new one takes the next number whichever module it belongs to.
import type { Kysely, Migration } from 'kysely';
import * as m0001 from './platform/db/migrations/0001-meta.js';
import * as m0002 from './gateway/accounts/migrations/0002-accounts.js';
import * as m0003 from './gateway/privacy/migrations/0003-privacy.js';
import * as m0004 from './gateway/sessions/migrations/0004-sessions.js';
import * as m0005 from './gateway/limits/migrations/0005-usage.js';
import * as m0006 from './contracts/migrations/0006-contracts.js';
import * as m0007 from './insights/migrations/0007-insights.js';
import * as m0008 from './platform/jobs/migrations/0008-jobs.js';
import * as m0009 from './contracts/migrations/0009-contracts-sealed-titles.js';
import * as m0010 from './gateway/orgs/migrations/0010-org-name-sensitivity.js';
import * as m0011 from './gateway/billing/migrations/0011-credit-ledger.js';
import * as m0012 from './gateway/billing/migrations/0012-paid-calls.js';
import * as m0013 from './gateway/billing/migrations/0013-pix-asaas.js';
import * as m0014 from './gateway/workers/migrations/0014-worker-jobs.js';
import * as m0015 from './gateway/contact/migrations/0015-contact.js';
import * as m0016 from './gateway/telemetry/migrations/0016-telemetry.js';
import * as m0017 from './gateway/orgs/migrations/0017-barrier-categories.js';
import * as m0018 from './gateway/accounts/migrations/0018-access-links.js';
import * as m0019 from './gateway/workers/migrations/0019-worker-keys-pending-networks.js';
import * as m0020 from './gateway/billing/migrations/0020-money-crash-windows.js';
import * as m0021 from './gateway/billing/migrations/0021-x402-operator-resolution.js';
import * as m0022 from './gateway/orgs/migrations/0022-org-images.js';
import * as m0023 from './gateway/keys/migrations/0023-key-controls.js';
import * as m0024 from './gateway/calls/migrations/0024-request-log.js';
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

/** Every migration, in the order they run (their names sort the same way: test/platform/migrations.test.ts). */
export const MIGRATIONS: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['0001-meta', m0001],
  ['0002-accounts', m0002],
  ['0003-privacy', m0003],
  ['0004-sessions', m0004],
  ['0005-usage', m0005],
  ['0006-contracts', m0006],
  ['0007-insights', m0007],
  ['0008-jobs', m0008],
  ['0009-contracts-sealed-titles', m0009],
  ['0010-org-name-sensitivity', m0010],
  ['0011-credit-ledger', m0011],
  ['0012-paid-calls', m0012],
  ['0013-pix-asaas', m0013],
  ['0014-worker-jobs', m0014],
  ['0015-contact', m0015],
  ['0016-telemetry', m0016],
  ['0017-barrier-categories', m0017],
  ['0018-access-links', m0018],
  ['0019-worker-keys-pending-networks', m0019],
  ['0020-money-crash-windows', m0020],
  ['0021-x402-operator-resolution', m0021],
  ['0022-org-images', m0022],
  ['0023-key-controls', m0023],
  ['0024-request-log', m0024],
];
