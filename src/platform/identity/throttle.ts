// Brute-force protection for credential checks (passwords, TOTP codes), shared by the
// gateway's browser login and the contract API's login. Failures are counted per subject in
// fixed windows, in the database, so that every instance sees the same count.
//
// Three counts per check, and no way for strangers to lock an owner out. One account from
// one network (IPv6: its /64) waits first, and each new wait of that pair within a day lasts
// twice as long as the one before: the attacker's network slows down while the owner, on
// their own network, still signs in. The count per account over every network never
// refuses by itself: reaching it marks the account as under attack, and from then on each
// network gets only `underAttack` failures on it per window — guessing spread over many
// networks gets a couple of tries per network, while a network with no failures on the
// account (the owner's, typically) always gets its attempt. A ceiling per network stops one
// network trying many accounts.
import { type Kysely, sql } from 'kysely';
import { sha256 } from '../crypto.js';
import type { DbLike } from '../db/transactions.js';
import { type IdentityTables, kyselyOf } from './tables.js';
import { IdentityError } from './errors.js';
import { networkOf } from '../net.js';

export interface Limit {
  max: number;
  windowMs: number;
}

export interface ThrottleLimits {
  /** Failures for one account from one network before that network waits (doubling waits). */
  accountNetwork: Limit;
  /** Failures for one account from all networks together that mark it as under attack. */
  account: Limit;
  /** Failures one network may have on an account under attack, per `accountNetwork` window. */
  underAttack: number;
  /** Failures from one network, whatever accounts it tries. */
  network: Limit;
}

export const DEFAULT_LIMITS: ThrottleLimits = {
  accountNetwork: { max: 5, windowMs: 15 * 60_000 },
  account: { max: 50, windowMs: 60 * 60_000 },
  underAttack: 2,
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
  /** The account's count over every network: at its limit it refuses nothing, it tightens the pair. */
  marksAttack?: boolean;
  /** The pair's allowance while the account is under attack. */
  underAttack?: number;
}

/** What one credential check counts, and what a success clears. */
export interface CredentialSubjects {
  all: Subject[];
  /** A success clears the pair: never the account's count nor the network's. */
  onSuccess: Subject[];
}

// Where a client comes from, for every count kept per client (platform/net.ts).
export { networkOf } from '../net.js';

/**
 * The subjects of one credential check. `scope` names what is checked (`pwd`, `otp`,
 * `cusr`…) and `id` the account (an e-mail is hashed, so unknown addresses are throttled
 * like real ones); `networkScope` lets an area keep its own per-network count.
 * `accountCeiling: 'refuses'` makes the account's count a hard ceiling instead (password
 * reset: it bounds the mail one inbox receives, and locks no one out of signing in).
 */
export function credentialSubjects(
  limits: ThrottleLimits,
  check: {
    scope: string;
    id: string;
    address: string;
    networkScope?: string;
    accountCeiling?: 'tightens' | 'refuses';
  },
): CredentialSubjects {
  const account = `${check.scope}:${sha256(check.id)}`;
  const network = networkOf(check.address);
  const tightens = check.accountCeiling !== 'refuses';
  const ceiling: Subject = {
    key: account,
    limit: limits.account,
    ...(tightens ? { marksAttack: true } : {}),
  };
  const pair: Subject = {
    key: `${account}@${network}`,
    limit: limits.accountNetwork,
    growing: true,
    ...(tightens ? { underAttack: limits.underAttack } : {}),
  };
  const perNetwork = networkSubject(check.networkScope ?? 'net', limits.network, check.address);
  return { all: [pair, ceiling, perNetwork], onSuccess: [pair] };
}

/** A network-only subject (sign-ups, say); `net` is the one credential checks share. */
export function networkSubject(scope: string, limit: Limit, address: string): Subject {
  return { key: `${scope}:${networkOf(address)}`, limit };
}

const lockoutsKey = (subject: Subject) => `${subject.key}#lockouts`;

function lockoutMs(limit: Limit, lockouts: number): number {
  return Math.min(MAX_LOCKOUT_MS, limit.windowMs * 2 ** Math.max(0, lockouts - 1));
}

type Row = { failures: number; window_start: number };

/** Whether a marking subject (the account's count) reached its limit within its window. */
function underAttack(subjects: Subject[], failuresOf: (s: Subject) => Row | undefined, now: number): boolean {
  return subjects.some((s) => {
    const row = failuresOf(s);
    return (
      s.marksAttack === true &&
      row !== undefined &&
      Number(row.window_start) + s.limit.windowMs > now &&
      row.failures >= s.limit.max
    );
  });
}

/** The failures a subject allows before it refuses; undefined: it never refuses. */
function allowance(subject: Subject, attacked: boolean): number | undefined {
  if (subject.marksAttack) return undefined;
  return attacked && subject.underAttack !== undefined
    ? Math.min(subject.underAttack, subject.limit.max)
    : subject.limit.max;
}

/** Throws IdentityError TOO_MANY_ATTEMPTS (with the wait) when any subject is locked. */
export async function assertNotThrottled(db: DbLike, subjects: Subject[], now: number): Promise<void> {
  const keys = subjects.flatMap((s) => (s.growing ? [s.key, lockoutsKey(s)] : [s.key]));
  const rows = await kyselyOf(db).selectFrom('login_attempts').selectAll().where('key', 'in', keys).execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const attacked = underAttack(subjects, (s) => byKey.get(s.key), now);
  let wait = 0;
  for (const subject of subjects) {
    const row = byKey.get(subject.key);
    const max = allowance(subject, attacked);
    // No failures from here (no row): never refused, however many came from elsewhere.
    if (!row || max === undefined || row.failures < max) continue;
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
async function count(
  db: Kysely<IdentityTables>,
  key: string,
  windowMs: number,
  now: number,
): Promise<number> {
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

export async function recordFailure(shared: DbLike, subjects: Subject[], now: number): Promise<void> {
  const db = kyselyOf(shared);
  const counted = new Map<Subject, Row>();
  for (const subject of subjects)
    counted.set(subject, {
      failures: await count(db, subject.key, subject.limit.windowMs, now),
      window_start: now,
    });
  const attacked = underAttack(subjects, (s) => counted.get(s), now);
  for (const subject of subjects) {
    // The failure that locks the pair is one more lockout to remember.
    if (subject.growing && counted.get(subject)!.failures === allowance(subject, attacked))
      await count(db, lockoutsKey(subject), LOCKOUT_MEMORY_MS, now);
  }
}

export async function clearFailures(db: DbLike, subjects: Subject[]): Promise<void> {
  const keys = subjects.flatMap((s) => (s.growing ? [s.key, lockoutsKey(s)] : [s.key]));
  await kyselyOf(db).deleteFrom('login_attempts').where('key', 'in', keys).execute();
}
