// Asaas payment status → our charge state, and the one function that moves a charge:
// only forward (a late OVERDUE never undoes a payment), paid after expiry still pays, and
// paying credits exactly once (the ledger's reference is the charge id).
import type { Kysely } from 'kysely';
import { type DbLike, inTransaction } from '../../../platform/db/transactions.js';
import { balanceOf, creditWallet, type Wallet } from '../ledger.js';
import { activateCreditToken, refuseCreditToken, tokenWallet } from '../tokens.js';
import type { AsaasPayment } from './client.js';
import { kyselyOf, type BillingTables, type ChargeState } from '../tables.js';

const PAID = new Set(['RECEIVED', 'RECEIVED_IN_CASH', 'CONFIRMED']);
const REFUNDED = /^(REFUNDED|REFUND_|CHARGEBACK_|AWAITING_CHARGEBACK_REVERSAL)/;

/** undefined: nothing to do (still pending, or a status we do not act on). */
export function stateOf(payment: Pick<AsaasPayment, 'status' | 'deleted'>): ChargeState | undefined {
  if (payment.deleted) return 'falhou';
  if (PAID.has(payment.status)) return 'pago';
  if (payment.status === 'OVERDUE') return 'vencido';
  if (REFUNDED.test(payment.status)) return 'estornado';
  return undefined;
}

/** Which states each state may be entered from. */
const FROM: Record<ChargeState, ChargeState[]> = {
  pendente: [],
  vencido: ['pendente'],
  pago: ['pendente', 'vencido'],
  estornado: ['pendente', 'vencido', 'pago'],
  falhou: ['pendente', 'vencido'],
};

export interface Applied {
  id: string;
  from: ChargeState;
  to: ChargeState;
  /** A refund of a paid charge: micro-dollars taken back, and what had already been spent. */
  clawBack?: { recovered: number; unrecovered: number };
}

/**
 * Applies what Asaas says of the payment to our charge (found by its payment id). Returns
 * the move made, or undefined when none was due. Safe to repeat and to run concurrently.
 */
export async function applyPayment(
  db: DbLike,
  payment: Pick<AsaasPayment, 'id' | 'status' | 'deleted'>,
  now = Date.now(),
): Promise<Applied | undefined> {
  const target = stateOf(payment);
  return inTransaction(db, async (trx: Kysely<BillingTables>) => {
    const p = kyselyOf(trx);
    const charge = await p
      .selectFrom('asaas_charges')
      .selectAll()
      .where('payment_id', '=', payment.id)
      .executeTakeFirst();
    if (!charge) return undefined;
    if (charge.asaas_status !== payment.status)
      await p
        .updateTable('asaas_charges')
        .set({ asaas_status: payment.status })
        .where('id', '=', charge.id)
        .execute();
    if (!target || !FROM[target].includes(charge.state)) return undefined;
    const moved = await p
      .updateTable('asaas_charges')
      .set({ state: target, state_at: now, ...(target === 'pago' ? { paid_at: now } : {}) })
      .where('id', '=', charge.id)
      .where('state', '=', charge.state)
      .returning('id')
      .executeTakeFirst();
    if (!moved) return undefined;
    if (target === 'pago') {
      if (charge.token_id) {
        await activateCreditToken(trx, { tokenId: charge.token_id, reference: `asaas:${charge.id}`, now });
      } else if (charge.organization_id) {
        await creditWallet(trx, {
          wallet: { kind: 'org', id: charge.organization_id },
          micros: Number(charge.credit_micros),
          kind: 'purchase',
          reference: `asaas:${charge.id}`,
          source: 'asaas',
          now,
        });
      }
    }
    // A package that was never paid: its token must never become valid.
    if ((target === 'falhou' || (target === 'estornado' && charge.state !== 'pago')) && charge.token_id)
      await refuseCreditToken(trx, { tokenId: charge.token_id, now });
    const clawBack =
      target === 'estornado' && charge.state === 'pago' ? await takeBack(trx, charge, now) : undefined;
    return { id: charge.id, from: charge.state, to: target, ...(clawBack ? { clawBack } : {}) };
  });
}

/**
 * A paid charge refunded or charged back takes back the credit it gave, as far as it is
 * still there: credit already spent cannot be recovered, and a balance never goes below
 * zero. One `refund` movement per charge (its reference), however often Asaas says so.
 */
async function takeBack(
  trx: Kysely<BillingTables>,
  charge: {
    id: string;
    token_id: string | null;
    organization_id: string | null;
    credit_micros: number | string;
  },
  now: number,
): Promise<{ recovered: number; unrecovered: number }> {
  const credited = Number(charge.credit_micros);
  const wallet: Wallet | undefined = charge.token_id
    ? tokenWallet(charge.token_id)
    : charge.organization_id
      ? { kind: 'org', id: charge.organization_id }
      : undefined;
  if (!wallet) return { recovered: 0, unrecovered: credited };
  const recovered = Math.min(credited, await balanceOf(trx, wallet));
  if (recovered > 0) {
    await creditWallet(trx, {
      wallet,
      micros: -recovered,
      kind: 'refund',
      reference: `asaas-estorno:${charge.id}`,
      source: 'asaas',
      now,
    });
  }
  return { recovered, unrecovered: credited - recovered };
}
