// Shared by commands that need configuration and storage, and by those that take a new
// account's credentials.
import { loadConfig } from '../platform/config/index.js';
import { type Context, createContext } from '../platform/context.js';
import { isEmailAddress } from '../platform/identity/email.js';
import { isAcceptablePassword, PASSWORD_MAX, PASSWORD_MIN } from '../platform/identity/passwords.js';
import { UsageError } from './command.js';

/** Runs `fn` with a migrated context, closing storage afterwards. */
export async function withContext<T>(fn: (ctx: Context) => Promise<T>): Promise<T> {
  const ctx = await createContext(loadConfig());
  try {
    return await fn(ctx);
  } finally {
    await ctx.db.close();
  }
}

export function checkCredentials(email: string, password: string): void {
  if (!isEmailAddress(email)) throw new UsageError('--email is not an e-mail address');
  if (!isAcceptablePassword(password)) {
    throw new UsageError(`--password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
}
