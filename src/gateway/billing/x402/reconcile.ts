// Finishing x402 payments that a process left unfinished (docs/payments.md "Crash
// recovery"). Run by every instance when it starts and then periodically, and by
// `svc credit reconcile`. Per state:
//
// - `verifying`: nothing moved yet (verify moves no money) → `failed` (`interrupted`). The
//   buyer saw the request fail; collecting now would take money for nothing they received.
// - `settling`: the settle may have happened. Ask the facilitator again: verify says whether
//   the nonce is still unused. Used → it was settled (a settled nonce is final) → credit.
//   Unused and still valid → settle it now → credit. A facilitator that does not answer →
//   try again later, backing off. Expired and unused cannot be told apart from expired and
//   settled by the facilitator → `unknown`, for the operator (`svc credit stuck` lists it,
//   `svc credit resolve` records the operator's decision, resolve.ts).
// - `settled`: the money arrived, the credit was not written → credit (credit.ts).
//
// A row is taken by one instance at a time (its `next_at` is pushed forward first).
import type { Context } from '../../../platform/context.js';
import { creditPayment } from './credit.js';
import type { FacilitatorClient } from './facilitator.js';
import { awaitsOperator, movePayment, type PaymentRow, unfinishedPayments } from './payments.js';
import { kyselyOf } from '../tables.js';

/** The facilitator's word for an authorisation whose nonce is spent on chain. */
const NONCE_USED = /nonce_(already_)?used/i;
/** Answers that say nothing about the payment: the facilitator was not reached or failed. */
const NO_ANSWER =
  /^(facilitator_timeout|facilitator_unreachable|verify_http_5\d\d|settle_http_5\d\d|settlement_pending)$/;
const MAX_BACKOFF_MS = 60 * 60_000;

export interface ReconcileResult {
  credited: number;
  failed: number;
  /** Still unfinished: the facilitator will be asked again. */
  waiting: number;
  /** Left for the operator (`unknown`, or rows of earlier versions without their payment). */
  operator: number;
}

type Outcome = keyof ReconcileResult | 'skipped';

export async function reconcilePayments(
  ctx: Context,
  facilitator: FacilitatorClient | undefined,
  options: { now?: number; holdMs?: number } = {},
): Promise<ReconcileResult> {
  const now = options.now ?? Date.now();
  const result: ReconcileResult = { credited: 0, failed: 0, waiting: 0, operator: 0 };
  for (const row of await unfinishedPayments(ctx.db, { due: now })) {
    const outcome = await finish(ctx, facilitator, row, now, options.holdMs ?? 30_000);
    if (outcome !== 'skipped') result[outcome]++;
  }
  return result;
}

/** Takes the row for this pass: false when another instance took it first. */
async function take(ctx: Context, row: PaymentRow, now: number, holdMs: number): Promise<boolean> {
  const taken = await kyselyOf(ctx.db)
    .updateTable('x402_payments')
    .set({ next_at: now + holdMs })
    .where('nonce', '=', row.nonce)
    .where('state', '=', row.state)
    .where((eb) => (row.nextAt === null ? eb('next_at', 'is', null) : eb('next_at', '=', row.nextAt)))
    .returning('nonce')
    .executeTakeFirst();
  return taken !== undefined;
}

async function finish(
  ctx: Context,
  facilitator: FacilitatorClient | undefined,
  row: PaymentRow,
  now: number,
  holdMs: number,
): Promise<Outcome> {
  if (awaitsOperator(row)) return 'operator';
  if (!(await take(ctx, row, now, holdMs))) return 'skipped';
  const log = ctx.logger.child({ x402_nonce: row.nonce, purpose: row.purpose });
  if (row.state === 'verifying' || row.state === 'claimed') {
    await movePayment(ctx.db, row.nonce, [row.state], 'failed', { error: 'interrupted', nextAt: null });
    log.info({ from: row.state }, 'x402 payment interrupted before settle: nothing collected');
    return 'failed';
  }
  if (row.state === 'settled') return credit(ctx, row, log);
  // settling
  if (!facilitator || !row.payment || !row.requirements) return 'operator';
  const retryLater = async (reason: string): Promise<Outcome> => {
    const attempts = row.attempts + 1;
    await movePayment(ctx.db, row.nonce, ['settling'], 'settling', {
      error: reason,
      attempts,
      nextAt: now + Math.min(MAX_BACKOFF_MS, 5_000 * 2 ** attempts),
    });
    return 'waiting';
  };
  const settledBefore = async (): Promise<Outcome> => {
    await movePayment(ctx.db, row.nonce, ['settling'], 'settled', { error: 'settled_before_restart' });
    return credit(ctx, row, log);
  };
  const verified = await facilitator.verify(row.payment, row.requirements);
  if (!verified.ok) {
    if (NONCE_USED.test(verified.reason)) return settledBefore();
    if (NO_ANSWER.test(verified.reason)) return retryLater(verified.reason);
    const validBefore = Number(row.payment.payload.authorization.validBefore) * 1000;
    if (validBefore <= now) {
      // Expired: the facilitator no longer says whether it was settled. The chain does.
      await movePayment(ctx.db, row.nonce, ['settling'], 'unknown', { error: verified.reason, nextAt: null });
      log.warn(
        { reason: verified.reason },
        'x402 payment expired before it could be confirmed: check the chain',
      );
      return 'operator';
    }
    await movePayment(ctx.db, row.nonce, ['settling'], 'failed', { error: verified.reason, nextAt: null });
    return 'failed';
  }
  // The nonce is unused: the earlier settle never happened. Settle it now.
  const settled = await facilitator.settle(row.payment, row.requirements);
  if (settled.ok) {
    await movePayment(ctx.db, row.nonce, ['settling'], 'settled', {
      transaction: settled.transaction,
      error: null,
    });
    return credit(ctx, row, log);
  }
  if (NONCE_USED.test(settled.reason)) return settledBefore();
  if (settled.unknown) return retryLater(settled.reason);
  await movePayment(ctx.db, row.nonce, ['settling'], 'failed', { error: settled.reason, nextAt: null });
  return 'failed';
}

async function credit(ctx: Context, row: PaymentRow, log: Context['logger']): Promise<Outcome> {
  const done = await creditPayment(ctx, row.nonce, { delivered: false });
  if (done.credited) log.info({ micros: row.micros }, 'x402 payment credited by the reconciler');
  return done.credited ? 'credited' : 'skipped';
}

/** Runs a pass now and then every `everyMs` (unref'd); the returned function stops it, after a pass under way. */
export function startPaymentReconciler(
  ctx: Context,
  facilitator: FacilitatorClient | undefined,
  everyMs: number,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const pass = () => {
    running ??= reconcilePayments(ctx, facilitator)
      .catch((err: Error) => ctx.logger.warn({ err: err.name }, 'x402 reconcile failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(pass, 0);
  const timer = setInterval(pass, everyMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
