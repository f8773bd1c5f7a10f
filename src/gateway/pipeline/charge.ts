// The charge step of the model pipeline (docs/payments.md "Paid calls"). For a principal
// of a prepaid organisation and a priced model: before the provider is called, hold the
// call's maximum cost (prompt estimate + max_tokens at the model's price) with
// billing/holds.ts, which chooses the wallet and collects an x402 payment; after the call,
// settle the real usage and return the difference — a failed call costs nothing, an
// aborted stream costs what was streamed.
import type { Context } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { COST_HEADERS } from '../billing/cost-headers.js';
import type { CreditHolds } from '../billing/holds.js';
import { formatUsd, settle } from '../billing/ledger.js';
import type { Payer } from '../billing/payer.js';
import type { Conversation, Usage } from '../models/types.js';
import type { CatalogueModel } from './catalogue.js';
import type { Bounded } from './max-tokens.js';
import type { Principal } from './principal.js';

/** Prompt tokens are estimated as UTF-8 bytes / 3 (real text runs about 4 bytes a token). */
const BYTES_PER_TOKEN = 3;

export interface OpenCharge {
  principal: Principal;
  model: CatalogueModel;
  /** The conversation as it goes upstream, its output bounded (max-tokens.ts). */
  conversation: Bounded;
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

/** A call is charged when a prepaid organisation calls a priced model. */
export function isCharged(principal: Principal, model: CatalogueModel): boolean {
  return principal.billing === 'prepaid' && principal.organizationId !== null && model.price !== undefined;
}

export class CallCharges {
  constructor(
    private readonly ctx: Context,
    private readonly holds: CreditHolds,
  ) {}

  /** Holds a charged call's maximum cost (the caller checked isCharged). */
  async open(input: OpenCharge): Promise<Charge> {
    const { principal, model, conversation: conv } = input;
    const price = model.price!;
    const inputTokens = estimateInputTokens(conv);
    const max = Math.max(1, costMicros(price, inputTokens, conv.maxTokens));
    const finalCost = (usage: Usage | undefined, chars = 0) => {
      const output = usage?.output || Math.ceil(chars / BYTES_PER_TOKEN);
      const input = usage?.input || (output > 0 ? inputTokens : 0);
      return Math.min(max, costMicros(price, input, output));
    };

    if (this.holds.mode === 'dev') {
      // dev: the call passes unpaid; the headers say what it would have cost.
      return {
        headers: { [COST_HEADERS.reserved]: formatUsd(max), [COST_HEADERS.simulated]: 'simulado' },
        settle: async (usage, chars) => ({ [COST_HEADERS.cost]: formatUsd(finalCost(usage, chars)) }),
      };
    }

    const held = await this.holds.hold({
      organizationId: principal.organizationId!,
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
}
