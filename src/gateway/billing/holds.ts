// Holding credit for one spend (a model call, a worker job) before it happens
// (docs/payments.md "Paid calls", "Paid jobs"): from the credit token presented in X-Credito,
// else from the organisation's balance, after collecting an X-PAYMENT for it when one came.
// Not enough credit: 402 whose body is the x402 quote of this spend, so an x402 client that
// retries with X-PAYMENT pays for it (the payment goes into the same wallet, then the spend
// is reserved as usual). Settling is the spender's: the pipeline's charge, the job charges.
import type { PaymentsConfig } from './config.js';
import type { Context } from '../../platform/context.js';
import { COST_HEADERS } from './cost-headers.js';
import { insufficientCredit } from './errors.js';
import { formatUsd, reserve, type Source, settleAbandoned, walletKey } from './ledger.js';
import type { Payer } from './payer.js';
import { walletOf } from './wallet.js';
import { paymentResponseHeader, parsePaymentHeader } from './x402/header.js';
import { creditPayment } from './x402/credit.js';
import { PaymentCollector } from './x402/pay.js';
import { startPaymentReconciler } from './x402/reconcile.js';
import { insufficientCreditQuoted, paymentRequired } from './x402/errors.js';
import { requirements } from './x402/requirements.js';

/** A reservation still open after this long belongs to a process that died mid-call. */
export const ABANDONED_AFTER_MS = 15 * 60_000;

/** One spend to hold credit for. */
export interface Hold {
  /** The organisation that spends (a prepaid one). */
  organizationId: string;
  payer?: Payer;
  micros: number;
  /** Unique per spend: the reservation's id. */
  reference: string;
  source: Source;
  /** What is bought: a model id or a worker capability. */
  resource: string;
  /** The URL and words of the x402 quote when credit runs short. */
  resourceUrl: string;
  description: string;
}

export class CreditHolds {
  readonly #payments: PaymentsConfig;
  readonly #collector: PaymentCollector | undefined;
  readonly #sweeper: NodeJS.Timeout;
  readonly #stopReconciler: (() => Promise<void>) | undefined;

  constructor(
    private readonly ctx: Context,
    payments: PaymentsConfig,
  ) {
    this.#payments = payments;
    this.#collector = payments.x402 && new PaymentCollector(ctx, payments.x402, payments.mode === 'dev');
    // Reservations of a process killed between reserve and settle: closed at their reserved
    // amount (docs/payments.md "The ledger"), by whichever instance sweeps first.
    this.#sweeper = setInterval(() => {
      settleAbandoned(ctx.db, ABANDONED_AFTER_MS).catch((err: Error) =>
        ctx.logger.warn({ err: err.name }, 'credit sweep failed'),
      );
    }, ABANDONED_AFTER_MS / 3);
    this.#sweeper.unref();
    // x402 payments a crash left between its steps: finished at start and then periodically.
    this.#stopReconciler =
      this.#collector &&
      startPaymentReconciler(
        ctx,
        this.#collector.dev ? undefined : this.#collector.facilitator,
        (payments.x402?.reconcile_every_seconds ?? 60) * 1000,
      );
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await this.#stopReconciler?.();
  }

  /** `dev`: spends pass unpaid, their headers say what they would have cost. */
  get mode(): PaymentsConfig['mode'] {
    return this.#payments.mode;
  }

  /**
   * Holds `micros` for one spend. Not enough credit → 402 carrying the x402 quote of this
   * spend (when x402 is configured).
   */
  async hold(h: Hold): Promise<{ reservation: string; headers: Record<string, string> }> {
    const wallet = await walletOf(this.ctx, h.organizationId, h.payer?.creditToken);
    const headers: Record<string, string> = { [COST_HEADERS.reserved]: formatUsd(h.micros) };
    const x402 = this.#payments.x402;
    const req =
      x402 && requirements(x402, { micros: h.micros, resource: h.resourceUrl, description: h.description });

    if (h.payer?.payment !== undefined && req && this.#collector) {
      const payment = parsePaymentHeader(h.payer.payment);
      if ('invalid' in payment) throw paymentRequired(payment.invalid, req);
      const paid = await this.#collector.collect(payment, req, {
        purpose: 'call',
        wallet: walletKey(wallet),
      });
      if (!paid.ok) throw paymentRequired(paid.reason, req);
      await creditPayment(this.ctx, paid.nonce, { delivered: true });
      headers['x-payment-response'] = paymentResponseHeader(paid);
    }

    const held = await reserve(this.ctx.db, {
      wallet,
      micros: h.micros,
      reference: h.reference,
      source: h.source,
      product: 'v1',
      resource: h.resource,
    });
    if (!held.ok) {
      if (!req) throw insufficientCredit();
      throw insufficientCreditQuoted(req);
    }
    headers[COST_HEADERS.balance] = formatUsd(held.balance);
    return { reservation: held.reservation, headers };
  }
}
