// E-mail addresses as every user store keeps them: trimmed and lower-cased, so that login,
// sign-up, the CLI and the identity-provider mapping agree on who is who.
import { type DbLike, tablesOf } from '../db/transactions.js';

/** A plain shape check (something@domain.tld, no spaces); deliverability is not checked. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMAIL_MAX = 254;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmailAddress(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX && EMAIL.test(trimmed);
}

/** What this needs of a user store's table: an id, and an `email` column that is unique. */
interface UserRow {
  id: string;
  email: string;
}

/** Thrown by a user store when the normalised address is already taken. */
export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
  }
}

/**
 * Inserts a user row whose `email` column is unique, in any user store; EmailTakenError
 * when the normalised address already has a row (checked by the insert itself, so two
 * concurrent sign-ups cannot both succeed).
 */
export async function insertUniqueEmail<R extends UserRow>(db: DbLike, table: string, row: R): Promise<void> {
  // The user store names its own table: the platform knows none by name.
  const inserted = await tablesOf<Record<string, UserRow>>(db)
    .insertInto(table)
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new EmailTakenError();
}
