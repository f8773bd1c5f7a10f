import type { Kysely } from 'kysely';

// The operator's decision on an x402 payment the reconciler cannot finish (`svc credit
// resolve`, docs/payments.md "Crash recovery"): when it was taken and the operator's
// reference (what they checked on chain). The decision itself is the state it left the row in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('x402_payments').addColumn('resolved_at', 'bigint').execute();
  await db.schema.alterTable('x402_payments').addColumn('resolution', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('x402_payments').dropColumn('resolution').execute();
  await db.schema.alterTable('x402_payments').dropColumn('resolved_at').execute();
}
