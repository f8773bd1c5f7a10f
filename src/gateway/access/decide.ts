// The one access decision: every credential (an API key, including the paid calls made with
// one; the console's session in the playground) is turned into facts by its own look-up, and
// this function alone says whether those facts may call and with which settings. A refusal
// added here applies to every credential at once — written twice, two lists would drift.
import { cidrMatcher } from '../../platform/net.js';
import { barrierOf, DEFAULT_BARRIER, type StoredBarrier } from '../orgs/cleaning-choice.js';
import { callNeedsMfa, dpoCallsNoModel, notMember } from '../orgs/errors.js';
import { accountNotReleased } from '../sessions/errors.js';
import { keyExpired, networkNotAllowed, productDisabled, trialEnded } from './errors.js';
import type { KeyControls, Principal } from './principal.js';

/** The organisation's columns the decision reads (a row of `organizations`, or the key look-up's). */
export interface OrganizationFacts extends StoredBarrier {
  product_enabled: number | null;
  mfa_required: number | null;
  allowed_cidrs: string | null;
  released_models: string | null;
  restore_placeholders: number | null;
  requests_per_minute: number | null;
  monthly_quota: number | null;
  billing: string | null;
}

export interface AccessFacts {
  credential: 'key' | 'session';
  keyId: string;
  accountId: string;
  released: boolean;
  trialEndsAt: number | null;
  /** The account (the key's owner, or the signed-in person) has a second factor enrolled. */
  hasMfa: boolean;
  internal: boolean;
  organizationId: string | null;
  /** Null when organizationId is: the account alone. */
  organization: OrganizationFacts | null;
  /** False when a session asks for an organisation the person is not a member of. */
  member: boolean;
  /** The account's role in the organisation, when known (null: an account key, or no row). */
  role: string | null;
  /** The key's own controls; null for a session. */
  controls: KeyControls | null;
}

/** One compiled matcher per distinct allow-list, shared by every request. */
const matchers = new Map<string, (address: string) => boolean>();

function networkAllowed(cidrs: string, address: string): boolean {
  let matcher = matchers.get(cidrs);
  if (!matcher) {
    matcher = cidrMatcher(JSON.parse(cidrs) as string[]);
    matchers.set(cidrs, matcher);
  }
  return matcher(address);
}

/** The principal the facts allow, or the refusal (ApiError) in the documented order. */
export function decideAccess(facts: AccessFacts, address: string, now: number): Principal {
  const expiresAt = facts.controls?.expiresAt ?? null;
  if (expiresAt !== null && expiresAt <= now) {
    throw keyExpired();
  }
  if (!facts.released) throw accountNotReleased();
  if (facts.trialEndsAt !== null && facts.trialEndsAt <= now) {
    throw trialEnded();
  }
  const org = facts.organization;
  if (facts.organizationId !== null) {
    if (!facts.member || !org) throw notMember();
    // The dpo reads what the organisation did; it calls no model in the organisation's name,
    // with a session or with a key made before the role was given.
    if (facts.role === 'dpo') {
      throw dpoCallsNoModel();
    }
    if (org.product_enabled !== 1) {
      throw productDisabled();
    }
    // An organisation that requires a second factor accepts only members who have one.
    if (org.mfa_required === 1 && !facts.hasMfa) {
      throw callNeedsMfa(facts.credential);
    }
    if (org.allowed_cidrs && !networkAllowed(org.allowed_cidrs, address)) {
      throw networkNotAllowed();
    }
  }
  return {
    kind: facts.credential,
    keyId: facts.keyId,
    accountId: facts.accountId,
    organizationId: facts.organizationId,
    // The one reading of an organisation's barrier settings (orgs/cleaning-choice.ts);
    // an account alone gets the defaults.
    ...(org && facts.organizationId !== null ? barrierOf(org) : DEFAULT_BARRIER),
    releasedModels: org?.released_models ? (JSON.parse(org.released_models) as string[]) : null,
    restorePlaceholders: org?.restore_placeholders === 1,
    internal: facts.internal,
    requestsPerMinute: org?.requests_per_minute ?? null,
    monthlyQuota: org?.monthly_quota ?? null,
    billing: org?.billing === 'prepaid' ? 'prepaid' : 'free',
    controls: facts.controls,
  };
}
