// The two ledger steps every prepaid call takes — reserve and settle — as prepared
// statements in one synchronous SQLite transaction each. Through the query builder they
// cost about 0.6 ms a call (seven statements, each its own promise and compilation); here
// the whole transaction runs without yielding, so no other work can interleave with it and
// it never waits for the connection. Same statements and rules as ledger.ts (which stays
// the reference and serves PostgreSQL): a conditional debit, a movement with a unique
// reference, a reservation closed once.
import type SQLite from 'better-sqlite3';
import type { ReserveInput, ReserveResult, SettleResult } from './ledger.js';

/** A reservation as ledger.ts's reserve gets it, with the wallet's key and the time resolved. */
export type SqliteReserve = Omit<ReserveInput, 'wallet' | 'now'> & { key: string; at: number };

export interface SqliteLedger {
  reserve(input: SqliteReserve): ReserveResult;
  /** Undefined: no such reservation. */
  settle(input: { reservation: string; actualMicros: number; at: number }): SettleResult | undefined;
}

const cache = new WeakMap<SQLite.Database, SqliteLedger>();

/** `movementId` makes the movements' ids (ledger.ts: they sort by creation). */
export function sqliteLedger(db: SQLite.Database, movementId: () => string): SqliteLedger {
  let ledger = cache.get(db);
  if (!ledger) {
    ledger = build(db, movementId);
    cache.set(db, ledger);
  }
  return ledger;
}

interface Movement {
  wallet: string;
  kind: 'spend_reserve' | 'spend_settle';
  amount: number;
  reference: string;
  source: string;
  product: string | null;
  resource: string | null;
  at: number;
}

function build(db: SQLite.Database, movementId: () => string): SqliteLedger {
  const exists = db.prepare('SELECT 1 FROM credit_movements WHERE reference = ?').pluck();
  const balance = db.prepare('SELECT balance_micros FROM credit_wallets WHERE id = ?').pluck();
  const debit = db
    .prepare(
      `UPDATE credit_wallets SET balance_micros = balance_micros + @amount,
              spent_micros = spent_micros + @spent, last_used_at = coalesce(@usedAt, last_used_at)
        WHERE id = @wallet AND balance_micros >= -@amount RETURNING balance_micros`,
    )
    .pluck();
  const record = db.prepare(
    `INSERT INTO credit_movements
       (id, wallet, kind, amount_micros, balance_after, reference, source, product, resource, day, created_at)
     VALUES (@id, @wallet, @kind, @amount, @balance, @reference, @source, @product, @resource, @day, @at)`,
  );
  const hold = db.prepare(
    `INSERT INTO credit_reservations
       (id, wallet, reserved_micros, actual_micros, state, source, resource, created_at, settled_at)
     VALUES (?, ?, ?, NULL, 'open', ?, ?, ?, NULL)`,
  );
  const close = db.prepare(
    `UPDATE credit_reservations SET state = 'settled', settled_at = @at,
            actual_micros = min(reserved_micros, @actual)
      WHERE id = @id AND state = 'open'
      RETURNING wallet, reserved_micros, actual_micros, source, resource`,
  );
  const closed = db.prepare('SELECT wallet, actual_micros FROM credit_reservations WHERE id = ?');

  const walletBalance = (key: string) => (balance.get(key) as number | undefined) ?? 0;

  /** The balance change and its movement; undefined when it would go negative. */
  const apply = (m: Movement, spent: number, usedAt: number | null): number | undefined => {
    const after = debit.get({ wallet: m.wallet, amount: m.amount, spent, usedAt }) as number | undefined;
    if (after === undefined) return undefined;
    record.run({ ...m, id: movementId(), balance: after, day: utcDay(m.at) });
    return after;
  };

  const reserve = db.transaction((input: SqliteReserve): ReserveResult => {
    const { key } = input;
    const ref = `reserve:${input.reference}`;
    if (exists.get(ref) !== undefined)
      return { ok: true, reservation: input.reference, balance: walletBalance(key) };
    const source = input.source ?? 'call';
    const m: Movement = {
      wallet: key,
      kind: 'spend_reserve',
      amount: -input.micros,
      reference: ref,
      source,
      product: input.product ?? null,
      resource: input.resource ?? null,
      at: input.at,
    };
    const after = apply(m, input.micros, input.at);
    if (after === undefined) return { ok: false, reason: 'insufficient', balance: walletBalance(key) };
    hold.run(input.reference, key, input.micros, source, input.resource ?? null, input.at);
    return { ok: true, reservation: input.reference, balance: after };
  });

  const settle = db.transaction(
    (input: { reservation: string; actualMicros: number; at: number }): SettleResult | undefined => {
      const row = close.get({ id: input.reservation, at: input.at, actual: input.actualMicros }) as
        | {
            wallet: string;
            reserved_micros: number;
            actual_micros: number;
            source: string;
            resource: string | null;
          }
        | undefined;
      if (!row) {
        const before = closed.get(input.reservation) as
          | { wallet: string; actual_micros: number | null }
          | undefined;
        return before && { charged: before.actual_micros ?? 0, balance: walletBalance(before.wallet) };
      }
      const back = row.reserved_micros - row.actual_micros;
      const m: Movement = {
        wallet: row.wallet,
        kind: 'spend_settle',
        amount: back,
        reference: `settle:${input.reservation}`,
        source: row.source,
        product: null,
        resource: row.resource,
        at: input.at,
      };
      // A positive amount cannot fail the balance condition.
      const after = apply(m, -back, null) ?? walletBalance(row.wallet);
      return { charged: row.actual_micros, balance: after };
    },
  );

  return {
    reserve: (input) => reserve.immediate(input),
    settle: (input) => settle.immediate(input),
  };
}

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
