// Worker-job settings with their defaults (SVC_CONFIG `workers`; docs/workers.md "Limits and waits").
import type { Config } from '../../platform/config/index.js';
import type { Wait } from './capabilities.js';

export interface WorkerSettings {
  waitMs: Record<Wait, number>;
  leaseMs: number;
  maxAttempts: number;
  maxPollMs: number;
  freshMs: number;
  resultTtlMs: number;
  queueTtlMs: number;
  /** How often a waiting request or long poll re-reads the database for other instances' writes. */
  pollMs: number;
}

/** JSON inputs (text routes). */
export const JSON_INPUT_MAX = 1024 * 1024;
/** Files (OCR, fidelity) and the JSON routes that carry media (image edits, compositions), base64 included. */
export const FILE_INPUT_MAX = 25 * 1024 * 1024;
export const MEDIA_JSON_MAX = 34 * 1024 * 1024;
/** A JSON result a worker hands back; binary results may be as large as a file input. */
export const JSON_RESULT_MAX = 8 * 1024 * 1024;
export const BINARY_RESULT_MAX = 25 * 1024 * 1024;

export function workerSettings(config: Config): WorkerSettings {
  const w = config.file.workers ?? {};
  const s = (v: number | undefined, d: number) => Math.round((v ?? d) * 1000);
  return {
    waitMs: {
      embeddings: s(w.waits?.embeddings, 120),
      speech: s(w.waits?.speech, 300),
      ocr: s(w.waits?.ocr, 180),
      none: 0,
    },
    leaseMs: s(w.lease_seconds, 60),
    maxAttempts: w.max_attempts ?? 3,
    maxPollMs: s(w.max_poll_seconds, 25),
    freshMs: s(w.fresh_seconds, 120),
    resultTtlMs: s(w.result_ttl_seconds, 86_400),
    queueTtlMs: s(w.queue_ttl_seconds, 3_600),
    pollMs: 200,
  };
}
