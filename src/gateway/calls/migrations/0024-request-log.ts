import type { Kysely } from 'kysely';

// The request log (gateway/calls): one row per model call, never text or values — ids,
// model names, status, timings, tokens, cost and per-category counts of findings with what
// the policy did. Rows older than the organisation's `request_log_days` are purged by a job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('model_asked', 'text')
    .addColumn('model_used', 'text')
    .addColumn('provider', 'text')
    .addColumn('region', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('input_tokens', 'bigint', (c) => c.notNull())
    .addColumn('output_tokens', 'bigint', (c) => c.notNull())
    .addColumn('cost_micros', 'bigint', (c) => c.notNull())
    // JSON {category: {masked, removed, refused, allowed}}: counts only.
    .addColumn('findings', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('call_log_org_at').on('call_log').columns(['organization_id', 'at']).execute();
  await db.schema.createIndex('call_log_account_at').on('call_log').columns(['account_id', 'at']).execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('request_log_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('request_log_days').execute();
  await db.schema.dropTable('call_log').execute();
}
