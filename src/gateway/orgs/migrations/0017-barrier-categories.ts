import type { Kysely } from 'kysely';

// Which categories of personal data an organisation masks. Stored as the categories it
// switched OFF (a JSON array; null: none), so every existing organisation keeps masking
// everything, and a category added in a later version is masked until someone switches it
// off. A worker job keeps the cleaning its input got (name sensitivity and categories, beside
// the policy it already kept), so its result is cleaned the same way when it comes back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('unmasked_categories', 'text').execute();
  await db.schema.alterTable('worker_jobs').addColumn('name_sensitivity', 'text').execute();
  await db.schema.alterTable('worker_jobs').addColumn('unmasked_categories', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('worker_jobs').dropColumn('unmasked_categories').execute();
  await db.schema.alterTable('worker_jobs').dropColumn('name_sensitivity').execute();
  await db.schema.alterTable('organizations').dropColumn('unmasked_categories').execute();
}
