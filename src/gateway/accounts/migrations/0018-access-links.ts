import type { Kysely } from 'kysely';

// Links sent by e-mail that let a person in without a password they know: an invitation to
// an organisation, or a password reset. Only a SHA-256 of the link's token is kept; a link
// expires and is spent by its first use (`used_at`, set by a conditional update).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('access_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text')
    .addColumn('role', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('access_links').execute();
}
