import { type Kysely, sql } from 'kysely';

// Prepaid credit (docs/payments.md): one ledger for every movement of money. Amounts are
// integer micro-dollars (1e-6 USD) in bigint columns; a wallet's balance is the sum of its
// movements, kept on the wallet row so that a spend is one conditional UPDATE, and never
// negative (CHECK, as a last line behind the conditional UPDATE).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_wallets')
    .addColumn('id', 'text', (c) => c.primaryKey()) // `token:<credit token id>` or `org:<organization id>`
    .addColumn('balance_micros', 'bigint', (c) => c.notNull().check(sql`balance_micros >= 0`))
    .addColumn('purchased_micros', 'bigint', (c) => c.notNull()) // every credit ever added
    .addColumn('spent_micros', 'bigint', (c) => c.notNull()) // every spend, net of what settlement returned
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('credit_movements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('wallet', 'text', (c) => c.notNull())
    // purchase | release | spend_reserve | spend_settle | refund | adjustment
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_micros', 'bigint', (c) => c.notNull()) // signed: + into the wallet, - out of it
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    // One movement per reference, ever: a retried purchase, release or settlement is a no-op.
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull()) // x402 | pix | asaas | operator | call | job
    .addColumn('product', 'text') // what was bought with it, e.g. `v1`
    .addColumn('resource', 'text') // e.g. the model id
    .addColumn('day', 'text', (c) => c.notNull()) // UTC YYYY-MM-DD, for the house totals
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_movements_wallet')
    .on('credit_movements')
    .columns(['wallet', 'created_at'])
    .execute();
  await db.schema
    .createIndex('credit_movements_day')
    .on('credit_movements')
    .columns(['day', 'source'])
    .execute();

  await db.schema
    .createTable('credit_reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('reserved_micros', 'bigint', (c) => c.notNull())
    .addColumn('actual_micros', 'bigint')
    .addColumn('state', 'text', (c) => c.notNull()) // open | settled
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('resource', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('settled_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('credit_reservations_open')
    .on('credit_reservations')
    .columns(['state', 'created_at'])
    .execute();

  await db.schema
    .createTable('credit_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique()) // HMAC of the token; the token itself is shown once
    .addColumn('usd', 'integer', (c) => c.notNull()) // the package
    .addColumn('source', 'text', (c) => c.notNull()) // x402 | pix | asaas
    .addColumn('reference', 'text', (c) => c.notNull().unique()) // the purchase that issued it
    .addColumn('state', 'text', (c) => c.notNull()) // pendente | ativo | recusado
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_tokens').execute();
  await db.schema.dropTable('credit_reservations').execute();
  await db.schema.dropTable('credit_movements').execute();
  await db.schema.dropTable('credit_wallets').execute();
}
