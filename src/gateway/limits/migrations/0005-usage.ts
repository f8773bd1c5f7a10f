import type { Kysely } from 'kysely';

// Model gateway limits and usage.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Fixed-window counters shared by every instance when there is no Redis: one row per
  // subject and window ("rpm:<key id>:<minute>", "quota:<org>:<yyyy-mm>"), bumped with one
  // atomic upsert; expired rows are swept now and then.
  await db.schema
    .createTable('limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('limit_counters_expires').on('limit_counters').column('expires_at').execute();

  // Tokens per key, model and UTC day (the organisation rides along: a key has one).
  await db.schema
    .createTable('usage_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addColumn('input_tokens', 'bigint', (c) => c.notNull())
    .addColumn('output_tokens', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_daily_pk', ['day', 'key_id', 'model'])
    .execute();
  await db.schema
    .createIndex('usage_daily_org_day')
    .on('usage_daily')
    .columns(['organization_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_daily').execute();
  await db.schema.dropTable('limit_counters').execute();
}
