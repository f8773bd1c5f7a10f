import type { Kysely } from 'kysely';

// UI telemetry and the showcase (src/gateway/telemetry, src/gateway/showcase). Client error
// reports are never stored: they go to the log only.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per UTC day of the funnel archive: the day's size in bytes. Updating it takes the
  // row lock, so concurrent writers (several instances) get consecutive byte ranges and a
  // batch's range is committed with the batch itself.
  await db.schema
    .createTable('funnel_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('batches', 'bigint', (c) => c.notNull())
    .execute();
  // One stored batch: its NDJSON line and where it sits in the day ([start_byte, +size)).
  // vid/sid/views are copies of what the line holds, so visits are counted without parsing.
  await db.schema
    .createTable('funnel_batches')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('start_byte', 'bigint', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('vid', 'text', (c) => c.notNull())
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('funnel_batches_pk', ['day', 'start_byte'])
    .execute();
  // Daily counters of telemetry that keeps no record (payment-page views, robots by class).
  await db.schema
    .createTable('telemetry_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('telemetry_daily_pk', ['day', 'name'])
    .execute();
  // The collector's document per product (the operator's, exact figures) and its cursors.
  await db.schema
    .createTable('showcase_documents')
    .addColumn('produto', 'text', (c) => c.primaryKey())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('collected_at', 'bigint', (c) => c.notNull())
    .addColumn('borda_at', 'bigint')
    .addColumn('cli_at', 'bigint')
    .execute();
  // Who runs the periodic collector: one holder at a time until expires_at; token grows by
  // one on every change of holder, so a stalled former holder cannot publish.
  await db.schema
    .createTable('showcase_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('token', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'showcase_leases',
    'showcase_documents',
    'telemetry_daily',
    'funnel_batches',
    'funnel_days',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
