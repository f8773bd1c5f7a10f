import type { Kysely } from 'kysely';

// Worker jobs (the preview capabilities, /v1/jobs): the queue row lives in `jobs` (kind = the
// capability, id `svcj_…`, the JSON input already through the barrier as payload, a JSON
// result as result); `worker_jobs` holds what only these jobs have — the owning organisation,
// binary input and result (base64 text, the same on both dialects) — and `workers` the
// workers seen, for GET /v1/capabilities and the "no worker" rule, across instances.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('worker_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey()) // = jobs.id
    .addColumn('owner', 'text', (c) => c.notNull()) // organisation id, or `account:<id>` without one
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('capability', 'text', (c) => c.notNull())
    .addColumn('policy', 'text', (c) => c.notNull()) // the barrier policy that cleaned the input
    .addColumn('input_type', 'text') // content type of a binary input
    .addColumn('input_b64', 'text') // cleared when the job finishes
    .addColumn('result_type', 'text') // content type of a binary result
    .addColumn('result_b64', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('worker_jobs_owner')
    .on('worker_jobs')
    .columns(['owner', 'created_at'])
    .execute();
  await db.schema
    .createTable('workers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('capabilities', 'text', (c) => c.notNull()) // JSON array of svc.* names
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workers_seen').on('workers').column('seen_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workers').execute();
  await db.schema.dropTable('worker_jobs').execute();
}
