// Brute-force protection for credential checks (passwords, TOTP codes), shared by the
// gateway's browser login and the contract API's login. Failures are counted per subject in
// fixed windows, in the database, so that every instance sees the same count.
//
// Three subjects per check. One account from one network (IPv6: its /64) is locked first,
// and each new lockout of that pair within a day lasts twice as long as the one before: an
// attacker's network is shut out of the account while the owner, on their own network,
// still signs in. A much higher ceiling per account, over every network, stops guessing
// spread over many networks; a ceiling per network stops one network trying many accounts.
import { isIPv6 } from 'node:net';
import { type Kysely, sql } from 'kysely';
import { sha256 } from '../crypto.js';
import type { Database } from '../db/schema.js';
import { IdentityError } from './errors.js';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface ThrottleLimits {
  /** Failures for one account from one network before that network is locked out of it. */
  accountNetwork?: Limit;
  /** Failures for one account from all networks together before it is locked everywhere. */
  account: Limit;
  /** Failures from one network, whatever accounts it tries. */
  network: Limit;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  accountNetwork: { max: 5, windowMs: 15 * 60_000 },
  account: { max: 50, windowMs: 60 * 60_000 },
  network: { max: 30, windowMs: 15 * 60_000 },
};

/** Lockouts of one pair are remembered this long; each one doubles the next, up to the cap. */
export const LOCKOUT_MEMORY_MS = 24 * 60 * 60_000;
export const MAX_LOCKOUT_MS = 24 * 60 * 60_000;

export interface Subject {
  key: string;
  limit: Limit;
  /** Repeated lockouts grow (the account-and-network pair). */
  growing?: boolean;
}

/** What one credential check counts, and what a success clears. */
export interface CredentialSubjects {
  all: Subject[];
  /** A success clears the pair (or, with no pair limit, the account): never the network. */
  onSuccess: Subject[];
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

/**
 * The subjects of one credential check. `scope` names what is checked (`pwd`, `otp`,
 * `cusr`…) and `id` the account (an e-mail is hashed, so unknown addresses are throttled
 * like real ones); `networkScope` lets an area keep its own per-network count.
 */
export function credentialSubjects(
  limits: ThrottleLimits,
  check: { scope: string; id: string; address: string; networkScope?: string },
): CredentialSubjects {
  const account = `${check.scope}:${sha256(check.id)}`;
  const network = networkOf(check.address);
  const ceiling: Subject = { key: account, limit: limits.account };
  const pair: Subject | undefined = limits.accountNetwork && {
    key: `${account}@${network}`,
    limit: limits.accountNetwork,
    growing: true,
  };
  const perNetwork = networkSubject(check.networkScope ?? 'net', limits.network, check.address);
  return pair
    ? { all: [pair, ceiling, perNetwork], onSuccess: [pair] }
    : { all: [ceiling, perNetwork], onSuccess: [ceiling] };
}

/** A network-only subject (sign-ups, say); `net` is the one credential checks share. */
export function networkSubject(scope: string, limit: Limit, address: string): Subject {
  return { key: `${scope}:${networkOf(address)}`, limit };
}

const lockoutsKey = (subject: Subject) => `${subject.key}#lockouts`;

function lockoutMs(limit: Limit, lockouts: number): number {
  return Math.min(MAX_LOCKOUT_MS, limit.windowMs * 2 ** Math.max(0, lockouts - 1));
}

/** Throws IdentityError TOO_MANY_ATTEMPTS (with the wait) when any subject is locked. */
export async function assertNotThrottled(
  db: Kysely<Database>,
  subjects: Subject[],
  now: number,
): Promise<void> {
  const keys = subjects.flatMap((s) => (s.growing ? [s.key, lockoutsKey(s)] : [s.key]));
  const rows = await db.selectFrom('login_attempts').selectAll().where('key', 'in', keys).execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  let wait = 0;
  for (const subject of subjects) {
    const row = byKey.get(subject.key);
    if (!row || row.failures < subject.limit.max) continue;
    const lockouts = subject.growing ? lockoutsOf(byKey.get(lockoutsKey(subject)), now) : 1;
    const ends = Number(row.window_start) + lockoutMs(subject.limit, lockouts);
    if (ends > now) wait = Math.max(wait, ends - now);
  }
  if (wait > 0) throw new IdentityError('TOO_MANY_ATTEMPTS', Math.max(1, Math.ceil(wait / 1000)));
}

function lockoutsOf(row: { failures: number; window_start: number } | undefined, now: number): number {
  return row && Number(row.window_start) + LOCKOUT_MEMORY_MS > now ? row.failures : 1;
}

/** One atomic upsert per subject: a new window starts when the old one has ended. */
async function count(db: Kysely<Database>, key: string, windowMs: number, now: number): Promise<number> {
  const cutoff = now - windowMs;
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
  const row = await db
    .selectFrom('login_attempts')
    .select('failures')
    .where('key', '=', key)
    .executeTakeFirst();
  return Number(row?.failures ?? 0);
}

export async function recordFailure(db: Kysely<Database>, subjects: Subject[], now: number): Promise<void> {
  for (const subject of subjects) {
    const failures = await count(db, subject.key, subject.limit.windowMs, now);
    // The failure that locks the pair is one more lockout to remember.
    if (subject.growing && failures === subject.limit.max)
      await count(db, lockoutsKey(subject), LOCKOUT_MEMORY_MS, now);
  }
}

export async function clearFailures(db: Kysely<Database>, subjects: Subject[]): Promise<void> {
  const keys = subjects.flatMap((s) => (s.growing ? [s.key, lockoutsKey(s)] : [s.key]));
  await db.deleteFrom('login_attempts').where('key', 'in', keys).execute();
}
