// The billing step of the model pipeline (docs/payments.md "Paid calls"). For a principal
// of a prepaid organisation and a priced model: before the provider is called, reserve the
// call's maximum cost (prompt estimate + max_tokens at the model's price) from the credit
// token presented in X-Credito, else from the organisation's balance; after the call,
// settle the real usage and return the difference — a failed call costs nothing, an
// aborted stream costs what was streamed. Not enough credit: 402 whose body is the x402
// quote of this call, so an x402 client that retries with X-PAYMENT pays for it (the
// payment goes into the same wallet, then the call is reserved as usual).
//
// Worker jobs hold their flat price through the same `hold` step (workers/charges.ts).
import type { Context } from '../../platform/context.js';
import type { PaymentsConfig } from '../../platform/config/payments.js';
import { ApiError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import {
  creditWallet,
  formatUsd,
  reserve,
  type Source,
  settle,
  settleAbandoned,
  type Wallet,
} from '../billing/ledger.js';
import { findCreditToken, tokenWallet } from '../billing/tokens.js';
import { paymentResponseHeader, parsePaymentHeader } from '../billing/x402/header.js';
import { PaymentCollector } from '../billing/x402/pay.js';
import { paymentRequired } from '../billing/x402/purchase.js';
import { quote, requirements } from '../billing/x402/requirements.js';
import type { CatalogueModel } from './catalogue.js';
import type { Conversation, StreamEvent, Usage } from '../models/types.js';
import type { Principal } from './principal.js';

/** max_tokens set on a prepaid call that named none, so that its reservation bounds its cost. */
export const DEFAULT_MAX_TOKENS = 4096;
/** A reservation still open after this long belongs to a process that died mid-call. */
export const ABANDONED_AFTER_MS = 15 * 60_000;
/** Prompt tokens are estimated as UTF-8 bytes / 3 (real text runs about 4 bytes a token). */
const BYTES_PER_TOKEN = 3;

export const COST_HEADERS = {
  reserved: 'x-svc-reserva-usd',
  cost: 'x-svc-custo-usd',
  balance: 'x-svc-saldo-usd',
  simulated: 'x-svc-pagamento',
} as const;

export interface Payer {
  /** The X-Credito header, when presented. */
  creditToken?: string;
  /** The X-PAYMENT header, when presented. */
  payment?: string;
}

export interface OpenCharge {
  principal: Principal;
  model: CatalogueModel;
  /** The conversation as it goes upstream; its maxTokens is set when absent. */
  conversation: Conversation;
  payer?: Payer;
  /** The URL the call was made to, for the x402 quote. */
  resource?: string;
}

/** One spend to hold credit for (CallBilling.hold). */
export interface Hold {
  principal: Principal;
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

/** A reserved call: settle it once with its usage (or the text it streamed). */
export interface Charge {
  /** Headers to send now (for a stream, before its first byte). */
  headers: Record<string, string>;
  settle(usage: Usage | undefined, streamedChars?: number): Promise<Record<string, string>>;
}

/** The credit a request brings: a token in X-Credito, or an x402 payment in X-PAYMENT. */
export function payerOf(headers: Record<string, string | string[] | undefined>): Payer | undefined {
  const token = headers['x-credito'];
  const payment = headers['x-payment'];
  if (token === undefined && payment === undefined) return undefined;
  return {
    creditToken: typeof token === 'string' ? token : undefined,
    payment: typeof payment === 'string' ? payment : undefined,
  };
}

const insufficient = () =>
  new ApiError(
    402,
    'insufficient_credit',
    'Crédito insuficiente para esta chamada; compre crédito em /api/credito.',
  );
const invalidToken = () =>
  new ApiError(
    401,
    'invalid_credit_token',
    'Token de crédito inválido, desconhecido ou ainda não liberado (X-Credito).',
  );

export function estimateInputTokens(conv: Conversation): number {
  const text = JSON.stringify([conv.system, conv.messages, conv.tools ?? null]);
  return Math.ceil(Buffer.byteLength(text) / BYTES_PER_TOKEN);
}

export function costMicros(
  price: NonNullable<CatalogueModel['price']>,
  input: number,
  output: number,
): number {
  // USD per million tokens is micro-dollars per token.
  return Math.ceil(input * price.input_per_mtok_usd + output * price.output_per_mtok_usd);
}

export class CallBilling {
  readonly #payments: PaymentsConfig;
  readonly #collector: PaymentCollector | undefined;

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
  }

  readonly #sweeper: NodeJS.Timeout;

  close(): void {
    clearInterval(this.#sweeper);
  }

  /** Undefined when the call is free (free organisation, account key, unpriced model). */
  async open(input: OpenCharge): Promise<Charge | undefined> {
    const { principal, model, conversation: conv } = input;
    const price = model.price;
    if (principal.billing !== 'prepaid' || principal.organizationId === null || !price) return undefined;
    if (conv.maxTokens === undefined) conv.maxTokens = Math.min(DEFAULT_MAX_TOKENS, model.context_window);
    const inputTokens = estimateInputTokens(conv);
    const max = Math.max(1, costMicros(price, inputTokens, conv.maxTokens));
    const finalCost = (usage: Usage | undefined, chars = 0) => {
      const output = usage?.output || Math.ceil(chars / BYTES_PER_TOKEN);
      const input = usage?.input || (output > 0 ? inputTokens : 0);
      return Math.min(max, costMicros(price, input, output));
    };

    if (this.#payments.mode === 'dev') {
      // dev: the call passes unpaid; the headers say what it would have cost.
      return {
        headers: { [COST_HEADERS.reserved]: formatUsd(max), [COST_HEADERS.simulated]: 'simulado' },
        settle: async (usage, chars) => ({ [COST_HEADERS.cost]: formatUsd(finalCost(usage, chars)) }),
      };
    }

    const held = await this.hold({
      principal,
      payer: input.payer,
      micros: max,
      reference: newId('call'),
      source: 'call',
      resource: model.id,
      resourceUrl: input.resource ?? `${this.ctx.config.publicOrigin}/v1`,
      description: `Chamada ao modelo ${model.id} (no máximo ${conv.maxTokens} tokens de saída)`,
    });
    let settled: Promise<Record<string, string>> | undefined;
    return {
      headers: held.headers,
      settle: (usage, chars) => {
        settled ??= settle(this.ctx.db, {
          reservation: held.reservation,
          actualMicros: finalCost(usage, chars),
        }).then((s) => ({
          [COST_HEADERS.cost]: formatUsd(s.charged),
          [COST_HEADERS.balance]: formatUsd(s.balance),
        }));
        return settled;
      },
    };
  }

  /**
   * Holds `micros` for one spend: from the X-Credito token presented, else the
   * organisation's balance, after collecting an X-PAYMENT for it when one came. Not enough
   * credit → 402 carrying the x402 quote of this spend (when x402 is configured).
   */
  async hold(h: Hold): Promise<{ reservation: string; headers: Record<string, string> }> {
    const wallet = await this.#wallet(h.principal, h.payer?.creditToken);
    const headers: Record<string, string> = { [COST_HEADERS.reserved]: formatUsd(h.micros) };
    const x402 = this.#payments.x402;
    const req =
      x402 && requirements(x402, { micros: h.micros, resource: h.resourceUrl, description: h.description });

    if (h.payer?.payment !== undefined && req && this.#collector) {
      const payment = parsePaymentHeader(h.payer.payment);
      if ('invalid' in payment) throw paymentRequired(payment.invalid, req);
      const paid = await this.#collector.collect(payment, req, 'call');
      if (!paid.ok) throw paymentRequired(paid.reason, req);
      await creditWallet(this.ctx.db, {
        wallet,
        micros: h.micros,
        kind: 'purchase',
        reference: `x402:${paid.nonce}`,
        source: 'x402',
      });
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
      if (!req) throw insufficient();
      const text =
        'Crédito insuficiente para esta chamada: pague esta chamada com x402 ou compre crédito em /api/credito.';
      throw new ApiError(402, 'insufficient_credit', text, { body: quote(text, req) });
    }
    headers[COST_HEADERS.balance] = formatUsd(held.balance);
    return { reservation: held.reservation, headers };
  }

  get mode(): PaymentsConfig['mode'] {
    return this.#payments.mode;
  }

  async #wallet(principal: Principal, token: string | undefined): Promise<Wallet> {
    if (token === undefined) return { kind: 'org', id: principal.organizationId! };
    const record = await findCreditToken(this.ctx.db, token.trim(), this.ctx.secret);
    if (record?.state !== 'ativo') throw invalidToken();
    return tokenWallet(record.id);
  }
}

/**
 * Passes a stream through and settles its charge however it ends (finished, failed, the
 * caller hung up): with the usage the provider reported, else the text streamed so far.
 */
export async function* billed(
  batches: AsyncIterable<StreamEvent[]>,
  charge: Charge,
  onError: (err: unknown) => void,
): AsyncGenerator<StreamEvent[]> {
  const usage: Usage = { input: 0, output: 0 };
  let chars = 0;
  try {
    for await (const batch of batches) {
      for (const ev of batch) {
        if (ev.kind === 'text') chars += ev.text.length;
        else if (ev.kind === 'args') chars += ev.json.length;
        else if (ev.kind === 'usage') {
          if (ev.input !== undefined) usage.input = ev.input;
          if (ev.output !== undefined) usage.output = ev.output;
        }
      }
      yield batch;
    }
  } finally {
    charge.settle(usage, chars).catch(onError);
  }
}
