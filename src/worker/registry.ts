// The reference worker's capabilities: one module each under capabilities/, listed here.
// A capability turns a leased job into a result; it never sees the lease token.
import type { FileConfig } from '../platform/config/index.js';
import { embeddings } from './capabilities/embeddings.js';
import { fidelity } from './capabilities/fidelity.js';
import { ocr } from './capabilities/ocr.js';
import { review } from './capabilities/review.js';
import { transcription } from './capabilities/transcription.js';
import type { JobResult, LeasedJob } from './client.js';

export interface RunContext {
  signal: AbortSignal;
  /** The gateway's base URL (svc.documents.review calls its chat route). */
  gateway: string;
  /** `workers.reference` of the config file (its schema: gateway/workers/config.ts). */
  config: NonNullable<NonNullable<FileConfig['workers']>['reference']>;
}

export interface WorkerCapability {
  name: string;
  /** Whether the worker's config lets it offer this capability (e.g. an upstream is named). */
  configured(config: RunContext['config']): boolean;
  run(job: LeasedJob, ctx: RunContext): Promise<JobResult>;
  /** Frees what the capability holds (an OCR engine) when the worker stops. */
  close?(): Promise<void>;
}

/** A failure with a code the worker reports to the gateway (`fail`), never content. */
export class CapabilityError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export const CAPABILITIES: readonly WorkerCapability[] = [
  embeddings,
  transcription,
  review,
  // Offline, on the CPU: pdf.js and page rendering from src/documents/, Tesseract through
  // capabilities/ocr-engine.ts.
  ocr,
  fidelity,
];

export const byName = (name: string) => CAPABILITIES.find((c) => c.name === name);
