// The key controls as a body or the CLI gives them (docs/accounts.md "Key controls"): each
// field absent leaves the control as it is, null clears it. One reading for the routes and
// the CLI, so that both accept and refuse the same values.
import type { KeyControls } from '../access/principal.js';
import { invalidKeyControls } from './errors.js';

export const MAX_BUDGET_USD = 1_000_000;
export const MAX_KEY_MODELS = 50;
const MAX_PER_MINUTE = 1_000_000_000;
const CONTROL = /\p{Cc}/u;

function budget(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_BUDGET_USD) {
    throw invalidKeyControls(
      `budgetUsd: informe um valor em dólares maior que zero e até ${MAX_BUDGET_USD}, ou null.`,
    );
  }
  // Micro-dollars, the unit every price and counter uses.
  return Math.round(value * 1_000_000);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (YYYY-MM-DD: 00:00 UTC of that day) or an ISO date-time, in the future. */
function expiry(value: unknown, now: number): number | null {
  if (value === null) return null;
  const at =
    typeof value !== 'string' || value.length > 40
      ? Number.NaN
      : Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(at))
    throw invalidKeyControls('expiresAt: informe uma data (AAAA-MM-DD) ou data e hora ISO 8601, ou null.');
  if (at <= now) throw invalidKeyControls('expiresAt: a data de expiração precisa estar no futuro.');
  return at;
}

function models(value: unknown): string[] | null {
  if (value === null) return null;
  const ok =
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= MAX_KEY_MODELS &&
    value.every((m) => typeof m === 'string' && m.trim() !== '' && m.length <= 100 && !CONTROL.test(m));
  if (!ok) throw invalidKeyControls(`models: informe de 1 a ${MAX_KEY_MODELS} nomes de modelo, ou null.`);
  return [...new Set((value as string[]).map((m) => m.trim()))];
}

function perMinute(field: string, value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_PER_MINUTE) {
    throw invalidKeyControls(`${field}: informe um número inteiro maior que zero, ou null.`);
  }
  return value;
}

/** The controls present in `body` (400 invalid_key_controls naming the first broken field). */
export function readControls(body: Record<string, unknown>, now: number): Partial<KeyControls> {
  const out: Partial<KeyControls> = {};
  if (body.budgetUsd !== undefined) out.budgetMicros = budget(body.budgetUsd);
  if (body.expiresAt !== undefined) out.expiresAt = expiry(body.expiresAt, now);
  if (body.models !== undefined) out.models = models(body.models);
  if (body.requestsPerMinute !== undefined)
    out.requestsPerMinute = perMinute('requestsPerMinute', body.requestsPerMinute);
  if (body.tokensPerMinute !== undefined)
    out.tokensPerMinute = perMinute('tokensPerMinute', body.tokensPerMinute);
  return out;
}
