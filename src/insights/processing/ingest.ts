// The ingestion job kind: fetch the whole transcript from the tenant's platform, skip it
// when identical to what was analysed before (transcript hash), else analyse it and hand
// the write to the queue, which commits it with the fenced completion — a holder whose
// lease was taken over stores nothing. Fetching and analysing are at-least-once (another
// holder may repeat them); the stored insight is written exactly once per run that wins.
import type { Context } from '../../platform/context.js';
import { sha256 } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/index.js';
import { enqueue, type JobHandler, PermanentJobError } from '../../platform/jobs/index.js';
import type { Analyzer } from '../analysis/analyze.js';
import { PlatformError, type TranscriptMessage } from '../crm/client.js';
import type { PlatformFor } from '../crm/for-tenant.js';
import { saveInsight, storedHash } from '../results/store.js';
import type { InsightsSettings } from '../settings.js';
import { findTenant } from '../tenants/store.js';

export const INGEST_KIND = 'insights.ingest';

export interface IngestPayload {
  tenantId: string;
  sessionId: string;
}

export function transcriptHash(messages: TranscriptMessage[]): string {
  return sha256(JSON.stringify(messages.map((m) => [m.author, m.text])));
}

/** Writes the job (durably, before the caller answers). A job already waiting for the same conversation absorbs this one. */
export async function enqueueIngestion(
  db: Db,
  payload: IngestPayload,
  settings: InsightsSettings,
): Promise<void> {
  await enqueue(
    db,
    {
      kind: INGEST_KIND,
      payload,
      dedupKey: `${payload.tenantId}:${payload.sessionId}`,
      maxAttempts: settings.maxAttempts,
    },
    settings.now(),
  );
}

export function ingestionHandler(
  ctx: Context,
  deps: { analyzer: Analyzer; platform: PlatformFor; settings: InsightsSettings },
): JobHandler<IngestPayload> {
  return {
    kind: INGEST_KIND,
    async run(job, signal) {
      const { tenantId, sessionId } = job.payload;
      const tenant = await findTenant(ctx.db.kysely, tenantId);
      if (!tenant) throw new PermanentJobError('tenant_missing');
      const messages = await deps.platform(tenant).transcript(sessionId, signal);
      // The platform may answer before it has stored the messages of a just-closed session.
      if (messages.length === 0) throw new PlatformError('empty_transcript');
      const hash = transcriptHash(messages);
      if ((await storedHash(ctx.db.kysely, tenant.id, sessionId)) === hash)
        return { result: { outcome: 'unchanged' } };
      const analysis = await deps.analyzer.analyze(messages, { lastAttempt: job.attempt >= job.maxAttempts });
      if (signal.aborted) throw new PlatformError('aborted');
      const insight = { tenantId: tenant.id, sessionId, hash, messageCount: messages.length, analysis };
      return {
        result: { outcome: 'analysed' },
        effects: (trx) => saveInsight(trx, insight, deps.settings.now()),
      };
    },
  };
}
