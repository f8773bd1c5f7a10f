// Settings that keep a stalled dependency or a flood of connections from stopping a service
// (docs/security.md, "A stalled database" and "Connection floods").
import { DEFAULT_LOCK_WAIT_MS } from '../db/lock-wait.js';

/** Each service's listener, per serving process (platform/http/connections.ts). */
export interface ConnectionLimits {
  /** MAX_CONNECTIONS: open connections at once. */
  max: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: open connections from one address (trusted proxies excepted). */
  perAddress: number;
  /** HEADERS_TIMEOUT_SECONDS, in ms: from connecting (or the first byte) to the request's last header. */
  headersTimeoutMs: number;
  /** BODY_TIMEOUT_SECONDS, in ms: how long a request's body may take at any pace. */
  bodyTimeoutMs: number;
  /** BODY_MIN_BYTES_PER_SECOND: past the body timeout, the average a body must keep since its headers. */
  bodyMinRate: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  max: 4096,
  perAddress: 256,
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 30_000,
  bodyMinRate: 16_384,
};

export interface BoundsEnv {
  /** DATABASE_LOCK_WAIT_MS: how long a write waits for a lock another connection holds. */
  databaseLockWaitMs: number;
  connections: ConnectionLimits;
}

type Get = (name: string) => string | undefined;

export function readBoundsEnv(get: Get, problems: string[]): BoundsEnv {
  const whole = (name: string, fallback: number, min: number, max: number): number => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name}: expected a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return n;
  };
  const d = DEFAULT_CONNECTION_LIMITS;
  const max = whole('MAX_CONNECTIONS', d.max, 1, 1_000_000);
  const perAddress = whole('MAX_CONNECTIONS_PER_ADDRESS', Math.min(d.perAddress, max), 1, max);
  const headersSeconds = whole('HEADERS_TIMEOUT_SECONDS', d.headersTimeoutMs / 1000, 1, 300);
  const bodySeconds = whole('BODY_TIMEOUT_SECONDS', d.bodyTimeoutMs / 1000, 1, 300);
  const bodyMinRate = whole('BODY_MIN_BYTES_PER_SECOND', d.bodyMinRate, 1, 1_000_000_000);
  return {
    databaseLockWaitMs: whole('DATABASE_LOCK_WAIT_MS', DEFAULT_LOCK_WAIT_MS, 0, 600_000),
    connections: {
      max,
      perAddress,
      headersTimeoutMs: headersSeconds * 1000,
      bodyTimeoutMs: bodySeconds * 1000,
      bodyMinRate,
    },
  };
}
