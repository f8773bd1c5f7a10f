// Tenants of the insights service: who may call the webhooks (client_id + secret token +
// IP allowlist), where their conversation platform lives, which tags they watch and in
// which time zone their day ends. The webhook token is kept only as an HMAC; the platform
// token is sealed with AES-256-GCM, both with keys derived from SVC_SECRET. The allowlist
// is part of the credential: empty admits nobody, and "any" must be written out.
import type { Kysely } from 'kysely';
import type { Context } from '../../platform/context.js';
import { decrypt, encrypt, hmac, randomToken, safeEqual } from '../../platform/crypto.js';
import { newId } from '../../platform/ids.js';
import { cidrMatcher } from '../../platform/net.js';
import { assertPublicUrl } from '../crm/address-guard.js';
import { deriveKey } from '../../platform/secret.js';
import type { InsightsTables } from '../tables.js';
import { kyselyOf } from '../tables.js';

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

export interface Tenant {
  id: string;
  clientId: string;
  tokenHash: string;
  /** Addresses and CIDR blocks, or ANY_ADDRESS; empty = no address may call. */
  allowedCidrs: string[];
  isAllowed: (address: string) => boolean;
  platformUrl: string | null;
  /** The operator allowed a loopback, private or link-local platform URL for this tenant. */
  privatePlatformAllowed: boolean;
  platformTokenSealed: string | null;
  watchedTags: string[];
  timeZone: string;
}

export interface NewTenant {
  clientId: string;
  token?: string;
  allowedCidrs?: string[];
  watchedTags?: string[];
  platformUrl?: string;
  platformToken?: string;
  allowPrivatePlatform?: boolean;
  timeZone?: string;
}

/** The allowlist entry that admits every address (the token still has to match). */
export const ANY_ADDRESS = 'any';

export class ClientIdTakenError extends Error {}

const tokenKey = (ctx: Pick<Context, 'secret'>) => deriveKey(ctx.secret, 'insights-webhook-token');
const platformKey = (ctx: Pick<Context, 'secret'>) => deriveKey(ctx.secret, 'insights-platform-token');

export function tokenHash(ctx: Pick<Context, 'secret'>, token: string): string {
  return hmac(tokenKey(ctx), token);
}

/**
 * Constant-time token check: both sides are HMAC digests of the same length, compared
 * with timingSafeEqual, so the time taken says nothing about how much of a guess matched.
 */
export function tokenMatches(
  ctx: Pick<Context, 'secret'>,
  tenant: Pick<Tenant, 'tokenHash'>,
  token: string,
  equal: (a: string, b: string) => boolean = safeEqual,
): boolean {
  return equal(tokenHash(ctx, token), tenant.tokenHash);
}

export function platformToken(ctx: Pick<Context, 'secret'>, tenant: Tenant): string | null {
  return tenant.platformTokenSealed ? decrypt(platformKey(ctx), tenant.platformTokenSealed) : null;
}

type Row = InsightsTables['insight_tenants'];

function fromRow(row: Row): Tenant {
  const allowedCidrs = JSON.parse(row.allowed_cidrs) as string[];
  const cidrs = allowedCidrs.filter((c) => c !== ANY_ADDRESS);
  return {
    id: row.id,
    clientId: row.client_id,
    tokenHash: row.token_hash,
    allowedCidrs,
    isAllowed: allowedCidrs.includes(ANY_ADDRESS) ? () => true : cidrMatcher(cidrs),
    platformUrl: row.platform_url,
    privatePlatformAllowed: row.platform_private_ok === 1,
    platformTokenSealed: row.platform_token_sealed,
    watchedTags: JSON.parse(row.watched_tags) as string[],
    timeZone: row.time_zone,
  };
}

export async function createTenant(
  ctx: Pick<Context, 'secret' | 'db'>,
  input: NewTenant,
): Promise<{ tenant: Tenant; token: string }> {
  const token = input.token ?? randomToken(32);
  // Throws PrivateTargetError for a non-public target the operator did not allow.
  if (input.platformUrl && !input.allowPrivatePlatform) await assertPublicUrl(input.platformUrl);
  const row: Row = {
    id: newId('ten'),
    client_id: input.clientId,
    token_hash: tokenHash(ctx, token),
    allowed_cidrs: JSON.stringify(input.allowedCidrs ?? []),
    platform_url: input.platformUrl?.replace(/\/+$/, '') ?? null,
    platform_token_sealed: input.platformToken ? encrypt(platformKey(ctx), input.platformToken) : null,
    platform_private_ok: input.allowPrivatePlatform ? 1 : 0,
    watched_tags: JSON.stringify(input.watchedTags ?? []),
    time_zone: input.timeZone ?? DEFAULT_TIME_ZONE,
    created_at: Date.now(),
  };
  const inserted = await kyselyOf(ctx.db)
    .insertInto('insight_tenants')
    .values(row)
    .onConflict((oc) => oc.column('client_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) throw new ClientIdTakenError(input.clientId);
  return { tenant: fromRow(inserted), token };
}

export async function findTenantByClientId(
  db: Kysely<InsightsTables>,
  clientId: string,
): Promise<Tenant | undefined> {
  const row = await db
    .selectFrom('insight_tenants')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function findTenant(
  db: Kysely<InsightsTables>,
  idOrClientId: string,
): Promise<Tenant | undefined> {
  const row = await db
    .selectFrom('insight_tenants')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrClientId), eb('client_id', '=', idOrClientId)]))
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function listTenants(db: Kysely<InsightsTables>): Promise<Tenant[]> {
  return (await db.selectFrom('insight_tenants').selectAll().orderBy('created_at').execute()).map(fromRow);
}

/** Tenants are read on every webhook: a short in-process cache keeps that off the database. */
export function tenantCache(db: Kysely<InsightsTables>, ttlMs = 5_000) {
  const entries = new Map<string, { at: number; tenant: Tenant | undefined }>();
  return async (clientId: string): Promise<Tenant | undefined> => {
    const hit = entries.get(clientId);
    const now = Date.now();
    if (hit && now - hit.at < ttlMs) return hit.tenant;
    const tenant = await findTenantByClientId(db, clientId);
    if (entries.size > 10_000) entries.clear();
    // Unknown ids are not cached: a tenant created a moment ago must work at once.
    if (tenant) entries.set(clientId, { at: now, tenant });
    return tenant;
  };
}

/** What operators see: never the token or its hash, never the platform token. */
export function describeTenant(tenant: Tenant) {
  return {
    id: tenant.id,
    clientId: tenant.clientId,
    allowedNetworks: tenant.allowedCidrs,
    watchedTags: tenant.watchedTags,
    timeZone: tenant.timeZone,
    platformUrl: tenant.platformUrl,
    privatePlatformAllowed: tenant.privatePlatformAllowed,
    platformToken: tenant.platformTokenSealed ? 'configurado' : null,
  };
}
