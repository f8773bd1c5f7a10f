// The API-key check of every `config.auth: 'key'` route (authentication rule 1):
// 401 when the key is absent or invalid; 403 when the account awaits release, the free
// trial has ended, the organisation has the product off, the organisation requires a
// second factor its owner lacks, or the network is outside the organisation's policy. Model release is checked by the model pipeline (pipeline/resolve.ts).
//
// No cache: one indexed query per request, so a revoked key stops on every instance the
// moment the revoke commits — correct by construction, where a cache would need
// invalidation across processes (docs/contributing/performance.md has the measured cost).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Context } from '../../platform/context.js';
import type { Db } from '../../platform/db/index.js';
import { prepared } from '../../platform/db/statements.js';
import type { Database } from '../../platform/db/schema.js';
import { bearerToken } from '../../platform/http/authorization.js';
import { cidrMatcher } from '../../platform/net.js';
import { deriveKey } from '../../platform/secret.js';
import { type BarrierSettings, barrierOf } from '../orgs/cleaning-choice.js';
import { PRODUCT_ID } from '../product.js';
import { isWellFormed, secretHash } from '../../platform/identity/api-key-secrets.js';
import { INTERNAL_EMAIL } from '../../platform/identity/internal-key.js';
import { ORGS } from '../orgs/errors.js';
import { KEYS } from './errors.js';

/**
 * Who is calling a `/v1` route, and the organisation settings that apply: its barrier
 * settings (policy; name sensitivity, which a request may raise with X-SVC-Nomes; the
 * categories masked) are what orgs/cleaning-choice.ts chooses from.
 */
export interface Principal extends BarrierSettings {
  /**
   * The model pipeline's principals are a union (pipeline/principal.ts); `key` is an API
   * key, `session` the console's signed-in session acting in an organisation's settings
   * (playground/principal.ts; its `keyId` is `console:<account>:<organisation|pessoal>`, so
   * its usage and per-minute count stand apart from any key's).
   */
  kind: 'key' | 'session';
  keyId: string;
  accountId: string;
  organizationId: string | null;
  releasedModels: string[] | null;
  restorePlaceholders: boolean;
  requestsPerMinute: number | null;
  monthlyQuota: number | null;
  /** `prepaid`: model calls spend credit (docs/payments.md "Paid calls"); account keys are `free`. */
  billing?: 'free' | 'prepaid';
  /** The internal service key of the contracts and insights services (platform/identity/internal-key.ts). */
  internal: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

const HOUR = 3_600_000;

const unauthorized = () =>
  KEYS.invalid_api_key('Chave de API ausente ou inválida.', {
    headers: { 'www-authenticate': 'Bearer' },
  });

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

function lookupQuery(db: Kysely<Database>, p: { hash: string }) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .leftJoin('organizations as o', 'o.id', 'k.organization_id')
    .select(COLUMNS)
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
  const matchers = new Map<string, (address: string) => boolean>();
  const touched = new Map<string, number>(); // key id → hour last written by this process

  function touch(keyId: string, lastUsedAt: number | null, at: number): void {
    const hour = Math.floor(at / HOUR) * HOUR;
    if ((lastUsedAt ?? -1) >= hour || touched.get(keyId) === hour) return;
    touched.set(keyId, hour);
    // Off the hot path: the answer does not wait for this write, and a failure only delays it.
    ctx.db.kysely
      .updateTable('api_keys')
      .set({ last_used_at: hour })
      .where('id', '=', keyId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', hour)]))
      .execute()
      .catch(() => touched.delete(keyId));
  }

  return async function keyAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const secret = presentedKey(request);
    if (!secret || !isWellFormed(secret)) throw unauthorized();
    const row = await lookup(secretHash(pepper, secret));
    if (!row || row.revoked_at !== null || row.stopped_at !== null || row.product_id !== PRODUCT_ID)
      throw unauthorized();
    const at = now();
    if (row.released !== 1) throw KEYS.account_not_released('A conta aguarda liberação.');
    if (row.trial_ends_at !== null && row.trial_ends_at <= at) {
      throw KEYS.trial_ended('O período de avaliação gratuita terminou.');
    }
    if (row.organization_id !== null) {
      if (row.product_enabled !== 1) {
        throw KEYS.product_disabled('O produto não está habilitado para esta organização.');
      }
      // An organisation that requires a second factor accepts only keys of members who have one.
      if (row.mfa_required === 1 && row.has_mfa !== 1) {
        throw ORGS.organization_mfa_required('A organização exige segundo fator do dono desta chave.');
      }
      if (row.allowed_cidrs) {
        let matcher = matchers.get(row.allowed_cidrs);
        if (!matcher) {
          matcher = cidrMatcher(JSON.parse(row.allowed_cidrs) as string[]);
          matchers.set(row.allowed_cidrs, matcher);
        }
        const address = request.ip;
        if (!matcher(address)) {
          throw KEYS.network_not_allowed('A origem de rede está fora da política da organização.');
        }
      }
    }
    touch(row.key_id, row.last_used_at, at);
    request.principal = {
      kind: 'key',
      keyId: row.key_id,
      accountId: row.account_id,
      organizationId: row.organization_id,
      // An account key has no organisation row: the left join gives nulls, barrierOf the defaults.
      ...barrierOf(row),
      releasedModels: row.released_models ? (JSON.parse(row.released_models) as string[]) : null,
      restorePlaceholders: row.restore_placeholders === 1,
      internal: row.email === INTERNAL_EMAIL,
      requestsPerMinute: row.requests_per_minute ?? null,
      monthlyQuota: row.monthly_quota ?? null,
      billing: row.billing === 'prepaid' ? 'prepaid' : 'free',
    };
  };
}

/** The principal of a key route; the hook guarantees it, this makes the type say so. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
