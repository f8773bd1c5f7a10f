import { parseArgs } from 'node:util';
import { migrate, openDb } from '../platform/db/index.js';
import { MIGRATIONS } from '../modules.js';
import { storageConfig } from './context.js';
import { ensureSecret } from '../platform/secret.js';
import { type CliCommand, printJson, UsageError } from './command.js';

export const migrateCommand: CliCommand = {
  path: ['migrate'],
  summary: 'Bring the database schema up to date',
  usage: `Usage: svc migrate

Applies pending migrations to the SQLite database in SVC_DATA_DIR, or to PostgreSQL when
DATABASE_URL is set. Idempotent: a second run applies nothing. Services also migrate at start.
Prints {"dialect": …, "applied": [names]}.`,
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    if (positionals.length > 0) throw new UsageError('migrate takes no arguments');
    const config = storageConfig(true);
    const db = openDb(config);
    try {
      const secret = ensureSecret(config.dataDir, config.secret);
      printJson({ dialect: db.dialect, applied: await migrate(db, MIGRATIONS, secret) });
    } finally {
      await db.close();
    }
    return 0;
  },
};
