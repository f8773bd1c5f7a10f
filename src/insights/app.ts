// Area C: the conversation-insights service. Webhook routes answer the interface's exact bodies;
// other errors are `{error: <code>, message}`. The app owns the background work: the
// ingestion worker loop and the tag-cleanup scheduler start with it and stop on close, so
// SIGTERM drains requests and then the running jobs.
import type { Context } from '../platform/context.js';
import { createGatewayClient } from '../platform/gateway-client.js';
import { defaultGatewayTarget } from '../platform/identity/internal-key.js';
import { type App, createApp } from '../platform/http/app.js';
import { registerHealth } from '../platform/http/health.js';
import { registerOpenApi } from '../platform/http/openapi.js';
import { createTenantAuth, UNAUTHORIZED } from './tenants/auth.js';
import { JobRegistry, type Runner, startRunner } from '../platform/jobs/index.js';
import { createAnalyzer } from './analysis/analyze.js';
import { platformFor } from './crm/for-tenant.js';
import { ingestionHandler } from './processing/ingest.js';
import { registerResultRoutes } from './results/routes.js';
import { DEFAULT_SETTINGS, type InsightsSettings } from './settings.js';
import { startCleanupScheduler } from './tags/cleanup.js';
import { registerWebhookRoutes } from './webhooks/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    insights?: { worker: Runner; runCleanup(): Promise<void>; settings: InsightsSettings };
  }
}

export interface InsightsOptions {
  settings?: Partial<InsightsSettings>;
  /** false: no worker loop and no scheduler (the bench measures acceptance alone). */
  background?: boolean;
}

export async function createInsightsApp(ctx: Context, options: InsightsOptions = {}): Promise<App> {
  const log = ctx.logger.child({ service: 'insights' });
  const app = createApp({
    logger: log,
    envelopeFor: () => 'insights',
    trustedProxies: ctx.config.trustedProxies,
    connections: ctx.config.connections,
    service: 'insights',
  });
  await registerOpenApi(app, {
    title: 'svc insights',
    description:
      'Webhooks de insights de conversas: a plataforma envia eventos; os resultados da análise são lidos por conversa.',
    baseUrl: '/',
  });
  registerHealth(app, 'insights', ctx.db);
  const settings: InsightsSettings = {
    ...DEFAULT_SETTINGS,
    ...ctx.config.insights.tuning,
    ...options.settings,
  };
  const background = options.background ?? ctx.config.insights.background;
  const platform = platformFor(ctx, settings);
  const analyzer = createAnalyzer(createGatewayClient(defaultGatewayTarget(ctx)), log);

  const jobs = new JobRegistry().register(ingestionHandler(ctx, { analyzer, platform, settings }));
  const worker = background ? startRunner(ctx.db, jobs, settings, log) : undefined;
  const scheduler = background ? startCleanupScheduler(ctx, { platform, settings, log }) : undefined;

  const webhookAuth = createTenantAuth(ctx, { headersToo: false, body: UNAUTHORIZED });
  const readAuth = createTenantAuth(ctx, { headersToo: true, body: undefined });
  // Webhooks (POST) answer the exact 401 body of the insights contract; reads (GET) also take header credentials.
  app.guards.set('webhook', (request) => (request.method === 'POST' ? webhookAuth : readAuth)(request));
  registerWebhookRoutes(app, ctx, { settings, wake: () => worker?.wake() });
  registerResultRoutes(app, ctx);
  app.get(
    '/openapi.json',
    {
      config: { auth: 'none' },
      schema: { summary: 'Documento OpenAPI 3.1 desta API', tags: ['public'], hide: true },
    },
    async () => app.swagger(),
  );
  if (worker && scheduler) app.decorate('insights', { worker, runCleanup: scheduler.runNow, settings });

  app.addHook('onClose', async () => {
    await Promise.all([worker?.stop(), scheduler?.stop()]);
  });
  return app;
}
