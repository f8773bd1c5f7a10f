import type { Kysely } from 'kysely';

// Contact messages (POST /api/contact): one message per 10 seconds per network. A row per
// network — named by a keyed hash, never the address — holds the next free send time (given
// out when a message is queued) and the time of the last send (taken just before sending),
// so instances sharing the database share the pacing. The messages themselves wait in the
// job queue (kind `contact.send`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_networks')
    .addColumn('network', 'text', (c) => c.primaryKey())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sent_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_networks').execute();
}
