// Area C: the conversation-insights service. Webhook routes answer SPEC.md C's exact bodies;
// other errors are `{error: <code>, message}`. The app owns the background work: the
// ingestion worker loop and the tag-cleanup scheduler start with it and stop on close, so
// SIGTERM drains requests and then the running jobs.
import type { Context } from '../platform/context.js';
import { createGatewayClient } from '../platform/gateway-client.js';
import { defaultGatewayTarget } from '../platform/identity/internal-key.js';
import { type App, createApp } from '../platform/http/app.js';
import { registerHealth } from '../platform/http/health.js';
import { createAnalyzer } from './analysis.js';
import { ingest, platformFor } from './ingest.js';
import { registerInsightsRoutes } from './routes.js';
import { type InsightsSettings, settingsFrom } from './settings.js';
import { startCleanupScheduler } from './tag-queue.js';
import { startWorker, type Worker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    insights?: { worker: Worker; runCleanup(): Promise<void>; settings: InsightsSettings };
  }
}

export interface InsightsOptions {
  settings?: Partial<InsightsSettings>;
  /** false: no worker loop and no scheduler (the bench measures acceptance alone). */
  background?: boolean;
}

export async function createInsightsApp(ctx: Context, options: InsightsOptions = {}): Promise<App> {
  const log = ctx.logger.child({ service: 'insights' });
  const app = createApp({ logger: log, envelopeFor: () => 'insights' });
  registerHealth(app, 'insights');
  const settings = settingsFrom(process.env, options.settings);
  const background = options.background ?? process.env.INSIGHTS_BACKGROUND !== 'off';
  const platform = platformFor(ctx, settings);
  const analyzer = createAnalyzer(createGatewayClient(defaultGatewayTarget(ctx)), log);

  const worker = background
    ? startWorker(
        ctx.db,
        settings,
        (job, signal) => ingest(ctx, { analyzer, platform, settings }, job, signal),
        log,
      )
    : undefined;
  const scheduler = background ? startCleanupScheduler(ctx, { platform, settings, log }) : undefined;

  registerInsightsRoutes(app, ctx, { settings, wake: () => worker?.wake() });
  if (worker && scheduler) app.decorate('insights', { worker, runCleanup: scheduler.runNow, settings });

  app.addHook('onClose', async () => {
    await Promise.all([worker?.stop(), scheduler?.stop()]);
  });
  return app;
}
