// The two ledger steps every prepaid call takes — reserve and settle — on SQLite, as one
// synchronous transaction each. Through the query builder they cost about 0.6 ms a call
// (seven statements, each its own promise and compilation); here the whole transaction runs
// without yielding, so no other work can interleave with it and it never waits for the
// connection. The statements are ledger-queries.ts's, the ones ledger.ts runs through the
// builder, prepared once (platform/db/statements.ts); the steps around them are the same:
// a conditional debit, a movement with a unique reference, a reservation closed once.
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { prepared } from '../../platform/db/statements.js';
import { utcDay } from '../../platform/days.js';
import type { ReserveInput, ReserveResult, SettleResult } from './ledger.js';
import * as Q from './ledger-queries.js';
import type { BillingTables } from './tables.js';

/** A reservation as ledger.ts's reserve gets it, with the wallet's key and the time resolved. */
export type SqliteReserve = Omit<ReserveInput, 'wallet' | 'now'> & { key: string; at: number };
/** A settlement as ledger.ts's settle gets it (`beyond`: billing at usage). */
export type SqliteSettle = { reservation: string; actualMicros: number; beyond: boolean; at: number };

export interface SqliteLedger {
  reserve(input: SqliteReserve): ReserveResult;
  /** Undefined: no such reservation. */
  settle(input: SqliteSettle): SettleResult | undefined;
}

const cache = new WeakMap<SQLite.Database, SqliteLedger>();

export function sqliteLedger(sqlite: SQLite.Database, kysely: Kysely<BillingTables>): SqliteLedger {
  let ledger = cache.get(sqlite);
  if (!ledger) {
    ledger = build(sqlite, kysely);
    cache.set(sqlite, ledger);
  }
  return ledger;
}

interface Closed {
  wallet: string;
  reserved_micros: number;
  actual_micros: number;
  source: Q.Source;
  resource: string | null;
}

function build(sqlite: SQLite.Database, kysely: Kysely<BillingTables>): SqliteLedger {
  const exists = prepared(sqlite, kysely, Q.movementExists, 'pluck');
  const balance = prepared(sqlite, kysely, Q.walletBalance, 'pluck');
  const change = prepared(sqlite, kysely, Q.changeBalance, 'pluck');
  const record = prepared(sqlite, kysely, Q.recordMovement, 'pluck');
  const open = prepared(sqlite, kysely, Q.openReservation);
  const close = prepared(sqlite, kysely, Q.closeReservation);
  const find = prepared(sqlite, kysely, Q.reservation);
  const charge = prepared(sqlite, kysely, Q.chargeReservation);
  const loss = prepared(sqlite, kysely, Q.recordHouseLoss);

  const walletBalance = (wallet: string) =>
    (balance.statement.get(...balance.args({ wallet })) as number | undefined) ?? 0;

  /** The balance change and its movement; undefined when it would go negative. */
  const apply = (m: Q.Movement): number | undefined => {
    const after = change.statement.get(...change.args(Q.balanceChange(m))) as number | undefined;
    if (after === undefined) return undefined;
    // Inside this transaction the reference was checked unused: a conflict cannot happen.
    if (record.statement.get(...record.args(Q.movementRow(m, after))) === undefined) {
      throw new Error(`movement reference used twice: ${m.reference}`);
    }
    return after;
  };

  const reserve = sqlite.transaction((input: SqliteReserve): ReserveResult => {
    const { key, at } = input;
    const reference = `reserve:${input.reference}`;
    if (exists.statement.get(...exists.args({ reference })) !== undefined)
      return { ok: true, reservation: input.reference, balance: walletBalance(key) };
    const after = apply({
      wallet: key,
      kind: 'spend_reserve',
      amount: -input.micros,
      reference,
      source: input.source ?? 'call',
      product: input.product ?? null,
      resource: input.resource ?? null,
      spent: input.micros,
      at,
    });
    if (after === undefined) return { ok: false, reason: 'insufficient', balance: walletBalance(key) };
    open.statement.run(...open.args(Q.reservationRow(input, key, at)));
    return { ok: true, reservation: input.reference, balance: after };
  });

  const settle = sqlite.transaction((input: SqliteSettle): SettleResult | undefined => {
    const id = input.reservation;
    const row = close.statement.get(...close.args({ id, actual: input.actualMicros, at: input.at })) as
      | Closed
      | undefined;
    if (!row) {
      const before = find.statement.get(...find.args({ id })) as
        | { wallet: string; actual_micros: number | null }
        | undefined;
      return before && { charged: before.actual_micros ?? 0, balance: walletBalance(before.wallet), lost: 0 };
    }
    const extra = input.beyond ? Math.max(0, input.actualMicros - row.reserved_micros) : 0;
    // Within the reservation: the difference comes back. Beyond it: what the balance holds,
    // up to the extra (one writer, so the read and the debit cannot be split).
    const drawn = extra === 0 ? 0 : Math.min(extra, walletBalance(row.wallet));
    const amount = extra === 0 ? row.reserved_micros - row.actual_micros : -drawn;
    const after =
      apply({
        wallet: row.wallet,
        kind: 'spend_settle',
        amount,
        reference: `settle:${id}`,
        source: row.source,
        resource: row.resource,
        spent: -amount,
        at: input.at,
      }) ?? walletBalance(row.wallet);
    if (extra === 0) return { charged: row.actual_micros, balance: after, lost: 0 };
    const charged = row.reserved_micros + drawn;
    charge.statement.run(...charge.args({ id, charged }));
    const lost = extra - drawn;
    if (lost > 0)
      loss.statement.run(
        ...loss.args({
          reservation: id,
          wallet: row.wallet,
          usage: input.actualMicros,
          charged,
          lost,
          resource: row.resource,
          day: utcDay(input.at),
          at: input.at,
        }),
      );
    return { charged, balance: after, lost };
  });

  return {
    reserve: (input) => reserve.immediate(input),
    settle: (input) => settle.immediate(input),
  };
}
