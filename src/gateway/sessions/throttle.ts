// Brute-force protection for credential checks (password, TOTP code): failures counted per
// subject in fixed windows, in the database so that every instance sees the same count.
// Subjects are the account (by a hash of the e-mail, so unknown addresses are throttled the
// same way as real ones) and the caller's network.
import { isIPv6 } from 'node:net';
import { type Kysely, sql } from 'kysely';
import { sha256 } from '../../platform/crypto.js';
import type { Database } from '../../platform/db/schema.js';
import { ApiError } from '../../platform/http/errors.js';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface ThrottleLimits {
  /** Failures per account (or per e-mail asked for) before it is locked for the rest of the window. */
  account: Limit;
  /** Failures per network, whatever accounts it tries. */
  network: Limit;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  account: { max: 5, windowMs: 15 * 60_000 },
  network: { max: 30, windowMs: 15 * 60_000 },
};

export interface Subject {
  key: string;
  limit: Limit;
}

export function accountSubject(limits: ThrottleLimits, kind: 'pwd' | 'otp', id: string): Subject {
  return { key: `${kind}:${sha256(id)}`, limit: limits.account };
}

/** IPv6 clients usually hold a whole /64; counting single addresses would let them rotate freely. */
export function networkOf(address: string): string {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (!isIPv6(plain)) return plain;
  const [h = '', t] = plain.split('::');
  const head = h ? h.split(':') : [];
  const tail = t ? t.split(':') : [];
  const groups =
    t === undefined
      ? head
      : [...head, ...Array(Math.max(0, 8 - head.length - tail.length)).fill('0'), ...tail];
  return `${groups.slice(0, 4).join(':')}::/64`;
}

export function networkSubject(limits: ThrottleLimits, address: string): Subject {
  return { key: `net:${networkOf(address)}`, limit: limits.network };
}

export const tooManyAttempts = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(
    429,
    'too_many_attempts',
    `Muitas tentativas. Tente novamente em ${Math.ceil(seconds / 60)} minuto(s).`,
    { headers: { 'retry-after': String(seconds) } },
  );
};

/** Throws 429 (with Retry-After) when any subject has used up its window. */
export async function assertNotThrottled(
  db: Kysely<Database>,
  subjects: Subject[],
  now: number,
): Promise<void> {
  const rows = await db
    .selectFrom('login_attempts')
    .selectAll()
    .where(
      'key',
      'in',
      subjects.map((s) => s.key),
    )
    .execute();
  let wait = 0;
  for (const row of rows) {
    const limit = subjects.find((s) => s.key === row.key)!.limit;
    const ends = row.window_start + limit.windowMs;
    if (ends > now && row.failures >= limit.max) wait = Math.max(wait, ends - now);
  }
  if (wait > 0) throw tooManyAttempts(wait);
}

/** One atomic upsert per subject: a new window starts when the old one has ended. */
export async function recordFailure(db: Kysely<Database>, subjects: Subject[], now: number): Promise<void> {
  for (const { key, limit } of subjects) {
    const cutoff = now - limit.windowMs;
    await db
      .insertInto('login_attempts')
      .values({ key, failures: 1, window_start: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when login_attempts.window_start <= ${cutoff} then 1 else login_attempts.failures + 1 end`,
          window_start: sql<number>`case when login_attempts.window_start <= ${cutoff} then ${now} else login_attempts.window_start end`,
        }),
      )
      .execute();
  }
}

/** After a success the account's count starts over; the network's does not (one good account must not reset it). */
export async function clearFailures(db: Kysely<Database>, subject: Subject): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', subject.key).execute();
}
