// The per-key controls that depend on the call (the decision, decide.ts, already refused an
// expired key): the models the key may call, its tokens per minute and its monthly budget.
// The counters are the organisation limits' own (limits/counters.ts: Redis when REDIS_URL is
// set, else the database), so every instance sees the same spend.
import { budgetExceeded, modelNotAllowed, tokenRateLimited } from './errors.js';
import type { Principal } from './principal.js';

/** The part of limits/counters.ts these checks use (declared here: limits depends on access). */
export interface Counters {
  add(key: string, by: number, expiresAt: number): Promise<number>;
  get(key: string): Promise<number>;
}

const MINUTE = 60_000;

/** The month's window (UTC) a budget counts in, and when the next one starts. */
export function monthOf(now: number): { month: string; end: number } {
  const d = new Date(now);
  return { month: d.toISOString().slice(0, 7), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
}

export const spendCounter = (keyId: string, now: number) => `spend:${keyId}:${monthOf(now).month}`;
const tokenCounter = (keyId: string, minute: number) => `tpm:${keyId}:${minute}`;

/** Whether the key may call this model (by id or alias); a key without a list may call any. */
export function keyAllows(principal: Principal, model: { id: string; aliases?: readonly string[] }): boolean {
  const allowed = principal.controls?.models;
  if (!allowed) return true;
  return allowed.includes(model.id) || (model.aliases?.some((a) => allowed.includes(a)) ?? false);
}

/** 403 model_not_allowed when the key names its models and this one is not among them. */
export function assertModelAllowed(
  principal: Principal,
  model: { id: string; aliases?: readonly string[] },
): void {
  if (!keyAllows(principal, model)) throw modelNotAllowed();
}

/** The key's requests per minute where tighter than the organisation's (or the default). */
export function requestsPerMinute(principal: Principal, fallback: number): number {
  const org = principal.requestsPerMinute ?? fallback;
  const own = principal.controls?.requestsPerMinute ?? null;
  return own === null ? org : Math.min(org, own);
}

const seconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

const overBudget = (now: number) => budgetExceeded(seconds(monthOf(now).end - now));

// Calls in flight hold their maximum cost in a counter of a ten-minute window: a call that
// never says it ended (a process killed mid-call) stops counting after two windows at most,
// and no call lasts longer than one (the request timeout is five minutes).
const HOLD_WINDOW = 10 * MINUTE;
const holdCounter = (keyId: string, window: number) => `hold:${keyId}:${window}`;

/**
 * Before a budgeted key's call goes upstream: holds `micros` (what it can cost at most) until
 * the returned release, and refuses it when the month's spend and the other calls in flight
 * already reach the budget. Every instance sees every hold, so calls that start together
 * cannot all pass on a spend none of them has written yet: the month ends at most one call
 * over. The call's own hold is not counted against it, so a single call larger than what
 * remains still passes while anything remains. Release after the call's spend is recorded.
 */
export async function holdSpend(
  counters: Counters,
  principal: Principal,
  micros: number,
  now: number,
): Promise<() => Promise<void>> {
  const budget = principal.controls?.budgetMicros ?? null;
  if (budget === null || micros <= 0) return async () => {};
  const window = Math.floor(now / HOLD_WINDOW);
  const key = holdCounter(principal.keyId, window);
  const expiresAt = (window + 2) * HOLD_WINDOW;
  // Holds are read before the spend: a call that finishes in between writes its spend before
  // it drops its hold, so it is seen at least once, never missed.
  const [held, earlier] = await Promise.all([
    counters.add(key, micros, expiresAt),
    counters.get(holdCounter(principal.keyId, window - 1)),
  ]);
  const release = async () => {
    await counters.add(key, -micros, expiresAt);
  };
  const spent = await counters.get(spendCounter(principal.keyId, now));
  if (spent + earlier + held - micros >= budget) {
    await release();
    throw overBudget(now);
  }
  return release;
}

/**
 * Before a model call: 429 once the key's tokens this minute reached its limit, or its
 * spend this month reached its budget. Throws the counter store's error to the caller,
 * which decides whether to fail open (limits/index.ts).
 */
export async function checkKeyControls(counters: Counters, principal: Principal, now: number): Promise<void> {
  const c = principal.controls;
  if (!c) return;
  if (c.tokensPerMinute !== null) {
    const minute = Math.floor(now / MINUTE);
    const used = await counters.get(tokenCounter(principal.keyId, minute));
    if (used >= c.tokensPerMinute) {
      const wait = seconds((minute + 1) * MINUTE - now);
      throw tokenRateLimited(c.tokensPerMinute, wait);
    }
  }
  if (c.budgetMicros !== null) {
    const spent = await counters.get(spendCounter(principal.keyId, now));
    if (spent >= c.budgetMicros) throw overBudget(now);
  }
}

/**
 * After a model call: its tokens into the key's minute and its cost into the key's month.
 * Written at once, not batched: the next call, on any instance, must see this one's spend.
 */
export async function recordKeyUse(
  counters: Counters,
  principal: Principal,
  tokens: number,
  costMicros: number,
  now: number,
): Promise<void> {
  const c = principal.controls;
  if (!c) return;
  if (c.tokensPerMinute !== null && tokens > 0) {
    const minute = Math.floor(now / MINUTE);
    await counters.add(tokenCounter(principal.keyId, minute), tokens, (minute + 2) * MINUTE);
  }
  if (c.budgetMicros !== null && costMicros > 0) {
    await counters.add(spendCounter(principal.keyId, now), costMicros, monthOf(now).end + 86_400_000);
  }
}
