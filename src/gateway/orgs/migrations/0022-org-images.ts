import type { Kysely } from 'kysely';

// What the gateway does with images and PDFs in a model request, chosen per organisation:
// `refuse` (the default, and what every existing organisation keeps: 400
// unsupported_content) or `redact` (OCR, the personal data blacked out, then sent).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('refuse'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('images').execute();
}
