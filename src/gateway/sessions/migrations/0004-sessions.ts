import type { Kysely } from 'kysely';

// Browser sessions: login throttling shared by every instance, and a TOTP
// enrolment that belongs to the browser session that started it.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per throttled subject ("acct:<hash of e-mail>", "net:<network>"): failures in the
  // current window. In the database, not in memory, so that the limit holds across instances.
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();

  // A TOTP secret offered by setup and not yet confirmed; encrypted like accounts.totp_secret.
  await db.schema.alterTable('sessions').addColumn('totp_pending', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('totp_pending').execute();
  await db.schema.dropTable('login_attempts').execute();
}
