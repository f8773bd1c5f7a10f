// Policy and barrier: the stricter of the principal's policy (and name sensitivity) and the
// one asked for, one
// cleaner over the whole conversation (one placeholder numbering), and the map that turns
// placeholders in the reply back into the original values when the principal wants that.
import {
  createCleaner,
  type Finding,
  type PlaceholderLookup,
  type Policy,
  type Sensitivity,
  strictest,
  strictestSensitivity,
} from '../../privacy/index.js';
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

export function screen(
  conv: Conversation,
  principal: Principal,
  asked?: Policy,
  askedNames?: Sensitivity,
): Screened {
  const policy = strictest(principal.policy, asked);
  const nameSensitivity = strictestSensitivity(principal.nameSensitivity, askedNames);
  const cleaner = createCleaner({ policy, nameSensitivity });
  const conversation = cleanConversation(conv, cleaner);
  const restore =
    principal.restorePlaceholders && policy === 'placeholder' && cleaner.map.size > 0 ? cleaner.map : null;
  return { conversation, findings: cleaner.findings(), blocked: cleaner.blocked, restore };
}
