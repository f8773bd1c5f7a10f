// Policy and barrier: the cleaning that applies (orgs/cleaning-choice.ts: the principal's
// settings, tightened by what the caller asked), one cleaner over the whole conversation
// (one placeholder numbering), and the map that turns placeholders in the reply back into
// the original values when the principal wants that.
import type { Finding, PlaceholderLookup } from '../../privacy/index.js';
import { type CleaningAsk, cleanerFor } from '../orgs/cleaning-choice.js';
import { cleanConversation } from './barrier.js';
import type { Conversation } from '../models/types.js';
import type { Principal } from './principal.js';

export interface Screened {
  /** What may leave for the provider. */
  conversation: Conversation;
  findings: Finding[];
  /** The policy is `block` and something was found: nothing may leave. */
  blocked: boolean;
  /** Set when the reply's placeholders are to be restored. */
  restore: PlaceholderLookup | null;
}

export function screen(conv: Conversation, principal: Principal, asked: CleaningAsk = {}): Screened {
  const cleaner = cleanerFor(principal, asked);
  const conversation = cleanConversation(conv, cleaner);
  const restore =
    principal.restorePlaceholders && cleaner.policy === 'placeholder' && cleaner.map.size > 0
      ? cleaner.map
      : null;
  return { conversation, findings: cleaner.findings(), blocked: cleaner.blocked, restore };
}
