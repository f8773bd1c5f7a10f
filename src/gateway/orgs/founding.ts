// An account founds an organisation (the console's first visit with open sign-up): the
// name is checked, the account's limit and the name's uniqueness are checked in the same
// transaction as the insert, and the founder becomes its owner (docs/accounts.md).
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { inTransaction } from '../../platform/db/transactions.js';
import { foundingNotReleased } from '../sessions/errors.js';
import { invalidOrganizationName, organizationLimitReached, organizationNameTaken } from './errors.js';
import { createOrganization, type Membership } from './store.js';
import { acrossFolders } from '../tables.js';
import type { OrgsTables } from './tables.js';

/** Organisations one account may own; more is the operator's job (`svc account create --org`). */
export const MAX_OWNED_ORGANIZATIONS = 5;
export const MAX_NAME_LENGTH = 80;

/**
 * The name as stored: trimmed, inner runs of spaces made one. Refused: not a string, fewer
 * than 2 or more than 80 characters, control characters, or the shape of an organisation
 * id (`org_…`), which `svc … --org` would read as an id.
 */
export function organizationName(value: unknown): string {
  if (typeof value !== 'string') throw invalidOrganizationName('Informe o nome da organização.');
  const name = value.trim().replace(/\s+/g, ' ');
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name))
    throw invalidOrganizationName('O nome não pode ter caracteres de controle.');
  const length = [...name].length;
  if (length < 2) throw invalidOrganizationName('O nome precisa de pelo menos 2 caracteres.');
  if (length > MAX_NAME_LENGTH)
    throw invalidOrganizationName(`O nome pode ter no máximo ${MAX_NAME_LENGTH} caracteres.`);
  if (/^org_/i.test(name))
    throw invalidOrganizationName('O nome não pode começar com "org_", o início dos identificadores.');
  return name;
}

/**
 * Creates the organisation with `accountId` as its owner. The checks and the insert run in
 * one transaction; on PostgreSQL every founding takes one advisory lock first, so two
 * simultaneous requests cannot both take the same name or both pass the limit (SQLite
 * serialises writers already).
 */
export async function foundOrganization(
  db: Kysely<OrgsTables>,
  accountId: string,
  rawName: unknown,
): Promise<Membership> {
  const name = organizationName(rawName);
  return inTransaction(db, async (trx: Kysely<OrgsTables>) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(hashtext('organization-founding'))`.execute(trx);
    }
    const account = await acrossFolders(trx)
      .selectFrom('accounts')
      .select('released')
      .where('id', '=', accountId)
      .executeTakeFirst();
    // An account awaiting release could only squat names: its keys would be refused anyway.
    if (account?.released !== 1) {
      throw foundingNotReleased();
    }
    const { n } = await trx
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_OWNED_ORGANIZATIONS) {
      throw organizationLimitReached(MAX_OWNED_ORGANIZATIONS);
    }
    // One name, one organisation: `svc … --org NAME` selects by name. lower() on both sides,
    // so the database folds them alike (SQLite folds only ASCII letters; an exact repeat is
    // always caught).
    const taken = await trx
      .selectFrom('organizations')
      .select('id')
      .where(sql`lower(name)`, '=', sql`lower(${name})`)
      .executeTakeFirst();
    if (taken) throw organizationNameTaken();
    const org = await createOrganization(trx, name);
    await trx
      .insertInto('memberships')
      .values({ organization_id: org.id, account_id: accountId, role: 'owner', created_at: Date.now() })
      .execute();
    return {
      id: org.id,
      name: org.name,
      role: 'owner' as const,
      mfa_required: org.mfa_required,
      product_enabled: org.product_enabled,
    };
  });
}
