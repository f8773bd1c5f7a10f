import { type Kysely, sql } from 'kysely';

// Conversation insights: tenants, the durable ingestion jobs, the
// insights themselves and the contact-tag cleanup queue.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('insight_tenants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('token_hash', 'text', (c) => c.notNull()) // HMAC-SHA256 with a key derived from SVC_SECRET
    .addColumn('allowed_cidrs', 'text', (c) => c.notNull()) // JSON array; [] = any address
    .addColumn('platform_url', 'text')
    .addColumn('platform_token_sealed', 'text') // AES-256-GCM
    .addColumn('watched_tags', 'text', (c) => c.notNull()) // JSON array
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('insight_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // queued | leased | completed | failed
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_token', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_error', 'text') // an error code, never content
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('insight_jobs_claim')
    .on('insight_jobs')
    .columns(['status', 'run_at'])
    .execute();
  // At most one waiting job per conversation: repeated deliveries before the worker gets to
  // it collapse into one (ON CONFLICT … WHERE status = 'queued' DO NOTHING).
  await sql`CREATE UNIQUE INDEX insight_jobs_one_queued ON insight_jobs (tenant_id, session_id) WHERE status = 'queued'`.execute(
    db,
  );

  await db.schema
    .createTable('insights')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('transcript_hash', 'text', (c) => c.notNull())
    .addColumn('message_count', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('topics', 'text', (c) => c.notNull()) // JSON array
    .addColumn('sentiment', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('analyzer', 'text', (c) => c.notNull()) // modelo | regras
    .addColumn('model', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('insights_tenant_session', ['tenant_id', 'session_id'])
    .execute();
  await db.schema
    .createIndex('insights_tenant_updated')
    .on('insights')
    .columns(['tenant_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('insight_tag_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull()) // YYYY-MM-DD in the tenant's time zone
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // pending | removed | superseded | failed
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('done_at', 'bigint')
    .addUniqueConstraint('insight_tag_queue_once', ['tenant_id', 'contact_id', 'tag', 'day'])
    .execute();
  await db.schema
    .createIndex('insight_tag_queue_due')
    .on('insight_tag_queue')
    .columns(['status', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('insight_tag_queue').execute();
  await db.schema.dropTable('insights').execute();
  await db.schema.dropTable('insight_jobs').execute();
  await db.schema.dropTable('insight_tenants').execute();
}
