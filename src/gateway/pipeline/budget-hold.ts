// Which calls hold their maximum cost against a key's monthly budget while in flight
// (access/controls.ts holdSpend): a key with a budget calling a priced model. A prepaid
// organisation's call also holds its credit (charge.ts); the two bound different things.
import type { CatalogueModel } from './catalogue.js';
import type { Principal } from './principal.js';

export const NOTHING_HELD = async (): Promise<void> => {};

export function isBudgeted(principal: Principal, model: Pick<CatalogueModel, 'price'>): boolean {
  return principal.controls?.budgetMicros != null && model.price !== undefined;
}
