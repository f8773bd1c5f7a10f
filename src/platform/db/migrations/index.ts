// Every migration, in order. Names sort lexically; the same set runs on both dialects.
import type { Migration } from 'kysely';
import * as m0001 from './0001-meta.js';
import * as m0002 from './0002-accounts.js';
import * as m0003 from './0003-privacy.js';
import * as m0004 from './0004-sessions.js';
import * as m0005 from './0005-usage.js';
import * as m0006 from './0006-contracts.js';
import * as m0007 from './0007-insights.js';
import * as m0009 from './0009-contracts-sealed-titles.js';
import * as m0016 from './0016-telemetry.js';

export const migrations: Record<string, Migration> = {
  '0001-meta': m0001,
  '0002-accounts': m0002,
  '0003-privacy': m0003,
  '0004-sessions': m0004,
  '0005-usage': m0005,
  '0006-contracts': m0006,
  '0007-insights': m0007,
  '0008-jobs': await import('./0008-jobs.js'),
  '0009-contracts-sealed-titles': m0009,
  '0010-org-name-sensitivity': await import('./0010-org-name-sensitivity.js'),
  '0011-credit-ledger': await import('./0011-credit-ledger.js'),
  '0012-paid-calls': await import('./0012-paid-calls.js'),
  '0013-pix-asaas': await import('./0013-pix-asaas.js'),
  '0014-worker-jobs': await import('./0014-worker-jobs.js'),
  '0015-contact': await import('./0015-contact.js'),
  '0016-telemetry': m0016,
  '0017-barrier-categories': await import('./0017-barrier-categories.js'),
  '0018-access-links': await import('./0018-access-links.js'),
  '0019-worker-keys-pending-networks': await import('./0019-worker-keys-pending-networks.js'),
  '0020-money-crash-windows': await import('./0020-money-crash-windows.js'),
  '0021-x402-operator-resolution': await import('./0021-x402-operator-resolution.js'),
  '0022-org-images': await import('./0022-org-images.js'),
  '0023-key-controls': await import('./0023-key-controls.js'),
  '0024-request-log': await import('./0024-request-log.js'),
};
