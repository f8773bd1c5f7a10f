import type { Kysely } from 'kysely';

// Contract-analysis API. Its users are separate from the gateway's
// accounts: another product, another login (e-mail + password → JWT).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contract_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // The text is encrypted at rest (AES-256-GCM, key derived from SVC_SECRET): contracts
  // are full of personal data.
  await db.schema
    .createTable('contract_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('contract_users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('characters', 'integer', (c) => c.notNull())
    .addColumn('sealed_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contract_documents_user')
    .on('contract_documents')
    .columns(['user_id', 'created_at'])
    .execute();

  // The result holds sentences of the contract, so it is sealed like the text.
  await db.schema
    .createTable('contract_analyses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('contract_users.id').onDelete('cascade'))
    .addColumn('contract_id', 'text', (c) =>
      c.notNull().references('contract_documents.id').onDelete('cascade'),
    )
    .addColumn('overall_risk', 'text', (c) => c.notNull())
    .addColumn('sealed_result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contract_analyses_user')
    .on('contract_analyses')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('contract_notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('contract_users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('contract_id', 'text')
    .addColumn('analysis_id', 'text')
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contract_notifications_user')
    .on('contract_notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  // Questions and answers about one contract, sealed.
  await db.schema
    .createTable('contract_chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('contract_users.id').onDelete('cascade'))
    .addColumn('contract_id', 'text', (c) =>
      c.notNull().references('contract_documents.id').onDelete('cascade'),
    )
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Monthly use per plan limit ("2025-01", "contracts"). Counted here rather than from the
  // rows above, so that deleting a contract does not give back its place in the month.
  await db.schema
    .createTable('contract_usage')
    .addColumn('user_id', 'text', (c) => c.notNull().references('contract_users.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contract_usage_pk', ['user_id', 'period', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'contract_usage',
    'contract_chat_messages',
    'contract_notifications',
    'contract_analyses',
    'contract_documents',
    'contract_users',
  ])
    await db.schema.dropTable(table).execute();
}
