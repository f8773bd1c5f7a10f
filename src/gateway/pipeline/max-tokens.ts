// The output bound of a charged call: a prepaid call that named no max_tokens gets one, so
// that the credit it holds bounds what it can cost (docs/payments.md "Paid calls"). Calls
// that are not charged go upstream as the caller wrote them.
import type { Conversation } from '../models/types.js';
import { DEFAULT_MAX_TOKENS } from '../models/output-bound.js';
import type { CatalogueModel } from './catalogue.js';

export type Bounded = Conversation & { maxTokens: number };

/** The conversation with its max_tokens, the default (within the model's window) when it named none. */
export function boundOutput(conv: Conversation, model: CatalogueModel): Bounded {
  if (conv.maxTokens !== undefined) return conv as Bounded;
  return { ...conv, maxTokens: Math.min(DEFAULT_MAX_TOKENS, model.context_window) };
}
