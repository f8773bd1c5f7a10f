// Tunables of the insights background work. Defaults suit production; tests and benches
// shorten them (INSIGHTS_* variables, read by the platform's configuration, or options passed in-process).
import { backoffMs } from '../platform/jobs/index.js';

export interface InsightsSettings {
  /** How often an idle worker looks for jobs other instances wrote (ms). */
  pollMs: number;
  /** Jobs processed at once per process. */
  concurrency: number;
  /** How long a claimed job belongs to its worker before another may take it over (ms). */
  leaseMs: number;
  /** How often a running job's lease is extended (ms); a third of the lease by default. */
  heartbeatMs?: number;
  /** Attempts before a job is marked failed. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt up to maxBackoffMs (ms). */
  backoffMs: number;
  maxBackoffMs: number;
  /** Timeout of one call to the conversation platform (ms). */
  platformTimeoutMs: number;
  /** How often the tag-cleanup scheduler sweeps for due rows (ms). */
  cleanupTickMs: number;
  /** Attempts per queued tag before it is reported failed. */
  cleanupMaxAttempts: number;
  /** Clock, replaceable in tests. */
  now: () => number;
}

export const DEFAULT_SETTINGS: InsightsSettings = {
  pollMs: 500,
  concurrency: 4,
  leaseMs: 60_000,
  maxAttempts: 8,
  backoffMs: 2_000,
  maxBackoffMs: 10 * 60_000,
  platformTimeoutMs: 10_000,
  cleanupTickMs: 60_000,
  cleanupMaxAttempts: 10,
  now: Date.now,
};

/** Delay before attempt n+1 after n failed attempts (the job queue's rule, with these settings). */
export const backoff = (settings: InsightsSettings, attempts: number): number =>
  backoffMs(attempts, settings.backoffMs, settings.maxBackoffMs);
