// The API-key check of every `config.auth: 'key'` route (authentication rule 1): 401 when
// the key is absent or invalid; then the one access decision (access/decide.ts) gives the
// principal or the refusal (expired key, account awaiting release, trial ended, product
// off, second factor, network origin). Model release is checked by the model pipeline
// (pipeline/resolve.ts).
//
// No cache: one indexed query per request, so a revoked key stops on every instance the
// moment the revoke commits — correct by construction, where a cache would need
// invalidation across processes (docs/contributing/performance.md has the measured cost).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Context } from '../../platform/context.js';
import type { Db } from '../../platform/db/index.js';
import { prepared } from '../../platform/db/statements.js';
import { bearerToken } from '../../platform/http/authorization.js';
import { deriveKey } from '../../platform/secret.js';
import { PRODUCT_ID } from '../product.js';
import { isWellFormed, secretHash } from '../../platform/identity/api-key-secrets.js';
import { INTERNAL_EMAIL } from '../../platform/identity/internal-key.js';
import { decideAccess } from '../access/decide.js';
import type { Principal } from '../access/principal.js';
import { invalidApiKey } from './errors.js';
import { controlsOf } from './store.js';
import type { GatewayTables } from '../tables.js';
import { kyselyOf } from './tables.js';

export type { Principal } from '../access/principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

const HOUR = 3_600_000;

export function presentedKey(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request.headers.authorization);
  if (bearer !== undefined) return bearer;
  const apiKey = request.headers['x-api-key'];
  return typeof apiKey === 'string' ? apiKey.trim() : undefined;
}

const COLUMNS = [
  'k.id as key_id',
  'k.account_id',
  'k.organization_id',
  'k.product_id',
  'k.revoked_at',
  'k.stopped_at',
  'k.last_used_at',
  'k.expires_at',
  'k.allowed_models',
  'k.budget_micros',
  'k.requests_per_minute as key_rpm',
  'k.tokens_per_minute',
  'a.released',
  'a.email',
  'a.trial_ends_at',
  'o.product_enabled',
  'o.privacy_policy',
  'o.name_sensitivity',
  'o.unmasked_categories',
  'o.images',
  'o.allowed_cidrs',
  'o.released_models',
  'o.restore_placeholders',
  'o.requests_per_minute',
  'o.monthly_quota',
  'o.mfa_required',
  'o.billing',
] as const;

function lookupQuery(db: Kysely<GatewayTables>, p: { hash: string }) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .leftJoin('organizations as o', 'o.id', 'k.organization_id')
    .leftJoin('memberships as m', (j) =>
      j.onRef('m.organization_id', '=', 'k.organization_id').onRef('m.account_id', '=', 'k.account_id'),
    )
    .select(COLUMNS)
    .select('m.role as member_role')
    .select(sql<number>`case when a.totp_secret is null then 0 else 1 end`.as('has_mfa'))
    .where('k.secret_hash', '=', p.hash);
}

type KeyRow = Awaited<ReturnType<ReturnType<typeof lookupQuery>['executeTakeFirst']>>;

/**
 * The key, its account and organisation in one indexed query. On SQLite the same SQL runs
 * as a prepared statement (the query builder's overhead was ~95% of the check's cost) that
 * returns its row as an array, named here: better-sqlite3 builds row objects property by
 * property in C++, a fifth of the look-up's cost.
 */
function createLookup(db: Db): (hash: string) => Promise<KeyRow> {
  if (!db.sqlite) return (hash) => lookupQuery(db.kysely, { hash }).executeTakeFirst();
  const { statement, args } = prepared(db.sqlite, db.kysely, lookupQuery, 'raw');
  const names = statement.columns().map((c) => c.name);
  return async (hash) => {
    const values = statement.get(...args({ hash })) as unknown[] | undefined;
    if (!values) return undefined;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row as KeyRow;
  };
}

export function createKeyAuth(ctx: Context, now: () => number = Date.now) {
  const pepper = deriveKey(ctx.secret, 'api-key');
  const lookup = createLookup(ctx.db);
  const touched = new Map<string, number>(); // key id → hour last written by this process

  function touch(keyId: string, lastUsedAt: number | null, at: number): void {
    const hour = Math.floor(at / HOUR) * HOUR;
    if ((lastUsedAt ?? -1) >= hour || touched.get(keyId) === hour) return;
    touched.set(keyId, hour);
    // Off the hot path: the answer does not wait for this write, and a failure only delays it.
    kyselyOf(ctx.db)
      .updateTable('api_keys')
      .set({ last_used_at: hour })
      .where('id', '=', keyId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', hour)]))
      .execute()
      .catch(() => touched.delete(keyId));
  }

  return async function keyAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const secret = presentedKey(request);
    if (!secret || !isWellFormed(secret)) throw invalidApiKey();
    const row = await lookup(secretHash(pepper, secret));
    if (!row || row.revoked_at !== null || row.stopped_at !== null || row.product_id !== PRODUCT_ID)
      throw invalidApiKey();
    const at = now();
    request.principal = decideAccess(
      {
        credential: 'key',
        keyId: row.key_id,
        accountId: row.account_id,
        released: row.released === 1,
        trialEndsAt: row.trial_ends_at,
        hasMfa: row.has_mfa === 1,
        internal: row.email === INTERNAL_EMAIL,
        organizationId: row.organization_id,
        // An account key has no organisation row: the left join gives nulls.
        organization: row.organization_id === null ? null : row,
        member: true,
        role: row.member_role,
        controls: controlsOf({
          expires_at: row.expires_at,
          allowed_models: row.allowed_models,
          budget_micros: row.budget_micros,
          requests_per_minute: row.key_rpm,
          tokens_per_minute: row.tokens_per_minute,
        }),
      },
      request.ip,
      at,
    );
    touch(row.key_id, row.last_used_at, at);
  };
}

/** The principal of a key route; the hook guarantees it, this makes the type say so. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw invalidApiKey();
  return request.principal;
}
