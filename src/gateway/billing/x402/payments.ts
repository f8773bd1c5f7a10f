// The `x402_payments` rows: one per authorisation nonce, written before each step that
// leaves the process (docs/payments.md "Crash recovery"), so that whatever instance finds a
// row unfinished knows what was last attempted and can finish it:
//
//   verifying → settling → settled → credited      (failed: refused; unused: only a proof)
//
// `verifying`: the nonce is ours, the facilitator's verify may be under way (nothing moves).
// `settling`: the settle request may have left — the transfer may have happened.
// `settled`: the facilitator confirmed the transfer; the credit is not written yet.
// `credited`: the package's token was minted, or the call's wallet credited, exactly once.
// `unknown`: the authorisation expired before the facilitator confirmed the settle; only the
// chain tells whether the transfer happened, so the operator decides (`svc credit resolve`).
// The quote itself is not stored: it is computed again from the request, and the row keeps
// the requirements the payment was checked against.
import type { DbLike } from '../../../platform/db/transactions.js';
import { utcDay } from '../../../platform/days.js';
import type { PaymentPayload } from './header.js';
import type { PaymentRequirements } from './requirements.js';
import { kyselyOf } from '../tables.js';

export type PaymentState =
  | 'verifying'
  | 'settling'
  | 'settled'
  | 'credited'
  | 'failed'
  | 'unused'
  /** Rows of earlier versions: `claimed` (steps unknown) and `unknown` (a settle's answer lost). */
  | 'claimed'
  | 'unknown';

/** States a reconciler (or the operator) still has to finish. */
export const UNFINISHED: PaymentState[] = ['verifying', 'settling', 'settled', 'claimed', 'unknown'];

/**
 * Whether only the operator can finish this payment: the facilitator can no longer tell
 * (`unknown`), or the row lacks what the reconciler would ask it with (rows of earlier
 * versions). The reconciler leaves these alone; `svc credit resolve` takes only these.
 */
export function awaitsOperator(row: Pick<PaymentRow, 'state' | 'payment' | 'requirements'>): boolean {
  if (row.state === 'unknown') return true;
  if (row.state === 'claimed') return !row.payment;
  if (row.state === 'settling') return !row.payment || !row.requirements;
  return false;
}

/** What a payment pays for: a package (a new token), or credit into a paid call's wallet. */
export type Paying = { purpose: 'credit'; usd: number } | { purpose: 'call'; wallet: string };

export interface PaymentRow {
  nonce: string;
  network: string;
  payer: string;
  purpose: 'credit' | 'call';
  micros: number;
  state: PaymentState;
  error: string | null;
  transaction: string | null;
  tokenId: string | null;
  usd: number | null;
  wallet: string | null;
  payment: PaymentPayload | null;
  requirements: PaymentRequirements | null;
  nextAt: number | null;
  deliveredAt: number | null;
  attempts: number;
  createdAt: number;
  updatedAt: number;
  /** The operator's decision (`svc credit resolve`): when, and their reference. */
  resolvedAt: number | null;
  resolution: string | null;
}

/** Our key for an authorisation: its network and nonce. */
export const nonceKey = (payment: PaymentPayload) =>
  `${payment.network}:${payment.payload.authorization.nonce.toLowerCase()}`;

/**
 * Claims the authorisation's nonce (unique: a replayed or concurrent second submission gets
 * false) in state `verifying`, with what a reconciler needs to finish it. `quietUntil`: no
 * reconciler touches the row before then (the live request still owns it).
 */
export async function claimPayment(
  db: DbLike,
  input: {
    payment: PaymentPayload;
    requirements: PaymentRequirements;
    paying: Paying;
    now: number;
    quietUntil: number;
  },
): Promise<boolean> {
  const { payment, paying, now } = input;
  const row = await kyselyOf(db)
    .insertInto('x402_payments')
    .values({
      nonce: nonceKey(payment),
      network: payment.network,
      payer: payment.payload.authorization.from.toLowerCase(),
      purpose: paying.purpose,
      micros: Number(input.requirements.maxAmountRequired),
      state: 'verifying',
      error: null,
      transaction: null,
      token_id: null,
      usd: paying.purpose === 'credit' ? paying.usd : null,
      wallet: paying.purpose === 'call' ? paying.wallet : null,
      payment: JSON.stringify(payment),
      requirements: JSON.stringify(input.requirements),
      next_at: input.quietUntil,
      delivered_at: null,
      attempts: 0,
      day: utcDay(now),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves a payment from one of `from` to `to`; false when it was no longer in one of them (a
 * reconciler or the live request moved it first).
 */
export async function movePayment(
  db: DbLike,
  nonce: string,
  from: PaymentState[],
  to: PaymentState,
  fields: {
    error?: string | null;
    transaction?: string | null;
    nextAt?: number | null;
    attempts?: number;
    /** The operator decided this move. */
    resolution?: { at: number; reference: string | null };
  } = {},
  now = Date.now(),
): Promise<boolean> {
  const row = await kyselyOf(db)
    .updateTable('x402_payments')
    .set({
      state: to,
      updated_at: now,
      ...(fields.error !== undefined ? { error: fields.error } : {}),
      ...(fields.transaction !== undefined ? { transaction: fields.transaction } : {}),
      ...(fields.nextAt !== undefined ? { next_at: fields.nextAt } : {}),
      ...(fields.attempts !== undefined ? { attempts: fields.attempts } : {}),
      ...(fields.resolution
        ? { resolved_at: fields.resolution.at, resolution: fields.resolution.reference }
        : {}),
    })
    .where('nonce', '=', nonce)
    .where('state', 'in', from)
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

type Raw = Awaited<ReturnType<typeof selectRows>>[number];
const selectRows = (db: DbLike) => kyselyOf(db).selectFrom('x402_payments').selectAll().execute();

function parse<T>(text: string | null): T | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function toRow(r: Raw): PaymentRow {
  return {
    nonce: r.nonce,
    network: r.network,
    payer: r.payer,
    purpose: r.purpose as PaymentRow['purpose'],
    micros: Number(r.micros),
    state: r.state as PaymentState,
    error: r.error,
    transaction: r.transaction,
    tokenId: r.token_id,
    usd: r.usd === null ? null : Number(r.usd),
    wallet: r.wallet,
    payment: parse<PaymentPayload>(r.payment),
    requirements: parse<PaymentRequirements>(r.requirements),
    nextAt: r.next_at === null ? null : Number(r.next_at),
    deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
    attempts: Number(r.attempts),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
    resolution: r.resolution,
  };
}

export async function getPayment(db: DbLike, nonce: string): Promise<PaymentRow | undefined> {
  const r = await kyselyOf(db)
    .selectFrom('x402_payments')
    .selectAll()
    .where('nonce', '=', nonce)
    .executeTakeFirst();
  return r && toRow(r);
}

/** Unfinished payments, oldest first; `due`: only those no live request owns any more. */
export async function unfinishedPayments(
  db: DbLike,
  options: { due?: number; limit?: number } = {},
): Promise<PaymentRow[]> {
  let q = kyselyOf(db).selectFrom('x402_payments').selectAll().where('state', 'in', UNFINISHED);
  if (options.due !== undefined)
    q = q.where((eb) => eb.or([eb('next_at', 'is', null), eb('next_at', '<=', options.due!)]));
  const rows = await q
    .orderBy('created_at')
    .limit(options.limit ?? 100)
    .execute();
  return rows.map(toRow);
}

/**
 * The oldest package this payer paid for whose token never reached them (the process died
 * before answering): a new purchase of the same package by the same wallet receives it.
 */
export async function undeliveredPackage(
  db: DbLike,
  payer: string,
  usd: number,
): Promise<PaymentRow | undefined> {
  const r = await kyselyOf(db)
    .selectFrom('x402_payments')
    .selectAll()
    .where('payer', '=', payer.toLowerCase())
    .where('purpose', '=', 'credit')
    .where('usd', '=', usd)
    .where('state', '=', 'credited')
    .where('delivered_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
  return r && toRow(r);
}
