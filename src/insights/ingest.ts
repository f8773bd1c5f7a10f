// One ingestion job: fetch the whole transcript from the tenant's platform, skip it when
// identical to what was analysed before (transcript hash), else analyse and store.
import type { Context } from '../platform/context.js';
import { sha256 } from '../platform/crypto.js';
import type { Analyzer } from './analysis.js';
import type { ClaimedJob } from './jobs.js';
import {
  createPlatformClient,
  PlatformError,
  type PlatformClient,
  type TranscriptMessage,
} from './platform.js';
import type { InsightsSettings } from './settings.js';
import { saveInsight, storedHash } from './store.js';
import { findTenant, platformToken, type Tenant } from './tenants.js';

/** A failure that retrying cannot fix: the job fails at once. */
export class PermanentJobError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export function transcriptHash(messages: TranscriptMessage[]): string {
  return sha256(JSON.stringify(messages.map((m) => [m.author, m.text])));
}

export type PlatformFor = (tenant: Tenant) => PlatformClient;

export function platformFor(ctx: Context, settings: InsightsSettings): PlatformFor {
  return (tenant) => {
    const token = platformToken(ctx, tenant);
    if (!tenant.platformUrl || !token) throw new PermanentJobError('platform_not_configured');
    return createPlatformClient({
      baseUrl: tenant.platformUrl,
      token,
      timeoutMs: settings.platformTimeoutMs,
    });
  };
}

export async function ingest(
  ctx: Context,
  deps: { analyzer: Analyzer; platform: PlatformFor; settings: InsightsSettings },
  job: ClaimedJob,
  signal: AbortSignal,
): Promise<'analysed' | 'unchanged'> {
  const tenant = await findTenant(ctx.db.kysely, job.tenant_id);
  if (!tenant) throw new PermanentJobError('tenant_missing');
  const messages = await deps.platform(tenant).transcript(job.session_id, signal);
  // The platform may answer before it has stored the messages of a just-closed session.
  if (messages.length === 0) throw new PlatformError('empty_transcript');
  const hash = transcriptHash(messages);
  if ((await storedHash(ctx.db, tenant.id, job.session_id)) === hash) return 'unchanged';
  const analysis = await deps.analyzer.analyze(messages, {
    lastAttempt: job.attempts >= deps.settings.maxAttempts,
  });
  if (signal.aborted) throw new PlatformError('aborted');
  await saveInsight(
    ctx.db,
    {
      tenantId: tenant.id,
      sessionId: job.session_id,
      hash,
      messageCount: messages.length,
      analysis,
    },
    deps.settings.now(),
  );
  return 'analysed';
}
