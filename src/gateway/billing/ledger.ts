// The one door for money (docs/payments.md "The ledger"). A wallet belongs to a credit
// token or to an organisation; every change of its balance is one row of
// `credit_movements`, written in the same transaction as the change, with a reference that
// is unique forever — so a retried purchase, release or settlement is a no-op, and the
// balance always equals the sum of the wallet's movements.
//
// No lost update and no negative balance under concurrency: a debit is one conditional
// `UPDATE … SET balance = balance + Δ WHERE balance + Δ >= 0`. PostgreSQL re-checks the
// condition on the row it locked (READ COMMITTED), SQLite has one writer; either way two
// spends that together exceed the balance cannot both pass. Amounts are integer
// micro-dollars (1e-6 USD), never floats.
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { whenFree } from '../../platform/db/lock-wait.js';
import { type DbLike, inTransaction } from '../../platform/db/transactions.js';
import * as Q from './ledger-queries.js';
import {
  balanceChange,
  reservationRow,
  type CreditKind,
  type Movement,
  type MovementKind,
  movementRow,
  type Source,
} from './ledger-queries.js';
import { type SqliteLedger, sqliteLedger } from './ledger-sqlite.js';
import { utcDay } from '../../platform/days.js';
import { payment, reserved, settled } from './metrics.js';
import { kyselyOf, type BillingTables } from './tables.js';

export type Wallet = { kind: 'token'; id: string } | { kind: 'org'; id: string };
export type { CreditKind, MovementKind, Source } from './ledger-queries.js';

export const MICROS_PER_USD = 1_000_000;

export function walletKey(wallet: Wallet): string {
  return `${wallet.kind}:${wallet.id}`;
}

export function parseWalletKey(key: string): Wallet {
  const at = key.indexOf(':');
  const kind = key.slice(0, at);
  if (kind !== 'token' && kind !== 'org') throw new Error(`not a wallet key: ${key}`);
  return { kind, id: key.slice(at + 1) };
}

/** A reference that was already used by another movement: the work was done before. */
class Duplicate extends Error {}

/**
 * SQLite's synchronous path for reserve and settle (ledger-sqlite.ts), unless the caller
 * passed a transaction or one is open on the connection (a query-builder transaction
 * between two of its statements): then the statements below, which wait for it.
 */
function fastPath(db: DbLike): SqliteLedger | undefined {
  if (!('sqlite' in db) || !db.sqlite || db.sqlite.inTransaction) return undefined;
  return sqliteLedger(db.sqlite, db.kysely);
}

async function movementExists(trx: Kysely<BillingTables>, reference: string): Promise<boolean> {
  return (await Q.movementExists(trx, { reference }).executeTakeFirst()) !== undefined;
}

/**
 * The balance change and its ledger row. `undefined` when the balance would go negative
 * (nothing written); throws Duplicate when the reference raced another writer (the caller's
 * transaction must then roll back).
 */
async function apply(trx: Kysely<BillingTables>, m: Movement): Promise<number | undefined> {
  const updated = await Q.changeBalance(trx, balanceChange(m)).executeTakeFirst();
  if (!updated) return undefined;
  const balance = Number(updated.balance_micros);
  const inserted = await Q.recordMovement(trx, movementRow(m, balance)).executeTakeFirst();
  if (!inserted) throw new Duplicate();
  return balance;
}

async function ensureWallet(trx: Kysely<BillingTables>, key: string, at: number): Promise<void> {
  await trx
    .insertInto('credit_wallets')
    .values({
      id: key,
      balance_micros: 0,
      purchased_micros: 0,
      spent_micros: 0,
      created_at: at,
      last_used_at: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Creates the wallet (balance 0) if it does not exist yet. */
export async function openWallet(db: DbLike, wallet: Wallet, now = Date.now()): Promise<void> {
  await ensureWallet(kyselyOf(db), walletKey(wallet), now);
}

export interface CreditInput {
  wallet: Wallet;
  /** Positive for purchase and release; refund and adjustment may be negative (never below 0). */
  micros: number;
  kind: CreditKind;
  reference: string;
  source?: Source;
  now?: number;
}

export type CreditResult =
  | { applied: true; balance: number }
  /** The reference was used before: nothing changed this time. */
  | { applied: false; balance: number; reason: 'duplicate' }
  /** A negative refund or adjustment larger than the balance: nothing changed. */
  | { applied: false; balance: number; reason: 'insufficient' };

/** Adds (or, for refund/adjustment, may take) credit. Idempotent per reference. */
export async function creditWallet(db: DbLike, input: CreditInput): Promise<CreditResult> {
  const result = await creditOnce(db, input);
  if (input.kind === 'purchase' || input.kind === 'release')
    payment(input.source ?? 'operator', result.applied ? 'credited' : 'duplicate');
  return result;
}

async function creditOnce(db: DbLike, input: CreditInput): Promise<CreditResult> {
  const { micros, kind } = input;
  if (!Number.isSafeInteger(micros)) throw new RangeError('micros must be an integer');
  if ((kind === 'purchase' || kind === 'release') && micros <= 0)
    throw new RangeError(`${kind} must be positive`);
  const key = walletKey(input.wallet);
  const at = input.now ?? Date.now();
  const source: Source = input.source ?? 'operator';
  try {
    return await inTransaction(db, async (trx) => {
      if (await movementExists(trx, input.reference)) {
        return { applied: false, balance: await balanceIn(trx, key), reason: 'duplicate' } as const;
      }
      await ensureWallet(trx, key, at);
      const balance = await apply(trx, {
        wallet: key,
        kind,
        amount: micros,
        reference: input.reference,
        source,
        purchased: micros > 0 && kind !== 'refund' ? micros : 0,
        at,
      });
      if (balance === undefined)
        return { applied: false, balance: await balanceIn(trx, key), reason: 'insufficient' } as const;
      return { applied: true, balance } as const;
    });
  } catch (err) {
    if (!(err instanceof Duplicate)) throw err;
    return { applied: false, balance: await balanceOf(db, input.wallet), reason: 'duplicate' };
  }
}

export interface ReserveInput {
  wallet: Wallet;
  micros: number;
  /** Unique per spend (a request id, a job id): the reservation's id. */
  reference: string;
  source?: Source;
  product?: string;
  resource?: string;
  now?: number;
}

export type ReserveResult =
  | { ok: true; reservation: string; balance: number }
  | { ok: false; reason: 'insufficient'; balance: number };

/**
 * Holds `micros` of the wallet for a spend whose real cost is known later (settle). The
 * reservation is the most the spend can cost. Idempotent per reference.
 */
export async function reserve(db: DbLike, input: ReserveInput): Promise<ReserveResult> {
  const result = await reserveOnce(db, input);
  reserved(input.source ?? 'call', result.ok);
  return result;
}

async function reserveOnce(db: DbLike, input: ReserveInput): Promise<ReserveResult> {
  if (!Number.isSafeInteger(input.micros) || input.micros < 0)
    throw new RangeError('micros must be a non-negative integer');
  const key = walletKey(input.wallet);
  const at = input.now ?? Date.now();
  const fast = fastPath(db);
  if (fast) {
    const { wallet: _, now: __, ...rest } = input;
    return whenFree(db as Db, () => fast.reserve({ ...rest, key, at }));
  }
  const id = input.reference;
  const movementRef = `reserve:${id}`;
  try {
    return await inTransaction(db, async (trx) => {
      if (await movementExists(trx, movementRef)) {
        return { ok: true, reservation: id, balance: await balanceIn(trx, key) } as const;
      }
      const balance = await apply(trx, {
        wallet: key,
        kind: 'spend_reserve',
        amount: -input.micros,
        reference: movementRef,
        source: input.source ?? 'call',
        product: input.product ?? null,
        resource: input.resource ?? null,
        spent: input.micros,
        at,
      });
      if (balance === undefined) {
        return { ok: false, reason: 'insufficient', balance: await balanceIn(trx, key) } as const;
      }
      await Q.openReservation(trx, reservationRow(input, key, at)).execute();
      return { ok: true, reservation: id, balance } as const;
    });
  } catch (err) {
    if (!(err instanceof Duplicate)) throw err;
    return { ok: true, reservation: id, balance: await balanceOf(db, input.wallet) };
  }
}

export interface SettleResult {
  /** What the spend finally cost the wallet. */
  charged: number;
  /** The wallet's balance after the settlement. */
  balance: number;
  /** Usage beyond what the wallet could pay (billing at usage only): the house's loss. */
  lost: number;
}

export interface SettleInput {
  reservation: string;
  /** The spend's real cost. */
  actualMicros: number;
  /**
   * false (the default): the cost is capped at the reservation, the price agreed up front
   * (a job's flat price). true: billing at usage — a cost beyond the reservation is drawn
   * from the wallet's balance, down to zero and never below; what is still missing is
   * recorded as a house loss (`credit_house_losses`).
   */
  beyondReservation?: boolean;
  now?: number;
}

export class UnknownReservationError extends Error {}

/**
 * Closes a reservation at its real cost and returns the difference to the wallet (or, billing
 * at usage, draws what the usage cost beyond it). Idempotent: settling twice changes nothing
 * and answers the first settlement.
 */
export async function settle(db: DbLike, input: SettleInput): Promise<SettleResult> {
  const result = await settleOnce(db, input);
  settled(result.lost);
  return result;
}

async function settleOnce(db: DbLike, input: SettleInput): Promise<SettleResult> {
  const at = input.now ?? Date.now();
  const actual = Math.max(0, Math.ceil(input.actualMicros));
  const beyond = input.beyondReservation === true;
  const fast = fastPath(db);
  if (fast) {
    const done = await whenFree(db as Db, () =>
      fast.settle({ reservation: input.reservation, actualMicros: actual, beyond, at }),
    );
    if (!done) throw new UnknownReservationError(`unknown reservation ${input.reservation}`);
    return done;
  }
  try {
    return await inTransaction(db, async (trx) => {
      const closed = await Q.closeReservation(trx, { id: input.reservation, actual, at }).executeTakeFirst();
      if (!closed) return settledBefore(trx, input.reservation);
      const reservedMicros = Number(closed.reserved_micros);
      const extra = beyond ? Math.max(0, actual - reservedMicros) : 0;
      const movement = (amount: number): Movement => ({
        wallet: closed.wallet,
        kind: 'spend_settle',
        amount,
        reference: `settle:${input.reservation}`,
        source: closed.source as Source,
        resource: closed.resource,
        spent: -amount,
        at,
      });
      if (extra === 0) {
        const charged = Number(closed.actual_micros);
        const balance = await apply(trx, movement(reservedMicros - charged));
        // A non-negative amount cannot fail the balance condition.
        return { charged, balance: balance ?? (await balanceIn(trx, closed.wallet)), lost: 0 };
      }
      // Draw what the balance holds, up to the extra. A concurrent spend may take the balance
      // between the read and the conditional debit: read again; drawing nothing always passes.
      let drawn = 0;
      let balance: number | undefined;
      for (let attempt = 0; balance === undefined; attempt++) {
        drawn = attempt < 5 ? Math.min(extra, await balanceIn(trx, closed.wallet)) : 0;
        balance = await apply(trx, movement(-drawn));
      }
      const charged = reservedMicros + drawn;
      await Q.chargeReservation(trx, { id: input.reservation, charged }).execute();
      const lost = extra - drawn;
      if (lost > 0)
        await Q.recordHouseLoss(trx, {
          reservation: input.reservation,
          wallet: closed.wallet,
          usage: actual,
          charged,
          lost,
          resource: closed.resource,
          day: utcDay(at),
          at,
        }).execute();
      return { charged, balance, lost };
    });
  } catch (err) {
    if (!(err instanceof Duplicate)) throw err;
    return settledBefore(kyselyOf(db), input.reservation);
  }
}

async function settledBefore(trx: Kysely<BillingTables>, id: string): Promise<SettleResult> {
  const row = await Q.reservation(trx, { id }).executeTakeFirst();
  if (!row) throw new UnknownReservationError(`unknown reservation ${id}`);
  return { charged: Number(row.actual_micros ?? 0), balance: await balanceIn(trx, row.wallet), lost: 0 };
}

/**
 * Reservations of calls left open by a process that died between reserve and settle, older than
 * `olderThanMs`: settled at the reserved amount (the call may have been answered; the
 * reservation was its agreed maximum). Returns how many were closed.
 */
export async function settleAbandoned(db: DbLike, olderThanMs: number, now = Date.now()): Promise<number> {
  const rows = await kyselyOf(db)
    .selectFrom('credit_reservations')
    .select(['id', 'reserved_micros'])
    .where('state', '=', 'open')
    .where('source', '!=', 'job') // jobs settle by their final state (workers/charges.ts), however long they wait
    .where('created_at', '<', now - olderThanMs)
    .limit(500)
    .execute();
  for (const r of rows) await settle(db, { reservation: r.id, actualMicros: Number(r.reserved_micros), now });
  return rows.length;
}

async function balanceIn(trx: Kysely<BillingTables>, key: string): Promise<number> {
  const row = await Q.walletBalance(trx, { wallet: key }).executeTakeFirst();
  return row ? Number(row.balance_micros) : 0;
}

/** The wallet's balance in micro-dollars (0 for a wallet that never received credit). */
export function balanceOf(db: DbLike, wallet: Wallet): Promise<number> {
  return balanceIn(kyselyOf(db), walletKey(wallet));
}

export interface WalletRecord {
  balance: number;
  purchased: number;
  spent: number;
  createdAt: number;
  lastUsedAt: number | null;
}

export async function walletRecord(db: DbLike, wallet: Wallet): Promise<WalletRecord | undefined> {
  const row = await kyselyOf(db)
    .selectFrom('credit_wallets')
    .selectAll()
    .where('id', '=', walletKey(wallet))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    balance: Number(row.balance_micros),
    purchased: Number(row.purchased_micros),
    spent: Number(row.spent_micros),
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

export interface MovementRecord {
  kind: MovementKind;
  amount: number;
  balanceAfter: number;
  source: string;
  product: string | null;
  resource: string | null;
  at: number;
}

/**
 * The wallet's latest movements, newest first. A settlement names the product of the spend
 * it closes: its row has none of its own, the reservation's movement (`reserve:<id>` beside
 * `settle:<id>`) has it.
 */
export async function recentMovements(db: DbLike, wallet: Wallet, limit = 20): Promise<MovementRecord[]> {
  const rows = await kyselyOf(db)
    .selectFrom('credit_movements as m')
    .leftJoin('credit_movements as r', (join) =>
      join
        .onRef('r.wallet', '=', 'm.wallet')
        .on('m.kind', '=', 'spend_settle')
        .on(sql<boolean>`r.reference = 'reserve:' || substr(m.reference, 8)`),
    )
    .select([
      'm.kind',
      'm.amount_micros',
      'm.balance_after',
      'm.source',
      (eb) => eb.fn.coalesce('m.product', 'r.product').as('product'),
      'm.resource',
      'm.created_at',
    ])
    .where('m.wallet', '=', walletKey(wallet))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    kind: r.kind as MovementKind,
    amount: Number(r.amount_micros),
    balanceAfter: Number(r.balance_after),
    source: r.source,
    product: r.product,
    resource: r.resource,
    at: Number(r.created_at),
  }));
}

export interface DailyTotals {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Credit that came in (purchases and releases), by source: x402, pix, asaas, operator. */
  received: Record<string, number>;
  /** Credit spent by calls and jobs, net of what settlements returned. */
  spent: number;
  /** Refunds and adjustments, signed. */
  refunded: number;
  adjusted: number;
  /** Usage beyond reservations that balances could not pay (billing at usage). */
  house_loss: number;
}

/** The house ledger per UTC day for the last `days` days (oldest first), for the operator metrics. */
export async function dailyTotals(
  db: DbLike,
  options: { days: number; now?: number },
): Promise<DailyTotals[]> {
  const now = options.now ?? Date.now();
  const days = Math.max(1, Math.floor(options.days));
  const list: string[] = [];
  for (let i = days - 1; i >= 0; i--) list.push(utcDay(now - i * 86_400_000));
  const first = utcDay(now - (days - 1) * 86_400_000);
  const last = utcDay(now);
  const rows = await kyselyOf(db)
    .selectFrom('credit_movements')
    .select(['day', 'source', 'kind', sql<string | number>`sum(amount_micros)`.as('total')])
    .where('day', '>=', first)
    .where('day', '<=', last)
    .groupBy(['day', 'source', 'kind'])
    .execute();
  const byDay = new Map(
    list.map((day) => [
      day,
      { day, received: {}, spent: 0, refunded: 0, adjusted: 0, house_loss: 0 } as DailyTotals,
    ]),
  );
  const losses = await kyselyOf(db)
    .selectFrom('credit_house_losses')
    .select(['day', sql<string | number>`sum(lost_micros)`.as('total')])
    .where('day', '>=', first)
    .where('day', '<=', last)
    .groupBy('day')
    .execute();
  for (const l of losses) {
    const t = byDay.get(l.day);
    if (t) t.house_loss = Number(l.total);
  }
  for (const r of rows) {
    const t = byDay.get(r.day);
    if (!t) continue;
    const total = Number(r.total);
    if (r.kind === 'purchase' || r.kind === 'release')
      t.received[r.source] = (t.received[r.source] ?? 0) + total;
    else if (r.kind === 'spend_reserve' || r.kind === 'spend_settle') t.spent -= total;
    else if (r.kind === 'refund') t.refunded += total;
    else if (r.kind === 'adjustment') t.adjusted += total;
  }
  return [...byDay.values()];
}

/** Micro-dollars as a US dollar string: at least two decimals, at most six ("4.25", "4.999875"). */
export function formatUsd(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_USD);
  const frac = String(abs % MICROS_PER_USD)
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${sign}${whole}.${frac.length < 2 ? frac.padEnd(2, '0') : frac}`;
}
