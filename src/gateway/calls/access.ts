// Who may read what of an organisation's calls: owners, administrators and the read-only
// `dpo` see every row; a member sees only the calls of their own keys; the record of
// processing is for owners, administrators and the dpo. A non-member gets the same 403 as
// for an organisation that does not exist, so an outsider learns nothing.
import { callLogForbidden, notMember } from '../orgs/errors.js';
import { memberOf, type Organization, type Role } from '../orgs/store.js';
import type { SharedKysely } from '../../platform/db/transactions.js';

export interface Reader {
  organization: Organization;
  role: Role;
  /** Set for a member: only this account's calls. */
  onlyAccount: string | null;
}

export async function callReader(db: SharedKysely, orgId: string, accountId: string): Promise<Reader> {
  const member = await memberOf(db, orgId, accountId);
  if (!member) throw notMember();
  return {
    organization: member.organization,
    role: member.role,
    onlyAccount: member.role === 'member' ? accountId : null,
  };
}

export async function recordsReader(db: SharedKysely, orgId: string, accountId: string): Promise<Reader> {
  const reader = await callReader(db, orgId, accountId);
  if (reader.role === 'member') throw callLogForbidden();
  return reader;
}
