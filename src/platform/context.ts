// Everything a service needs from the process: validated config, storage (migrated), the
// master secret and the logger. Built once per process and shared by the services in it.
import type { Config } from './config/index.js';
import { ConfigError } from './config/index.js';
import { type Db, type Migrations, migrate, openDb } from './db/index.js';
import { kyselyOf } from './db/tables.js';
import { createLogger, type Logger } from './logger.js';
import { createMailer, type Mailer } from './mail/index.js';
import { gatewayOrigins, type Origins } from './origins.js';
import { ensureSecret, secretFingerprint } from './secret.js';

export interface Context {
  config: Config;
  db: Db;
  logger: Logger;
  secret: string;
  /** Outgoing mail; `mail.configured` is false when SMTP_URL is unset. */
  mail: Mailer;
  /** Facts known only once services run, e.g. the address the gateway got (port 0). */
  runtime: { gatewayUrl?: string };
  /** The browser origins the gateway accepts and the one it announces. */
  origins: Origins;
}

/**
 * Opens storage, brings it up to date with `migrations` (every module's, in order: the platform
 * knows none but its own, src/context.ts hands them all) and checks the secret against it.
 */
export async function openContext(
  config: Config,
  migrations: Migrations,
  logger = createLogger(config.logLevel),
): Promise<Context> {
  const secret = ensureSecret(config.dataDir, config.secret);
  const db = openDb(config);
  try {
    await migrate(db, migrations, secret);
    await checkSecret(db, secret);
  } catch (err) {
    await db.close();
    throw err;
  }
  const runtime: Context['runtime'] = {};
  const origins = gatewayOrigins(config, () => runtime.gatewayUrl);
  return { config, db, logger, secret, mail: createMailer(config.mail), runtime, origins };
}

// Instances sharing one PostgreSQL must share one secret, or each would read the others'
// encrypted records as garbage. The first instance records a fingerprint; a mismatch stops start-up.
async function checkSecret(db: Db, secret: string): Promise<void> {
  const fingerprint = secretFingerprint(secret);
  await kyselyOf(db)
    .insertInto('svc_meta')
    .values({ key: 'secret_fingerprint', value: fingerprint, updated_at: Date.now() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await kyselyOf(db)
    .selectFrom('svc_meta')
    .select('value')
    .where('key', '=', 'secret_fingerprint')
    .executeTakeFirstOrThrow();
  if (row.value !== fingerprint) {
    throw new ConfigError([
      'SVC_SECRET: differs from the secret this database was initialised with; every instance sharing a database needs the same SVC_SECRET',
    ]);
  }
}
