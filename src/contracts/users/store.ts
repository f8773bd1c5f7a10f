// SQL for the contract API's users. E-mails are stored normalised (platform/identity), so
// that login, sign-up and the identity-provider mapping agree on who is who.
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../platform/ids.js';
import { insertUniqueEmail, normaliseEmail } from '../../platform/identity/email.js';
import { hashPassword } from '../../platform/identity/passwords.js';
import { DEFAULT_PLAN, type Plan } from '../subscriptions/plans.js';
import type { ContractUsersTable, ContractsTables } from '../tables.js';

export type ContractUser = Selectable<ContractUsersTable>;

/** The user as the API shows it (the login response). */
export function publicUser(user: ContractUser) {
  return { id: user.id, email: user.email, name: user.name, plan: user.plan };
}

export async function createUser(
  db: Kysely<ContractsTables>,
  input: { email: string; password: string; name: string; plan?: Plan; disabled?: boolean },
): Promise<ContractUser> {
  const row: ContractUser = {
    id: newId('usr'),
    email: normaliseEmail(input.email),
    password_hash: await hashPassword(input.password),
    name: input.name.trim(),
    plan: input.plan ?? DEFAULT_PLAN,
    disabled: input.disabled ? 1 : 0,
    created_at: Date.now(),
  };
  await insertUniqueEmail(db, 'contract_users', row);
  return row;
}

export function findUserByEmail(
  db: Kysely<ContractsTables>,
  email: string,
): Promise<ContractUser | undefined> {
  return db
    .selectFrom('contract_users')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
}

export function getUser(db: Kysely<ContractsTables>, id: string): Promise<ContractUser | undefined> {
  return db.selectFrom('contract_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateUser(
  db: Kysely<ContractsTables>,
  id: string,
  patch: Partial<Pick<ContractUser, 'plan' | 'disabled' | 'name'>>,
): Promise<void> {
  await db.updateTable('contract_users').set(patch).where('id', '=', id).execute();
}
