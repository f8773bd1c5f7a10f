import { type Kysely, sql } from 'kysely';

// Money in a crash window (docs/payments.md "Crash recovery") and billing at usage.
// x402 payments keep what the reconciler needs to finish them after a crash: the signed
// payment and our quote (to ask the facilitator again), what it pays for (a package, or the
// wallet of a paid call), when to try next, and whether the token reached the buyer.
// House losses: usage beyond a call's reservation that the balance could not cover.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of [
    ['payment', 'text'], // the X-PAYMENT payload as JSON (public once settled: it is on chain)
    ['requirements', 'text'], // our quote as JSON
    ['wallet', 'text'], // purpose `call`: the wallet the payment credits
    ['usd', 'integer'], // purpose `credit`: the package
    ['next_at', 'bigint'], // the reconciler's next try
    ['delivered_at', 'bigint'], // the cred_ token string reached the buyer
  ] as const) {
    await db.schema.alterTable('x402_payments').addColumn(name, type).execute();
  }
  await db.schema
    .alterTable('x402_payments')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Rows of the earlier steps: a settled package whose token was minted was also delivered in
  // the same answer; its package is its amount.
  await sql`UPDATE x402_payments SET usd = micros / 1000000 WHERE purpose = 'credit'`.execute(db);
  await sql`UPDATE x402_payments SET state = 'credited', delivered_at = updated_at
             WHERE state = 'settled' AND token_id IS NOT NULL`.execute(db);
  await db.schema
    .createIndex('x402_payments_state')
    .on('x402_payments')
    .columns(['state', 'next_at'])
    .execute();

  await db.schema
    .createTable('credit_house_losses')
    .addColumn('reservation', 'text', (c) => c.primaryKey())
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('usage_micros', 'bigint', (c) => c.notNull()) // what the vendor's usage cost
    .addColumn('charged_micros', 'bigint', (c) => c.notNull()) // what the wallet paid
    .addColumn('lost_micros', 'bigint', (c) => c.notNull()) // the difference, borne by the house
    .addColumn('resource', 'text')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_house_losses_day').on('credit_house_losses').column('day').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_house_losses').execute();
  await db.schema.dropIndex('x402_payments_state').execute();
  for (const name of ['attempts', 'delivered_at', 'next_at', 'usd', 'wallet', 'requirements', 'payment'])
    await db.schema.alterTable('x402_payments').dropColumn(name).execute();
}
