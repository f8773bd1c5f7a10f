import type { Kysely } from 'kysely';

// x402 payments (one row per EIP-3009 authorisation nonce, claimed before the facilitator
// is called, so a replayed or concurrent second submission never mints twice) and the
// organisations' billing: `free` (the default, as before) or `prepaid`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('x402_payments')
    .addColumn('nonce', 'text', (c) => c.primaryKey()) // 0x… lower case, per network
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('payer', 'text', (c) => c.notNull()) // the paying wallet address (public, not personal data)
    .addColumn('purpose', 'text', (c) => c.notNull()) // `credit` (a package) or `call`
    .addColumn('micros', 'bigint', (c) => c.notNull())
    // claimed → settled | failed | unknown (settle timed out: the operator checks the chain)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text') // a reason code, never content
    .addColumn('transaction', 'text')
    .addColumn('token_id', 'text')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('x402_payments_day').on('x402_payments').columns(['day', 'state']).execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('billing', 'text', (c) => c.notNull().defaultTo('free'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('billing').execute();
  await db.schema.dropTable('x402_payments').execute();
}
