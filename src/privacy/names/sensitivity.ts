// Name sensitivity as a setting: the values an organisation or a request may choose, and
// the rule that a request can only raise its organisation's choice (as with the policy).
import type { Sensitivity } from './detector.js';

export const SENSITIVITIES: readonly Sensitivity[] = ['balanced', 'strict'];

/** What an organisation gets when it has chosen nothing. */
export const DEFAULT_SENSITIVITY: Sensitivity = 'balanced';

export function isSensitivity(v: unknown): v is Sensitivity {
  return v === 'balanced' || v === 'strict';
}

/** The stricter of the organisation's sensitivity and the one a request asks for. */
export function strictestSensitivity(org: Sensitivity, requested?: Sensitivity | null): Sensitivity {
  return requested === 'strict' ? 'strict' : org;
}
