// Shared by commands that need configuration and storage, and by those that take a new
// account's credentials.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { createContext } from '../context.js';
import type { Context } from '../platform/context.js';
import { describeStorage } from '../platform/db/index.js';
import { isEmailAddress } from '../platform/identity/email.js';
import { isAcceptablePassword, PASSWORD_MAX, PASSWORD_MIN } from '../platform/identity/passwords.js';
import { UsageError } from './command.js';

/**
 * The configuration of a command, after saying on stderr which storage it will use: the
 * data folder is relative to the current folder, and a command run from elsewhere would
 * otherwise work on a second, empty database. Only `serve` and `migrate` may create one.
 */
export function storageConfig(mayCreate: boolean): Config {
  const config = loadConfig();
  if (!config.databaseUrl && !mayCreate && !existsSync(config.dataDir)) {
    throw new ConfigError([
      `SVC_DATA_DIR: no data folder at ${resolve(config.dataDir)}; run the command from the folder the server runs in, set SVC_DATA_DIR to the server's data folder, or create a new one with \`svc migrate\``,
    ]);
  }
  process.stderr.write(`svc: storage: ${describeStorage(config)}\n`);
  return config;
}

/** Runs `fn` with a migrated context on existing storage, closing storage afterwards. */
export async function withContext<T>(fn: (ctx: Context) => Promise<T>): Promise<T> {
  const ctx = await createContext(storageConfig(false));
  try {
    return await fn(ctx);
  } finally {
    await ctx.db.close();
    ctx.mail.close();
  }
}

export function checkCredentials(email: string, password: string): void {
  if (!isEmailAddress(email)) throw new UsageError('--email is not an e-mail address');
  if (!isAcceptablePassword(password)) {
    throw new UsageError(`--password must have ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  }
}
