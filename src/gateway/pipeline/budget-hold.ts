// What a call holds before the provider is called: a prepaid organisation's call holds its
// maximum cost in credit (charge.ts), and a key with a monthly budget holds it against the
// budget (access/controls.ts holdSpend) — the two bound different things and a call may do
// both. Whatever happens next, the holds are given back once: settled with the usage, or
// released and refunded when the call fails.
import type { Logger } from '../../platform/logger.js';
import type { Limits } from '../limits/index.js';
import type { CatalogueModel } from './catalogue.js';
import { type CallCharges, type Charge, type OpenCharge, isCharged, priceOf, refund } from './charge.js';
import type { Principal } from './principal.js';

export function isBudgeted(principal: Principal, model: Pick<CatalogueModel, 'price'>): boolean {
  return principal.controls?.budgetMicros != null && model.price !== undefined;
}

/** Whether the call holds anything, so its size must be counted first. */
export const holdsCost = (charges: CallCharges | undefined, principal: Principal, model: CatalogueModel) =>
  (charges !== undefined && isCharged(principal, model)) || isBudgeted(principal, model);

export interface Held {
  charge?: Charge;
  /** Gives the budget hold back; after the call's spend is recorded, or when it failed. */
  release(): Promise<void>;
  /** For a failed call: releases, refunds the charge, rethrows. */
  failed(err: unknown): Promise<never>;
}

const release = async (): Promise<void> => {};
export const NOTHING_HELD: Held = { release, failed: refund(undefined) };

/** Holds the call's maximum cost (the caller checked holdsCost and counted its size). */
export async function holdCost(
  deps: { limits: Limits; charges?: CallCharges },
  call: OpenCharge,
  log: Pick<Logger, 'warn'>,
): Promise<Held> {
  const { principal, model } = call;
  const most = priceOf(model, { input: call.inputTokens, output: call.maxOutputTokens });
  const release = isBudgeted(principal, model)
    ? await deps.limits.holdSpend(principal, most, log)
    : NOTHING_HELD.release;
  let charge: Charge | undefined;
  if (deps.charges && isCharged(principal, model)) {
    charge = await deps.charges.open(call).catch(async (err) => {
      await release();
      throw err;
    });
  }
  return {
    charge,
    release,
    failed: async (err) => {
      await release();
      return refund(charge)(err);
    },
  };
}
