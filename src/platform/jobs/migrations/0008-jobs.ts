import { type Kysely, sql } from 'kysely';

// One durable job queue for every area (src/platform/jobs): a row per job, claimed with a
// lease whose fencing token only ever grows, so a holder whose lease was taken over cannot
// complete the job or commit its effects. Also moves insights onto it, and the two insights
// tenant rules that came with it (allowlist deny-by-default, private platform URLs).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull()) // JSON, written by the kind's owner
    .addColumn('dedup_key', 'text') // at most one waiting job per (kind, dedup_key)
    .addColumn('status', 'text', (c) => c.notNull()) // queued | leased | completed | failed | superseded
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_token', 'bigint', (c) => c.notNull()) // +1 on every claim
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('result', 'text') // JSON, optional
    .addColumn('last_error', 'text') // an error code, never content
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_claim').on('jobs').columns(['status', 'kind', 'run_at']).execute();
  await db.schema.createIndex('jobs_lease').on('jobs').columns(['status', 'lease_expires_at']).execute();
  await sql`CREATE UNIQUE INDEX jobs_one_waiting ON jobs (kind, dedup_key) WHERE status = 'queued'`.execute(
    db,
  );

  // Insights' ingestion jobs still waiting when this runs move to the queue that now runs
  // them (same dedup rule: one waiting job per tenant and conversation).
  await sql`
    INSERT INTO jobs (id, kind, payload, dedup_key, status, attempts, max_attempts, run_at,
                      lease_token, lease_expires_at, result, last_error, created_at, updated_at)
    SELECT id, 'insights.ingest',
           '{"tenantId":' || ${jsonString('tenant_id')} || ',"sessionId":' || ${jsonString('session_id')} || '}',
           tenant_id || ':' || session_id, 'queued', attempts, 8, run_at, 0, NULL, NULL, last_error,
           created_at, updated_at
      FROM insight_jobs
     WHERE status = 'queued'
        OR (status = 'leased' AND NOT EXISTS (
              SELECT 1 FROM insight_jobs w
               WHERE w.tenant_id = insight_jobs.tenant_id AND w.session_id = insight_jobs.session_id
                 AND w.status = 'queued'))`.execute(db);
  await sql`DELETE FROM insight_jobs WHERE status IN ('queued', 'leased')`.execute(db);

  // Insights tenants: the IP allowlist now denies by default ([] = nobody). Tenants created
  // before, whose empty list meant "any address", keep working, now written out as "any".
  // A platform URL on a private, loopback or link-local address needs the operator's
  // explicit permission (0 for existing tenants: their jobs fail with a logged code).
  await sql`UPDATE insight_tenants SET allowed_cidrs = '["any"]' WHERE allowed_cidrs = '[]'`.execute(db);
  await db.schema
    .alterTable('insight_tenants')
    .addColumn('platform_private_ok', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/** A text column as a JSON string, in SQL both dialects run. */
function jsonString(column: string) {
  return sql`'"' || replace(replace(${sql.ref(column)}, '\\', '\\\\'), '"', '\\"') || '"'`;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('insight_tenants').dropColumn('platform_private_ok').execute();
  await db.schema.dropTable('jobs').execute();
}
