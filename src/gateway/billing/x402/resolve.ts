// The operator's decision on an x402 payment that only a person can finish (payments.ts
// `awaitsOperator`: mostly `unknown`, an authorisation that expired before the facilitator
// confirmed its settle). The operator checks the payer's transfer on chain and then says:
//
// - `credited`: the transfer happened. The row goes to `settled` and is credited as the
//   reconciler credits it (credit.ts: the package's token, or the call's wallet), all in one
//   transaction, so the payment is credited at most once however often this runs.
// - `failed`: it did not. Nothing is credited.
//
// Either way the row keeps when the decision was taken and the operator's reference
// (`resolved_at`, `resolution`), its earlier error stays as it was, and a payment that no
// longer awaits the operator (already decided, or the reconciler's) is left untouched.
import type { Context } from '../../../platform/context.js';
import { inTransaction } from '../../../platform/db/transactions.js';
import { creditPayment } from './credit.js';
import { awaitsOperator, getPayment, movePayment, type PaymentRow, type PaymentState } from './payments.js';

export type Decision = 'credited' | 'failed';

export type Resolved =
  | { ok: true; payment: PaymentRow }
  | { ok: false; reason: 'not_found' }
  /** Not the operator's to decide (any more): nothing changed. */
  | { ok: false; reason: 'not_awaiting'; state: PaymentState }
  /** A paid call's payment of an earlier version that does not say which wallet it paid into. */
  | { ok: false; reason: 'no_wallet' };

export async function resolvePayment(
  ctx: Context,
  nonce: string,
  decision: Decision,
  options: { reference?: string; now?: number } = {},
): Promise<Resolved> {
  const now = options.now ?? Date.now();
  const resolution = { at: now, reference: options.reference ?? null };
  return inTransaction(ctx.db, async (trx) => {
    const row = await getPayment(trx, nonce);
    if (!row) return { ok: false, reason: 'not_found' };
    if (!awaitsOperator(row)) return { ok: false, reason: 'not_awaiting', state: row.state };
    if (decision === 'credited' && row.purpose === 'call' && !row.wallet)
      return { ok: false, reason: 'no_wallet' };
    const to = decision === 'credited' ? 'settled' : 'failed';
    // Guarded by the state read above: a concurrent run that moved it first wins, this one changes nothing.
    if (!(await movePayment(trx, nonce, [row.state], to, { nextAt: null, resolution }, now))) {
      const moved = await getPayment(trx, nonce);
      return { ok: false, reason: 'not_awaiting', state: moved?.state ?? row.state };
    }
    if (decision === 'credited') await creditPayment(ctx, nonce, { delivered: false, now, db: trx });
    return { ok: true, payment: (await getPayment(trx, nonce))! };
  });
}
