import type { Kysely } from 'kysely';

// Workers get their own key (only its SHA-256 is kept) and each lease a random token bound
// to the worker that took it (its SHA-256, the worker, and the queue's fencing counter the
// lease was claimed at). Pix requests and Asaas charges also record the client's wider
// network (an HMAC of its IPv4 /24 or IPv6 /48), so pending ones are limited per address
// and per network as well as in total.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workers').addColumn('key_hash', 'text').execute();
  await db.schema.alterTable('worker_jobs').addColumn('lease_hash', 'text').execute();
  await db.schema.alterTable('worker_jobs').addColumn('lease_worker', 'text').execute();
  await db.schema.alterTable('worker_jobs').addColumn('lease_fence', 'bigint').execute();
  for (const table of ['pix_requests', 'asaas_charges']) {
    await db.schema.alterTable(table).addColumn('wide_network', 'text').execute();
    await db.schema
      .createIndex(`${table}_pending_network`)
      .on(table)
      .columns(['network', 'state', 'created_at'])
      .execute();
    await db.schema
      .createIndex(`${table}_pending_wide`)
      .on(table)
      .columns(['wide_network', 'state', 'created_at'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pix_requests', 'asaas_charges']) {
    await db.schema.dropIndex(`${table}_pending_wide`).execute();
    await db.schema.dropIndex(`${table}_pending_network`).execute();
    await db.schema.alterTable(table).dropColumn('wide_network').execute();
  }
  await db.schema.alterTable('worker_jobs').dropColumn('lease_fence').execute();
  await db.schema.alterTable('worker_jobs').dropColumn('lease_worker').execute();
  await db.schema.alterTable('worker_jobs').dropColumn('lease_hash').execute();
  await db.schema.alterTable('workers').dropColumn('key_hash').execute();
}
