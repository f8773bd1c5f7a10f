// Collecting one x402 payment (docs/payments.md "x402"): check the signed authorisation
// against our quote, claim its nonce (unique: a replayed or concurrent second submission
// stops here), then verify and settle through the facilitator. Only a successful settle is
// paid; anything else leaves the nonce spent and nothing credited. In `dev` mode the
// facilitator is not called (docs/payments.md "Modes").
import type { Context } from '../../../platform/context.js';
import type { X402Config } from '../../../platform/config/payments.js';
import { type FacilitatorClient, facilitatorClient } from './facilitator.js';
import type { PaymentPayload } from './header.js';
import type { PaymentRequirements } from './requirements.js';
import { utcDay } from '../../../platform/days.js';
import { payment as paymentSeen } from '../metrics.js';

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
  const seconds = BigInt(Math.floor(now / 1000));
  if (BigInt(a.validBefore) < seconds + BigInt(SETTLE_MARGIN_S)) return 'authorization_expired';
  if (BigInt(a.validAfter) > seconds) return 'authorization_not_yet_valid';
  return undefined;
}

export class PaymentCollector {
  readonly #facilitator: FacilitatorClient;
  constructor(
    private readonly ctx: Context,
    config: X402Config,
    private readonly dev: boolean,
    facilitator?: FacilitatorClient,
  ) {
    this.#facilitator =
      facilitator ??
      facilitatorClient(
        config.facilitator_url,
        config.facilitator_timeout_ms ?? DEFAULT_FACILITATOR_TIMEOUT_MS,
      );
  }

  /** Micro-dollars of credit paid through x402 today (claimed or settled), for the daily cap. */
  async soldToday(now = Date.now()): Promise<number> {
    const row = await this.ctx.db.kysely
      .selectFrom('x402_payments')
      .select((eb) => eb.fn.sum<string | number>('micros').as('s'))
      .where('day', '=', utcDay(now))
      .where('purpose', '=', 'credit')
      .where('state', 'in', ['claimed', 'settled'])
      .executeTakeFirst();
    return Number(row?.s ?? 0);
  }

  async collect(
    payment: PaymentPayload,
    req: PaymentRequirements,
    purpose: 'credit' | 'call',
    now = Date.now(),
  ): Promise<Collected> {
    const collected = await this.#collect(payment, req, purpose, now);
    paymentSeen('x402', collected.ok ? 'paid' : 'refused');
    return collected;
  }

  async #collect(
    payment: PaymentPayload,
    req: PaymentRequirements,
    purpose: 'credit' | 'call',
    now: number,
  ): Promise<Collected> {
    const wrong = mismatch(payment, req, now);
    if (wrong) return { ok: false, reason: wrong };
    const a = payment.payload.authorization;
    const nonce = `${payment.network}:${a.nonce.toLowerCase()}`;
    const claimed = await this.ctx.db.kysely
      .insertInto('x402_payments')
      .values({
        nonce,
        network: payment.network,
        payer: a.from.toLowerCase(),
        purpose,
        micros: Number(req.maxAmountRequired),
        state: 'claimed',
        error: null,
        transaction: null,
        token_id: null,
        day: utcDay(now),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('nonce')
      .executeTakeFirst();
    if (!claimed) return { ok: false, reason: 'payment_already_used' };

    const finish = (state: string, fields: { error?: string; transaction?: string }) =>
      this.ctx.db.kysely
        .updateTable('x402_payments')
        .set({
          state,
          error: fields.error ?? null,
          transaction: fields.transaction ?? null,
          updated_at: Date.now(),
        })
        .where('nonce', '=', nonce)
        .execute();

    if (this.dev) {
      const transaction = `simulado:${a.nonce.slice(2, 18)}`;
      await finish('settled', { transaction });
      return { ok: true, nonce, payer: a.from, transaction, network: payment.network };
    }
    const verified = await this.#facilitator.verify(payment, req);
    if (!verified.ok) {
      await finish('failed', { error: verified.reason });
      return { ok: false, reason: verified.reason };
    }
    const settled = await this.#facilitator.settle(payment, req);
    if (!settled.ok) {
      // `unknown`: the answer was lost after the request left; the operator checks the chain.
      await finish(settled.unknown ? 'unknown' : 'failed', { error: settled.reason });
      return { ok: false, reason: settled.reason };
    }
    await finish('settled', { transaction: settled.transaction });
    return {
      ok: true,
      nonce,
      payer: settled.payer,
      transaction: settled.transaction,
      network: settled.network,
    };
  }
}
