import type { Kysely } from 'kysely';

// Encrypted audit records of barrier calls and privacy jobs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sealed', 'text', (c) => c.notNull()) // AES-256-GCM of the metadata JSON
    .execute();

  await db.schema
    .createTable('privacy_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('privacy', 'text', (c) => c.notNull()) // JSON: categories, counts, total — never content
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('privacy_jobs').execute();
  await db.schema.dropTable('audit_records').execute();
}
