// Collecting one x402 payment (docs/payments.md "x402"): check the signed authorisation
// against our quote, claim its nonce (unique: a replayed or concurrent second submission
// stops here), then verify and settle through the facilitator, recording each step before
// it leaves the process (payments.ts). Only a successful settle is paid; a refusal leaves
// the nonce spent and nothing credited; a settle whose answer was lost stays `settling` for
// the reconciler (reconcile.ts). In `dev` mode the facilitator is not called
// (docs/payments.md "Modes").
import type { Context } from '../../../platform/context.js';
import type { X402Config } from '../config.js';
import { type FacilitatorClient, facilitatorClient } from './facilitator.js';
import type { PaymentPayload } from './header.js';
import type { PaymentRequirements } from './requirements.js';
import { utcDay } from '../../../platform/days.js';
import { payment as paymentSeen } from '../metrics.js';
import { claimPayment, movePayment, nonceKey, type Paying } from './payments.js';
import { kyselyOf } from '../tables.js';

export type Collected =
  | { ok: true; nonce: string; payer: string; transaction: string; network: string }
  | { ok: false; reason: string };

/** Signed authorisations must stay valid at least this long for the facilitator to settle them. */
const SETTLE_MARGIN_S = 6;

export const DEFAULT_FACILITATOR_TIMEOUT_MS = 10_000;

/** The reason a payment does not match the quote, or undefined. */
export function mismatch(payment: PaymentPayload, req: PaymentRequirements, now: number): string | undefined {
  const a = payment.payload.authorization;
  if (payment.network !== req.network) return 'invalid_network';
  if (a.to.toLowerCase() !== req.payTo.toLowerCase()) return 'invalid_pay_to';
  if (BigInt(a.value) < BigInt(req.maxAmountRequired)) return 'insufficient_amount';
  // `exact` moves exactly the authorised value: more than the quote would collect money that
  // nothing we sell accounts for, so it is refused before the facilitator moves anything.
  if (BigInt(a.value) > BigInt(req.maxAmountRequired)) return 'amount_exceeds_quote';
  const seconds = BigInt(Math.floor(now / 1000));
  if (BigInt(a.validBefore) < seconds + BigInt(SETTLE_MARGIN_S)) return 'authorization_expired';
  if (BigInt(a.validAfter) > seconds) return 'authorization_not_yet_valid';
  return undefined;
}

export class PaymentCollector {
  readonly facilitator: FacilitatorClient;
  /** How long a live request owns its payment row: its two facilitator calls and a margin. */
  readonly ownedMs: number;
  constructor(
    private readonly ctx: Context,
    config: X402Config,
    readonly dev: boolean,
    facilitator?: FacilitatorClient,
  ) {
    const timeout = config.facilitator_timeout_ms ?? DEFAULT_FACILITATOR_TIMEOUT_MS;
    this.facilitator = facilitator ?? facilitatorClient(config.facilitator_url, timeout);
    this.ownedMs = 2 * timeout + 1_000;
  }

  /** Micro-dollars of credit paid through x402 today (in progress or paid), for the daily cap. */
  async soldToday(now = Date.now()): Promise<number> {
    const row = await kyselyOf(this.ctx.db)
      .selectFrom('x402_payments')
      .select((eb) => eb.fn.sum<string | number>('micros').as('s'))
      .where('day', '=', utcDay(now))
      .where('purpose', '=', 'credit')
      .where('state', 'not in', ['failed', 'unused'])
      .executeTakeFirst();
    return Number(row?.s ?? 0);
  }

  /**
   * Checks the payment against the quote, claims its nonce and moves the money: verify, then
   * settle, each step recorded before it leaves the process. Settled is not yet credited:
   * the caller credits it (credit.ts).
   */
  async collect(
    payment: PaymentPayload,
    req: PaymentRequirements,
    paying: Paying,
    now = Date.now(),
  ): Promise<Collected> {
    const collected = await this.#collect(payment, req, paying, now);
    paymentSeen('x402', collected.ok ? 'paid' : 'refused');
    return collected;
  }

  /**
   * The payment only as proof that its signer holds the paying wallet: checked against the
   * quote and verified by the facilitator, never settled; its nonce is spent (`unused`).
   */
  async prove(payment: PaymentPayload, req: PaymentRequirements, paying: Paying, now = Date.now()) {
    const wrong = mismatch(payment, req, now);
    if (wrong) return { ok: false as const, reason: wrong };
    const nonce = nonceKey(payment);
    if (
      !(await claimPayment(this.ctx.db, {
        payment,
        requirements: req,
        paying,
        now,
        quietUntil: now + this.ownedMs,
      }))
    )
      return { ok: false as const, reason: 'payment_already_used' };
    const verified = this.dev ? ({ ok: true } as const) : await this.facilitator.verify(payment, req);
    await movePayment(this.ctx.db, nonce, ['verifying'], verified.ok ? 'unused' : 'failed', {
      error: verified.ok ? 'proof_only' : verified.reason,
    });
    return verified.ok ? ({ ok: true } as const) : { ok: false as const, reason: verified.reason };
  }

  async #collect(
    payment: PaymentPayload,
    req: PaymentRequirements,
    paying: Paying,
    now: number,
  ): Promise<Collected> {
    const wrong = mismatch(payment, req, now);
    if (wrong) return { ok: false, reason: wrong };
    const a = payment.payload.authorization;
    const nonce = nonceKey(payment);
    const db = this.ctx.db;
    if (
      !(await claimPayment(db, { payment, requirements: req, paying, now, quietUntil: now + this.ownedMs }))
    )
      return { ok: false, reason: 'payment_already_used' };

    if (this.dev) {
      const transaction = `simulado:${a.nonce.slice(2, 18)}`;
      await movePayment(db, nonce, ['verifying'], 'settled', { transaction });
      return { ok: true, nonce, payer: a.from, transaction, network: payment.network };
    }
    const verified = await this.facilitator.verify(payment, req);
    if (!verified.ok) {
      await movePayment(db, nonce, ['verifying'], 'failed', { error: verified.reason });
      return { ok: false, reason: verified.reason };
    }
    // From here the transfer may happen: a crash leaves `settling` for the reconciler.
    await movePayment(db, nonce, ['verifying'], 'settling', { nextAt: Date.now() + this.ownedMs });
    const settled = await this.facilitator.settle(payment, req);
    if (!settled.ok) {
      // `unknown`: the answer was lost after the request left; the reconciler asks again.
      if (settled.unknown) {
        await movePayment(db, nonce, ['settling'], 'settling', { error: settled.reason });
        return { ok: false, reason: 'settlement_pending' };
      }
      await movePayment(db, nonce, ['settling'], 'failed', { error: settled.reason });
      return { ok: false, reason: settled.reason };
    }
    await movePayment(db, nonce, ['settling'], 'settled', { transaction: settled.transaction, error: null });
    return {
      ok: true,
      nonce,
      payer: settled.payer,
      transaction: settled.transaction,
      network: settled.network,
    };
  }
}
