// SQL for API keys. Only a keyed hash of the secret is stored; the secret is returned once.
import type { Kysely, Selectable } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';
import { newId } from '../../platform/ids.js';
import { generateSecret, secretHash } from '../../platform/identity/api-key-secrets.js';
import type { KeyControls } from '../access/principal.js';
import type { ApiKeysTable, KeysTables } from './tables.js';

export type KeyRow = Selectable<ApiKeysTable>;

/** The API key record as the interface shows it. */
export interface KeyRecord {
  id: string;
  name: string;
  organizationId: string | null;
  last4: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  active: boolean;
  /** The key's controls as the interface shows them (docs/accounts.md "Key controls"). */
  expiresAt: string | null;
  models: string[] | null;
  budgetUsd: number | null;
  requestsPerMinute: number | null;
  tokensPerMinute: number | null;
}

type ControlColumns = Pick<
  KeyRow,
  'expires_at' | 'allowed_models' | 'budget_micros' | 'requests_per_minute' | 'tokens_per_minute'
>;

/** The stored controls; null when the key has none (most keys: nothing to check per call). */
export function controlsOf(row: ControlColumns): KeyControls | null {
  if (
    row.expires_at === null &&
    row.allowed_models === null &&
    row.budget_micros === null &&
    row.requests_per_minute === null &&
    row.tokens_per_minute === null
  )
    return null;
  return {
    expiresAt: row.expires_at,
    models: row.allowed_models === null ? null : (JSON.parse(row.allowed_models) as string[]),
    budgetMicros: row.budget_micros,
    requestsPerMinute: row.requests_per_minute,
    tokensPerMinute: row.tokens_per_minute,
  };
}

/** The controls' columns for a write; a control absent from `c` is left out (unchanged). */
export function controlColumns(c: Partial<KeyControls>): Partial<ControlColumns> {
  const out: Partial<ControlColumns> = {};
  if (c.expiresAt !== undefined) out.expires_at = c.expiresAt;
  if (c.models !== undefined) out.allowed_models = c.models === null ? null : JSON.stringify(c.models);
  if (c.budgetMicros !== undefined) out.budget_micros = c.budgetMicros;
  if (c.requestsPerMinute !== undefined) out.requests_per_minute = c.requestsPerMinute;
  if (c.tokensPerMinute !== undefined) out.tokens_per_minute = c.tokensPerMinute;
  return out;
}

export const MAX_LIVE_KEYS = 10;
export class KeyLimitError extends Error {}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toRecord(row: KeyRow): KeyRecord {
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organization_id,
    last4: row.last4,
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
    active: row.revoked_at === null && row.stopped_at === null,
    expiresAt: iso(row.expires_at),
    models: row.allowed_models === null ? null : (JSON.parse(row.allowed_models) as string[]),
    budgetUsd: row.budget_micros === null ? null : row.budget_micros / 1e6,
    requestsPerMinute: row.requests_per_minute,
    tokensPerMinute: row.tokens_per_minute,
  };
}

export interface NewKey {
  accountId: string;
  organizationId: string | null;
  productId: string;
  name: string;
  controls?: Partial<KeyControls>;
}

export async function createKey(
  db: Kysely<KeysTables>,
  pepper: Buffer,
  input: NewKey,
): Promise<{
  key: KeyRecord;
  secret: string;
}> {
  const secret = generateSecret();
  const row: KeyRow = {
    id: newId('key'),
    account_id: input.accountId,
    organization_id: input.organizationId,
    product_id: input.productId,
    name: input.name,
    secret_hash: secretHash(pepper, secret),
    last4: secret.slice(-4),
    created_at: Date.now(),
    last_used_at: null,
    revoked_at: null,
    stopped_at: null,
    expires_at: null,
    allowed_models: null,
    budget_micros: null,
    requests_per_minute: null,
    tokens_per_minute: null,
    ...controlColumns(input.controls ?? {}),
  };
  await db.transaction().execute(async (trx) => {
    // Serialise creations for one account so that two concurrent requests cannot both
    // pass the limit check (SQLite transactions are already serial).
    await sql`select id from accounts where id = ${input.accountId} ${isPostgres(trx) ? sql`for update` : sql``}`.execute(
      trx,
    );
    const { n } = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', input.accountId)
      .where('product_id', '=', input.productId)
      .where('revoked_at', 'is', null)
      .where('stopped_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_LIVE_KEYS) throw new KeyLimitError('key limit reached');
    await trx.insertInto('api_keys').values(row).execute();
  });
  return { key: toRecord(row), secret };
}

function isPostgres(db: Kysely<KeysTables>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function listKeys(
  db: Kysely<KeysTables>,
  accountId: string,
  productId: string,
): Promise<KeyRecord[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('product_id', '=', productId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toRecord);
}

/** Revokes one of the account's keys. False when the key is unknown or not the account's; repeating is harmless. */
export async function revokeKey(
  db: Kysely<KeysTables>,
  accountId: string,
  productId: string,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'revoked_at'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!row) return false;
  if (row.revoked_at === null) {
    await db
      .updateTable('api_keys')
      .set({ revoked_at: Date.now() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
  return true;
}

/** One of the account's keys (live or not), or undefined. */
export async function findKey(
  db: Kysely<KeysTables>,
  accountId: string,
  productId: string,
  id: string,
): Promise<KeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** Changes the controls named in `controls` (null clears one); undefined when the key is not the account's. */
export async function updateKeyControls(
  db: Kysely<KeysTables>,
  accountId: string,
  productId: string,
  id: string,
  controls: Partial<KeyControls>,
): Promise<KeyRecord | undefined> {
  const set = controlColumns(controls);
  if (Object.keys(set).length > 0) {
    await db
      .updateTable('api_keys')
      .set(set)
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('product_id', '=', productId)
      .execute();
  }
  const row = await findKey(db, accountId, productId, id);
  return row && toRecord(row);
}
