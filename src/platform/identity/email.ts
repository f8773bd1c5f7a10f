// E-mail addresses as every user store keeps them: trimmed and lower-cased, so that login,
// sign-up, the CLI and the identity-provider mapping agree on who is who.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

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
export async function insertUniqueEmail<T extends 'accounts' | 'contract_users'>(
  db: Kysely<Database>,
  table: T,
  row: Insertable<Database[T]>,
): Promise<void> {
  const inserted = await db
    .insertInto(table)
    .values(row as Insertable<Database[T]>)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new EmailTakenError();
}
