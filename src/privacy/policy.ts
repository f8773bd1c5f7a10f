// Policies and the text that replaces a value under each of them.
import { type Category, LABEL } from './registry.js';
import type { Policy } from './types.js';

const RANK: Record<Policy, number> = { placeholder: 0, redact: 1, block: 2 };

export const POLICIES: readonly Policy[] = ['placeholder', 'redact', 'block'];

export function isPolicy(v: unknown): v is Policy {
  return v === 'placeholder' || v === 'redact' || v === 'block';
}

/** The stricter of the organisation's policy and the one a request asks for: a request can only raise it. */
export function strictest(orgPolicy: Policy, requested?: Policy | null): Policy {
  if (requested == null) return orgPolicy;
  return RANK[requested] > RANK[orgPolicy] ? requested : orgPolicy;
}

/**
 * Under `redact` the value is replaced by a marker that says what was there, without a
 * number: the text stays readable for a model ("ligue para [TELEFONE removido]") while
 * two redacted values cannot be told apart or linked.
 */
export function redactMarker(category: Category): string {
  return `[${LABEL[category]} removido]`;
}
