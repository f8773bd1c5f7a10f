// SQL for organisations and their members, and the per-organisation settings that /v1/*
// applies (privacy policy, name sensitivity, masked categories, images, network allowlist, released models, restoration, limits).
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../platform/ids.js';
import { DEFAULT_SENSITIVITY } from '../../privacy/index.js';
import type { OrganizationsTable, OrgsTables } from './tables.js';

export type Organization = Selectable<OrganizationsTable>;
/**
 * `dpo`: the data-protection officer (encarregado), read-only — usage, the request log, the
 * record of processing and the privacy settings; changes nothing and calls no model.
 */
export type Role = 'owner' | 'admin' | 'member' | 'dpo';
export const ROLES: readonly Role[] = ['owner', 'admin', 'member', 'dpo'];

/** The request log's retention in days (gateway/calls/retention.ts): default, least, most. */
export const LOG_DAYS = { default: 30, min: 1, max: 3650 } as const;

export async function createOrganization(db: Kysely<OrgsTables>, name: string): Promise<Organization> {
  const row: Organization = {
    id: newId('org'),
    name,
    product_enabled: 1,
    mfa_required: 0,
    privacy_policy: 'placeholder',
    allowed_cidrs: null,
    released_models: null,
    restore_placeholders: 0,
    requests_per_minute: null,
    monthly_quota: null,
    name_sensitivity: DEFAULT_SENSITIVITY,
    unmasked_categories: null,
    images: 'refuse',
    created_at: Date.now(),
    billing: 'free',
    request_log_days: LOG_DAYS.default,
  };
  await db.insertInto('organizations').values(row).execute();
  return row;
}

/** By id, or else by exact name. */
export async function findOrganization(
  db: Kysely<OrgsTables>,
  idOrName: string,
): Promise<Organization | undefined> {
  return db
    .selectFrom('organizations')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
    .orderBy('created_at')
    .executeTakeFirst();
}

export type OrganizationSettings = Partial<
  Pick<
    Organization,
    | 'product_enabled'
    | 'mfa_required'
    | 'privacy_policy'
    | 'allowed_cidrs'
    | 'released_models'
    | 'restore_placeholders'
    | 'requests_per_minute'
    | 'monthly_quota'
    | 'name_sensitivity'
    | 'unmasked_categories'
    | 'images'
    | 'billing'
    | 'request_log_days'
  >
>;

export async function updateOrganization(
  db: Kysely<OrgsTables>,
  id: string,
  patch: OrganizationSettings,
): Promise<void> {
  await db.updateTable('organizations').set(patch).where('id', '=', id).execute();
}

export async function setMember(
  db: Kysely<OrgsTables>,
  organizationId: string,
  accountId: string,
  role: Role,
) {
  await db
    .insertInto('memberships')
    .values({ organization_id: organizationId, account_id: accountId, role, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['organization_id', 'account_id']).doUpdateSet({ role }))
    .execute();
}

export async function getRole(
  db: Kysely<OrgsTables>,
  organizationId: string,
  accountId: string,
): Promise<Role | undefined> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.role as Role | undefined;
}

export interface Member {
  organization: Organization;
  role: Role;
}

/**
 * The organisation with this id and the account's role in it, in one query; null when there
 * is no such organisation or the account is not a member of it, so a caller answers both
 * alike and an outsider does not learn the organisation exists. By id only: an organisation
 * whose name happens to equal the id must not be selected.
 */
export async function memberOf(
  db: Kysely<OrgsTables>,
  orgId: string,
  accountId: string,
): Promise<Member | null> {
  const row = await db
    .selectFrom('organizations')
    .innerJoin('memberships', 'memberships.organization_id', 'organizations.id')
    .selectAll('organizations')
    .select('memberships.role as member_role')
    .where('organizations.id', '=', orgId)
    .where('memberships.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return null;
  const { member_role, ...organization } = row;
  return { organization, role: member_role as Role };
}

export interface Membership {
  id: string;
  name: string;
  role: Role;
  mfa_required: number;
  product_enabled: number;
}

/** The organisations an account belongs to, oldest membership first. */
export async function listMemberships(db: Kysely<OrgsTables>, accountId: string): Promise<Membership[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select([
      'organizations.id as id',
      'organizations.name as name',
      'memberships.role as role',
      'organizations.mfa_required as mfa_required',
      'organizations.product_enabled as product_enabled',
    ])
    .where('memberships.account_id', '=', accountId)
    .orderBy('memberships.created_at')
    .orderBy('organizations.id')
    .execute();
  return rows.map((r) => ({ ...r, role: r.role as Role }));
}
