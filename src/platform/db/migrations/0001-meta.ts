import type { Kysely } from 'kysely';

// Process-wide facts that must agree across instances (e.g. the secret's fingerprint).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('svc_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('svc_meta').execute();
}
