import type { Kysely } from 'kysely';

// Accounts, organisations, browser sessions and API keys.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique()) // stored lower-cased
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('theme', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('avatar_webp', 'text') // base64; at most 64 KiB decoded
    .addColumn('totp_secret', 'text') // encrypted with a key derived from SVC_SECRET
    .addColumn('totp_last_step', 'bigint')
    .addColumn('released', 'integer', (c) => c.notNull())
    .addColumn('trial_ends_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('product_enabled', 'integer', (c) => c.notNull())
    .addColumn('mfa_required', 'integer', (c) => c.notNull())
    .addColumn('privacy_policy', 'text', (c) => c.notNull())
    .addColumn('allowed_cidrs', 'text') // JSON array; null = any network
    .addColumn('released_models', 'text') // JSON array; null = the whole catalogue
    .addColumn('restore_placeholders', 'integer', (c) => c.notNull())
    .addColumn('requests_per_minute', 'integer') // null = the default
    .addColumn('monthly_quota', 'bigint') // tokens; null = the default
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['organization_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey()) // the public sessionId
    .addColumn('token_hash', 'text', (c) => c.notNull().unique()) // SHA-256 of the cookie value
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('csrf_secret', 'text', (c) => c.notNull())
    .addColumn('auth_time', 'bigint')
    .addColumn('methods', 'text', (c) => c.notNull()) // JSON array: pwd, otp
    .addColumn('mfa_state', 'text', (c) => c.notNull()) // none | pending | verified
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint') // revoked by its owner
    .addColumn('stopped_at', 'bigint') // stopped by a password change or "end all accesses"
    .execute();
  await db.schema
    .createIndex('api_keys_account')
    .on('api_keys')
    .columns(['account_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['api_keys', 'sessions', 'memberships', 'organizations', 'accounts']) {
    await db.schema.dropTable(t).execute();
  }
}
