import type { Kysely } from 'kysely';

// Per-key controls (docs/accounts.md "Key controls"), each null when the key has none:
// an expiry instant, the models it may call (JSON array), a monthly budget in micro-dollars,
// and its own requests and tokens per minute. Existing keys keep none of them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('expires_at', 'bigint').execute();
  await db.schema.alterTable('api_keys').addColumn('allowed_models', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('budget_micros', 'bigint').execute();
  await db.schema.alterTable('api_keys').addColumn('requests_per_minute', 'integer').execute();
  await db.schema.alterTable('api_keys').addColumn('tokens_per_minute', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'tokens_per_minute',
    'requests_per_minute',
    'budget_micros',
    'allowed_models',
    'expires_at',
  ]) {
    await db.schema.alterTable('api_keys').dropColumn(column).execute();
  }
}
