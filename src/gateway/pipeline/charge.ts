// The charge step of the model pipeline (docs/payments.md "Paid calls"). For a principal
// of a prepaid organisation and a priced model: before the provider is called, hold the
// call's expected maximum (the prompt's token count + max_tokens at the model's price) with
// billing/holds.ts, which chooses the wallet and collects an x402 payment; after the call,
// settle at the vendor's reported usage — the difference comes back, or usage beyond the
// reservation is drawn from the balance down to zero and any rest is the house's loss. A
// failed call costs nothing, an aborted stream costs what was streamed. An embeddings call
// is the same with no output: its hold is its input's token count at the input price.
import type { Context } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { inSpan } from '../../platform/tracing/index.js';
import { COST_HEADERS } from '../billing/cost-headers.js';
import type { CreditHolds } from '../billing/holds.js';
import { formatUsd, settle } from '../billing/ledger.js';
import type { Payer } from '../billing/payer.js';
import type { Usage } from '../models/types.js';
import type { CatalogueModel } from './catalogue.js';
import { warmTokenizer } from './input-tokens.js';
import type { Principal } from './principal.js';

/** Output of a stream cut before its usage arrived: characters / 3 (real text runs about 4 a token). */
const CHARS_PER_TOKEN = 3;

export interface OpenCharge {
  principal: Principal;
  model: CatalogueModel;
  /** Counted on what goes upstream (input-tokens.ts). */
  inputTokens: number;
  /** The call's output bound (max-tokens.ts); 0 for embeddings. */
  maxOutputTokens: number;
  payer?: Payer;
  /** The URL the call was made to, for the x402 quote. */
  resource?: string;
}

/** A reserved call: settle it once with its usage (or the text it streamed). */
export interface Charge {
  /** Headers to send now (for a stream, before its first byte). */
  headers: Record<string, string>;
  settle(usage: Usage | undefined, streamedChars?: number): Promise<Record<string, string>>;
}

export function costMicros(
  price: NonNullable<CatalogueModel['price']>,
  input: number,
  output: number,
): number {
  // USD per million tokens is micro-dollars per token.
  return Math.ceil(input * price.input_per_mtok_usd + output * price.output_per_mtok_usd);
}

/** What a call cost at the model's catalogue price, in micro-dollars (0 for an unpriced model). */
export function priceOf(model: Pick<CatalogueModel, 'price'>, usage: Usage): number {
  return model.price ? costMicros(model.price, usage.input, usage.output) : 0;
}

/** A call is charged when a prepaid organisation calls a priced model. */
export function isCharged(principal: Principal, model: CatalogueModel): boolean {
  return principal.billing === 'prepaid' && principal.organizationId !== null && model.price !== undefined;
}

export class CallCharges {
  /** Reserved calls not settled yet: a shutdown settles them before storage closes. */
  readonly #unsettled = new Set<Charge>();

  constructor(
    private readonly ctx: Context,
    private readonly holds: CreditHolds,
  ) {
    // Priced models mean charged calls: the tokenizer loads now rather than on the first call.
    if (ctx.config.file.models?.some((m) => m.price))
      warmTokenizer().catch((err: Error) => ctx.logger.warn({ err: err.name }, 'tokenizer not loaded'));
  }

  /**
   * Calls cut short by a shutdown settle as their streams end (with what they streamed);
   * given a moment for that, any still open are released at zero cost, rather than held
   * until the abandoned-reservation sweep.
   */
  async close(waitMs = 5_000): Promise<void> {
    const deadline = Date.now() + waitMs;
    while (this.#unsettled.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await Promise.allSettled([...this.#unsettled].map((c) => c.settle(undefined, 0)));
  }

  /** Holds a charged call's maximum cost (the caller checked isCharged). */
  async open(input: OpenCharge): Promise<Charge> {
    const { principal, model, inputTokens, maxOutputTokens } = input;
    const price = model.price!;
    const max = Math.max(1, costMicros(price, inputTokens, maxOutputTokens));
    // The vendor's reported usage, uncapped: the reservation only sized the hold.
    const finalCost = (usage: Usage | undefined, chars = 0) => {
      const output = usage?.output || Math.ceil(chars / CHARS_PER_TOKEN);
      const input = usage?.input || (output > 0 ? inputTokens : 0);
      return costMicros(price, input, output);
    };

    if (this.holds.mode === 'dev') {
      // dev: the call passes unpaid; the headers say what it would have cost.
      return {
        headers: { [COST_HEADERS.reserved]: formatUsd(max), [COST_HEADERS.simulated]: 'simulado' },
        settle: async (usage, chars) => ({ [COST_HEADERS.cost]: formatUsd(finalCost(usage, chars)) }),
      };
    }

    const held = await inSpan('credit.reserve', { 'svc.credit.micros': max }, () =>
      this.holds.hold({
        organizationId: principal.organizationId!,
        payer: input.payer,
        micros: max,
        reference: newId('call'),
        source: 'call',
        resource: model.id,
        resourceUrl: input.resource ?? `${this.ctx.config.publicOrigin}/v1`,
        description:
          model.kind === 'embedding'
            ? `Embeddings com o modelo ${model.id} (${inputTokens} tokens de entrada)`
            : `Chamada ao modelo ${model.id} (no máximo ${maxOutputTokens} tokens de saída)`,
      }),
    );
    let settled: Promise<Record<string, string>> | undefined;
    const charge: Charge = {
      headers: held.headers,
      settle: (usage, chars) => {
        settled ??= inSpan('credit.settle', undefined, () =>
          settle(this.ctx.db, {
            reservation: held.reservation,
            actualMicros: finalCost(usage, chars),
            beyondReservation: true,
          }),
        )
          .then((s) => ({
            [COST_HEADERS.cost]: formatUsd(s.charged),
            [COST_HEADERS.balance]: formatUsd(s.balance),
          }))
          .finally(() => this.#unsettled.delete(charge));
        return settled;
      },
    };
    this.#unsettled.add(charge);
    return charge;
  }
}

/** A call that failed before answering costs nothing: its reservation is settled at zero. */
export function refund(charge: Charge | undefined) {
  return async (err: unknown): Promise<never> => {
    await charge?.settle(undefined, 0);
    throw err;
  };
}
