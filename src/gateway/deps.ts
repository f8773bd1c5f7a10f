// The gateway's shared services, built once per app and handed to the route registrars
// that need them: one object passed down, instead of registries keyed by context that
// any module could reach.
import type { Context } from '../platform/context.js';
import { createDocumentReaders, type DocumentReaders, type ReaderOptions } from './extract/readers.js';
import { Limits } from './limits/index.js';
import { Catalogue } from './pipeline/catalogue.js';
import { CreditHolds } from './billing/holds.js';
import { CallCharges } from './pipeline/charge.js';
import { ModelPipeline, type UpstreamOptions } from './pipeline/index.js';
import { JobBilling } from './workers/charges.js';
import { noCharges, WorkerJobs } from './workers/service.js';
import { workerSettings } from './workers/settings.js';
import { CallLogWriter } from './calls/writer.js';
import { startCallLogPurge } from './calls/retention.js';

export interface GatewayDeps {
  ctx: Context;
  /** One set of counters for the per-minute hook and for quotas and usage on model calls. */
  limits: Limits;
  catalogue: Catalogue;
  /** The only way to a model: runModel. */
  models: ModelPipeline;
  /** Credit held for prepaid spends; absent when payments are not configured. */
  credit?: CreditHolds;
  /** The OCR and PDF pools, caps and deadline of every route that reads a file. */
  documents: DocumentReaders;
  /** Worker jobs (the preview capabilities): submit, wait, the worker protocol. */
  workerJobs: WorkerJobs;
  /** The clock of time-dependent rules (telemetry days, showcase staleness); tests set it. */
  now: () => number;
  /** The request log's batched writer (gateway/calls). */
  calls: CallLogWriter;
  /** Stops this instance's hourly purge of the request log. */
  stopPurge: () => void;
}

export function createGatewayDeps(
  ctx: Context,
  options: { upstream?: UpstreamOptions; now?: () => number; documents?: ReaderOptions } = {},
): GatewayDeps {
  const limits = new Limits(ctx);
  const documents = createDocumentReaders(ctx.config.file.extraction, options.documents);
  const catalogue = new Catalogue(ctx.config.file);
  const payments = ctx.config.file.payments;
  const credit = payments && new CreditHolds(ctx, payments);
  const models = new ModelPipeline({
    catalogue,
    limits,
    logger: ctx.logger,
    upstream: options.upstream,
    charges: credit && new CallCharges(ctx, credit),
    transcription: ctx.config.file.transcription,
    documents,
  });
  const workerJobs = new WorkerJobs(
    ctx.db,
    workerSettings(ctx.config),
    credit ? new JobBilling(ctx, payments, credit) : noCharges,
    ctx.logger.child({ area: 'workers' }),
  );
  const now = options.now ?? Date.now;
  const calls = new CallLogWriter(ctx.db, ctx.logger.child({ area: 'calls' }));
  const stopPurge = startCallLogPurge(ctx.db.kysely, ctx.logger.child({ area: 'calls' }), now);
  return { ctx, limits, catalogue, models, credit, documents, workerJobs, now, calls, stopPurge };
}

/** Upstream pools first (a stream cut short records its usage), then the usage still in memory. */
export async function closeGatewayDeps(deps: GatewayDeps): Promise<void> {
  await deps.models.close();
  deps.stopPurge();
  await deps.calls.close();
  await deps.credit?.close();
  await deps.limits.close();
  await deps.documents.close();
}
