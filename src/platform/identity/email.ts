// E-mail addresses as every user store keeps them: trimmed and lower-cased, so that login,
// sign-up, the CLI and the identity-provider mapping agree on who is who.

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
