// An organisation's credit as its owner or an admin sees it in the console (Crédito): the
// balance of the organisation's wallet that paid calls of a prepaid organisation draw on,
// with its latest movements. Members and the dpo see nothing of it: it is the organisation's money.
import { balanceOwnersOnly, organizationNotFound } from '../orgs/errors.js';
import { memberOf } from '../orgs/store.js';
import { walletBalance } from './balance.js';
import type { SharedKysely } from '../../platform/db/transactions.js';

export async function organizationBalance(db: SharedKysely, orgId: string, accountId: string) {
  const member = await memberOf(db, orgId, accountId);
  if (!member) throw organizationNotFound();
  const { organization: org, role } = member;
  if (role !== 'owner' && role !== 'admin') {
    throw balanceOwnersOnly();
  }
  return {
    organization: { id: org.id, name: org.name },
    billing: org.billing === 'prepaid' ? ('prepaid' as const) : ('free' as const),
    ...(await walletBalance(db, { kind: 'org', id: org.id })),
  };
}
