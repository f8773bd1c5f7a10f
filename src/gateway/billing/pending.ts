// Requests that wait on someone else — manual Pix proofs for the owner's review, Asaas
// charges for the payer's bank — are limited three ways, so strangers cannot fill the queue
// for everyone: per client address (an IPv4 address or an IPv6 /64), per wider network (the
// IPv4 /24 or IPv6 /48 around it) and in total. A pending one counts only for `ttlMs` after
// it was made: past that it leaves the count (lazily, at the next count), so a flood that
// nobody reviews frees its room by itself. Counted inside the caller's transaction, after
// its turn (caps.ts), so a burst cannot get past a limit.
import { type Kysely, sql } from 'kysely';
import { hmac } from '../../platform/crypto.js';
import { networkOf } from '../../platform/identity/throttle.js';
import { deriveKey } from '../../platform/secret.js';
import { pendingLimit } from './errors.js';
import type { BillingTables } from './tables.js';

export interface PendingLimits {
  ttlMs: number;
  perAddress: number;
  perNetwork: number;
}

export const HOUR_MS = 3_600_000;

/** The wider network of an address: its IPv4 /24, or its IPv6 /48. */
export function wideNetworkOf(address: string): string {
  const narrow = networkOf(address); // IPv4 as is; IPv6 as its /64, groups written out
  if (!narrow.endsWith('::/64')) return `${narrow.split('.').slice(0, 3).join('.')}.0/24`;
  return `${narrow.split(':').slice(0, 3).join(':')}::/48`;
}

const keys = new Map<string, Buffer>();

/** Kept only as a keyed hash, like the address's own network (network.ts). */
export function wideNetworkKey(secret: string, address: string): string {
  let key = keys.get(secret);
  if (!key) {
    key = deriveKey(secret, 'credit-wide-network');
    keys.set(secret, key);
  }
  return hmac(key, wideNetworkOf(address)).slice(0, 32);
}

/**
 * Throws 429 `pending_limit` when the address or its network already has its pending ones
 * (Retry-After: until the oldest of them leaves the count). Returns the pending total, for
 * the caller's own ceiling.
 */
export async function checkPending(
  trx: Kysely<BillingTables>,
  table: 'pix_requests' | 'asaas_charges',
  states: readonly string[],
  where: { network: string; wide: string },
  limits: PendingLimits,
  now: number,
): Promise<number> {
  const since = now - limits.ttlMs;
  const { rows } = await sql<{
    total: number | string;
    here: number | string;
    wide: number | string;
    oldest: number | string | null;
  }>`
    select count(*) as total,
           coalesce(sum(case when network = ${where.network} then 1 else 0 end), 0) as here,
           coalesce(sum(case when wide_network = ${where.wide} then 1 else 0 end), 0) as wide,
           min(case when network = ${where.network} or wide_network = ${where.wide} then created_at end) as oldest
      from ${sql.table(table)}
     where state in (${sql.join([...states])}) and created_at > ${since}`.execute(trx);
  const row = rows[0];
  const here = Number(row?.here ?? 0);
  const wide = Number(row?.wide ?? 0);
  if (here >= limits.perAddress || wide >= limits.perNetwork) {
    const oldest = Number(row?.oldest ?? now);
    throw pendingLimit(Math.ceil((oldest + limits.ttlMs - now) / 1000));
  }
  return Number(row?.total ?? 0);
}
