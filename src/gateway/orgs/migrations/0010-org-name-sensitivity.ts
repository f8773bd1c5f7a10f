import type { Kysely } from 'kysely';

// How readily the barrier takes words for person names, chosen per organisation:
// `balanced` (the default, and what every existing organisation keeps) or `strict`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('name_sensitivity', 'text', (c) => c.notNull().defaultTo('balanced'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('name_sensitivity').execute();
}
