// Who is calling: the answer of the one access decision (decide.ts), whatever the credential.
import type { BarrierSettings } from '../orgs/cleaning-choice.js';

/**
 * The controls an API key may carry on top of its organisation's limits (docs/accounts.md
 * "Key controls"); null on a control means none. They apply wherever the key is the
 * credential — its own calls and the paid calls made with it; the tighter limit wins.
 */
export interface KeyControls {
  /** ms since the epoch; from that moment the key answers 401 `key_expired`. */
  expiresAt: number | null;
  /** The model names (catalogue ids or aliases) the key may call; null: every released model. */
  models: string[] | null;
  /** Micro-dollars per calendar month (UTC) the key's model calls may cost. */
  budgetMicros: number | null;
  requestsPerMinute: number | null;
  tokensPerMinute: number | null;
}

/**
 * Who is calling a `/v1` route (or the console's playground), and the organisation settings
 * that apply: its barrier settings (policy; name sensitivity, which a request may raise with
 * X-SVC-Nomes; the categories masked) are what orgs/cleaning-choice.ts chooses from.
 */
export interface Principal extends BarrierSettings {
  /**
   * `key` is an API key, `session` the console's signed-in session acting in an
   * organisation's settings (its `keyId` is `console:<account>:<organisation|pessoal>`, so
   * its usage and per-minute count stand apart from any key's).
   */
  kind: 'key' | 'session';
  keyId: string;
  accountId: string;
  organizationId: string | null;
  releasedModels: string[] | null;
  restorePlaceholders: boolean;
  /** The organisation's per-minute limit (per key); the key's own is in `controls`. */
  requestsPerMinute: number | null;
  monthlyQuota: number | null;
  /** `prepaid`: model calls spend credit (docs/payments.md "Paid calls"); account keys are `free`. */
  billing?: 'free' | 'prepaid';
  /** The internal service key of the contracts and insights services (platform/identity/internal-key.ts). */
  internal: boolean;
  /** The key's own controls; absent or null for a session. */
  controls?: KeyControls | null;
}
