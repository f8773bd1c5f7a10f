// SQL for accounts. Rules that span tables (a password change stops keys and sessions)
// live here so that every caller — route or CLI — applies them.
import type { Kysely, Selectable } from 'kysely';
import { accountRow } from '../../platform/identity/account-row.js';
import { insertUniqueEmail, normaliseEmail } from '../../platform/identity/email.js';
import { hashPassword } from '../../platform/identity/passwords.js';
import type { AccountsTable } from './tables.js';
import type { GatewayTables } from '../tables.js';

export type Account = Selectable<AccountsTable>;

export interface NewAccount {
  email: string;
  password: string;
  name?: string;
  released?: boolean;
  trialEndsAt?: number | null;
}

export async function createAccount(db: Kysely<GatewayTables>, input: NewAccount): Promise<Account> {
  const email = normaliseEmail(input.email);
  const row: Account = accountRow({
    email,
    password_hash: await hashPassword(input.password),
    name: input.name ?? email.split('@')[0] ?? '',
    released: input.released === false ? 0 : 1,
    trial_ends_at: input.trialEndsAt ?? null,
  });
  await insertUniqueEmail(db, 'accounts', row);
  return row;
}

export function findAccountByEmail(db: Kysely<GatewayTables>, email: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export function getAccount(db: Kysely<GatewayTables>, id: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateAccount(
  db: Kysely<GatewayTables>,
  id: string,
  patch: Partial<Pick<Account, 'released' | 'trial_ends_at' | 'totp_secret' | 'totp_last_step'>>,
): Promise<void> {
  await db.updateTable('accounts').set(patch).where('id', '=', id).execute();
}

/**
 * "End all accesses": every session of the account is revoked and every key stops
 * (`active` false). A password change does the same, then sets the new password.
 */
export async function endAllAccesses(
  db: Kysely<GatewayTables>,
  accountId: string,
  newPassword?: string,
): Promise<void> {
  const now = Date.now();
  const passwordHash = newPassword === undefined ? undefined : await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    if (passwordHash)
      await trx
        .updateTable('accounts')
        .set({ password_hash: passwordHash })
        .where('id', '=', accountId)
        .execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('api_keys')
      .set({ stopped_at: now })
      .where('account_id', '=', accountId)
      .where('stopped_at', 'is', null)
      .execute();
  });
}
