// The ledger's statements, written once. ledger.ts runs them through the query builder
// (PostgreSQL, and SQLite inside a caller's transaction); ledger-sqlite.ts prepares the same
// ones for SQLite's synchronous path (platform/db/statements.ts). Parameters pass through as
// they are: what is computed from them, the SQL computes.
import { type Kysely, sql } from 'kysely';
import { newId } from '../../platform/ids.js';
import { utcDay } from '../../platform/days.js';
import type { BillingTables } from './tables.js';

export type CreditKind = 'purchase' | 'release' | 'refund' | 'adjustment';
export type MovementKind = CreditKind | 'spend_reserve' | 'spend_settle';
/** Where money came from (purchases) or what spent it. */
export type Source = 'x402' | 'pix' | 'asaas' | 'operator' | 'call' | 'job';

/** One change of a wallet's balance, as both paths apply it: the balance, then its movement row. */
export interface Movement {
  /** The wallet's key (ledger.ts walletKey). */
  wallet: string;
  kind: MovementKind;
  amount: number;
  reference: string;
  source: Source;
  product?: string | null;
  resource?: string | null;
  purchased?: number;
  spent?: number;
  at: number;
}

let sequence = 0;
/** Movement ids sort by creation (wall clock, then a per-process counter): the statement's order. */
function movementId(): string {
  sequence = (sequence + 1) % 1_679_616; // 36^4
  return `mov_${Date.now().toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${newId('').slice(1, 9)}`;
}

/** The wallet's side of a movement (a reservation records when the wallet was last used). */
export function balanceChange(m: Movement): BalanceChange {
  return {
    wallet: m.wallet,
    amount: m.amount,
    purchased: m.purchased ?? 0,
    spent: m.spent ?? 0,
    usedAt: m.kind === 'spend_reserve' ? m.at : null,
  };
}

/** The movement's row, once the balance after it is known. */
export function movementRow(m: Movement, balance: number): MovementRow {
  return {
    id: movementId(),
    wallet: m.wallet,
    kind: m.kind,
    amount: m.amount,
    balance,
    reference: m.reference,
    source: m.source,
    product: m.product ?? null,
    resource: m.resource ?? null,
    day: utcDay(m.at),
    at: m.at,
  };
}

/** A reservation's row: its id is the spend's reference. */
export function reservationRow(
  input: { reference: string; micros: number; source?: Source; resource?: string },
  wallet: string,
  at: number,
) {
  return {
    id: input.reference,
    wallet,
    reserved: input.micros,
    source: input.source ?? 'call',
    resource: input.resource ?? null,
    at,
  };
}

export const movementExists = (db: Kysely<BillingTables>, p: { reference: string }) =>
  db.selectFrom('credit_movements').select('id').where('reference', '=', p.reference);

export const walletBalance = (db: Kysely<BillingTables>, p: { wallet: string }) =>
  db.selectFrom('credit_wallets').select('balance_micros').where('id', '=', p.wallet);

export interface BalanceChange {
  wallet: string;
  /** Signed: + into the balance, - out of it. */
  amount: number;
  purchased: number;
  spent: number;
  /** Set when the change is a spend (last_used_at), else null. */
  usedAt: number | null;
}

/** The conditional change: no row comes back when the balance would go below zero. */
export const changeBalance = (db: Kysely<BillingTables>, p: BalanceChange) =>
  db
    .updateTable('credit_wallets')
    .set({
      balance_micros: sql`balance_micros + ${p.amount}`,
      purchased_micros: sql`purchased_micros + ${p.purchased}`,
      spent_micros: sql`spent_micros + ${p.spent}`,
      last_used_at: sql`coalesce(${p.usedAt}, last_used_at)`,
    })
    .where('id', '=', p.wallet)
    .where(sql`balance_micros + ${p.amount}`, '>=', 0)
    .returning('balance_micros');

export interface MovementRow {
  id: string;
  wallet: string;
  kind: string;
  amount: number;
  balance: number;
  reference: string;
  source: string;
  product: string | null;
  resource: string | null;
  day: string;
  at: number;
}

/** No row comes back when the reference was used before. */
export const recordMovement = (db: Kysely<BillingTables>, p: MovementRow) =>
  db
    .insertInto('credit_movements')
    .values({
      id: p.id,
      wallet: p.wallet,
      kind: p.kind,
      amount_micros: p.amount,
      balance_after: p.balance,
      reference: p.reference,
      source: p.source,
      product: p.product,
      resource: p.resource,
      day: p.day,
      created_at: p.at,
    })
    .onConflict((oc) => oc.column('reference').doNothing())
    .returning('id');

export const openReservation = (
  db: Kysely<BillingTables>,
  p: { id: string; wallet: string; reserved: number; source: string; resource: string | null; at: number },
) =>
  db.insertInto('credit_reservations').values({
    id: p.id,
    wallet: p.wallet,
    reserved_micros: p.reserved,
    actual_micros: null,
    state: 'open',
    source: p.source,
    resource: p.resource,
    created_at: p.at,
    settled_at: null,
  });

/** Closes an open reservation at its cost, capped at what was reserved; no row when it was not open. */
export const closeReservation = (db: Kysely<BillingTables>, p: { id: string; actual: number; at: number }) =>
  db
    .updateTable('credit_reservations')
    .set({
      state: 'settled',
      settled_at: p.at,
      actual_micros: sql<number>`case when reserved_micros < ${p.actual} then reserved_micros else ${p.actual} end`,
    })
    .where('id', '=', p.id)
    .where('state', '=', 'open')
    .returning(['wallet', 'reserved_micros', 'actual_micros', 'source', 'resource']);

/** What a reservation finally charged, when usage went beyond it (billing at usage). */
export const chargeReservation = (db: Kysely<BillingTables>, p: { id: string; charged: number }) =>
  db.updateTable('credit_reservations').set({ actual_micros: p.charged }).where('id', '=', p.id);

export interface HouseLoss {
  reservation: string;
  wallet: string;
  usage: number;
  charged: number;
  lost: number;
  resource: string | null;
  day: string;
  at: number;
}

/** Usage the wallet could not pay: the house's, once per reservation. */
export const recordHouseLoss = (db: Kysely<BillingTables>, p: HouseLoss) =>
  db
    .insertInto('credit_house_losses')
    .values({
      reservation: p.reservation,
      wallet: p.wallet,
      usage_micros: p.usage,
      charged_micros: p.charged,
      lost_micros: p.lost,
      resource: p.resource,
      day: p.day,
      created_at: p.at,
    })
    .onConflict((oc) => oc.column('reservation').doNothing());

export const reservation = (db: Kysely<BillingTables>, p: { id: string }) =>
  db.selectFrom('credit_reservations').select(['wallet', 'actual_micros']).where('id', '=', p.id);
