// INSIGHTS_* variables: the tunables of the insights background work (docs/configuration.md).
// Unset ones keep the service's defaults; a bad value is a start-up error, not ignored.

/** Milliseconds and counts; the insights service merges them over its defaults. */
export interface InsightsTuning {
  pollMs?: number;
  concurrency?: number;
  leaseMs?: number;
  heartbeatMs?: number;
  maxAttempts?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  platformTimeoutMs?: number;
  cleanupTickMs?: number;
}

export interface InsightsEnv {
  tuning: InsightsTuning;
  /** INSIGHTS_BACKGROUND=off: no worker loop and no cleanup scheduler in this process. */
  background: boolean;
}

const TUNING: Record<string, keyof InsightsTuning> = {
  INSIGHTS_POLL_MS: 'pollMs',
  INSIGHTS_CONCURRENCY: 'concurrency',
  INSIGHTS_LEASE_MS: 'leaseMs',
  INSIGHTS_HEARTBEAT_MS: 'heartbeatMs',
  INSIGHTS_MAX_ATTEMPTS: 'maxAttempts',
  INSIGHTS_BACKOFF_MS: 'backoffMs',
  INSIGHTS_MAX_BACKOFF_MS: 'maxBackoffMs',
  INSIGHTS_PLATFORM_TIMEOUT_MS: 'platformTimeoutMs',
  INSIGHTS_CLEANUP_TICK_MS: 'cleanupTickMs',
};

export const INSIGHTS_VARIABLES = [...Object.keys(TUNING), 'INSIGHTS_BACKGROUND'];

export function readInsightsEnv(get: (name: string) => string | undefined, problems: string[]): InsightsEnv {
  const tuning: InsightsTuning = {};
  for (const [name, key] of Object.entries(TUNING)) {
    const raw = get(name);
    if (raw === undefined) continue;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || !Number.isSafeInteger(n)) {
      problems.push(`${name}: expected a whole number of at least 1, got "${raw}"`);
      continue;
    }
    tuning[key] = n;
  }
  const raw = get('INSIGHTS_BACKGROUND') ?? 'on';
  if (raw !== 'on' && raw !== 'off') problems.push(`INSIGHTS_BACKGROUND: expected on or off, got "${raw}"`);
  return { tuning, background: raw !== 'off' };
}
