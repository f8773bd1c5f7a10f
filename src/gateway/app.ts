// Area A: the gateway service. Each concern registers its routes from its own folder.
import type { Context } from '../platform/context.js';
import { type App, createApp } from '../platform/http/app.js';
import type { EnvelopeKind } from '../platform/http/errors.js';
import { registerOpenApi } from '../platform/http/openapi.js';
import { tokenGuard } from '../platform/http/token-guard.js';
import { databaseDependency } from '../platform/http/readiness.js';
import { deriveKey } from '../platform/secret.js';
import { watchLedger } from './billing/metrics.js';
import { registerCallLog } from './calls/hook.js';
import { registerCallRoutes } from './calls/routes.js';
import { closeGatewayDeps, createGatewayDeps, type GatewayDeps } from './deps.js';
import { createKeyAuth } from './keys/auth.js';
import { registerExtractRoutes } from './extract/routes.js';
import { registerModelRoutes } from './completions/routes.js';
import { registerCountTokensRoute } from './completions/count-tokens.js';
import { registerEmbeddingsRoutes } from './embeddings/routes.js';
import { registerPrivacyRoutes } from './privacy/routes.js';
import { registerAccountRoutes } from './accounts/routes.js';
import { registerKeyRoutes } from './keys/routes.js';
import { registerOrganizationRoutes } from './orgs/routes.js';
import { registerUsageRoutes } from './usage/routes.js';
import { registerSessionScope, scopeDeps } from './sessions/scope.js';
import { registerPlaygroundRoutes } from './playground/routes.js';
import { registerPublicRoutes } from './public/routes.js';
import { registerCreditRoutes } from './billing/routes.js';
import { registerPaymentDiscovery } from './billing/discovery-routes.js';
import { registerOrganizationBalanceRoutes } from './billing/org-balance-routes.js';
import { registerPixRoutes } from './billing/pix/routes.js';
import { registerAsaasRoutes } from './billing/asaas/routes.js';
import { registerWorkerRoutes } from './workers/index.js';
import { registerTranscriptionRoutes } from './transcription/routes.js';
import { registerMcpRoutes } from './mcp/routes.js';
import { registerContactRoutes } from './contact/routes.js';
import { registerDemoRoutes } from './demo/routes.js';
import { McpCatalogue } from './mcp/tools.js';
import { registerShowcase } from './showcase/index.js';
import { dailyTotals } from './billing/ledger.js';
import { surfaceCounter, tally } from './telemetry/counters.js';
import { createTelemetry, registerTelemetry } from './telemetry/index.js';
import { registerConsoleRoutes } from './console/routes.js';

/** `/v1/messages` speaks the vendor messages format; the rest of `/v1` the chat-completions format. */
export function gatewayEnvelope(path: string): EnvelopeKind {
  if (path.startsWith('/v1/messages')) return 'anthropic';
  if (path.startsWith('/v1/')) return 'openai';
  return 'api';
}

/** `deps` (built here unless given) live as long as the app: closing the app closes them. */
export async function createGatewayApp(
  ctx: Context,
  deps: GatewayDeps = createGatewayDeps(ctx),
): Promise<App> {
  const app = createApp({
    logger: ctx.logger.child({ service: 'gateway' }),
    envelopeFor: gatewayEnvelope,
    trustedProxies: ctx.config.trustedProxies,
    connections: ctx.config.connections,
    service: 'gateway',
    ownerOf: (request) => request.principal && { organization: request.principal.organizationId ?? null },
  });
  await registerOpenApi(app, {
    title: 'svc gateway',
    description:
      'Gateway de privacidade para IA: barreira de dados pessoais, rotas de modelos, contas e chaves.',
    baseUrl: ctx.config.publicOrigin,
  });
  // The guards of the gateway's schemes (the platform applies them before the body is read,
  // so an unauthenticated caller learns nothing about validation); `session` is registered
  // with the session scope below.
  const keyAuth = createKeyAuth(ctx);
  // Requests per minute per key, right after the key is known (src/gateway/limits).
  const { limits } = deps;
  app.addHook('onClose', () => closeGatewayDeps(deps));
  watchLedger(ctx.db); // the ledger gauges of GET /metrics (when METRICS_PORT is set)
  app.guards.set('key', async (request, reply) => {
    await keyAuth(request, reply);
    await limits.perMinute(request, reply);
  });
  app.guards.set('operator', tokenGuard('OPERATOR_TOKEN', ctx.config.operatorToken));
  app.guards.set('worker', tokenGuard('WORKER_TOKEN', ctx.config.workerToken));
  const mcpTools = new McpCatalogue(deps.catalogue);
  const redis = limits.counters.ping && { name: 'redis', check: () => limits.counters.ping!() };
  // Before every route that can answer 402: the hook adds how-to-pay to each quote.
  registerPaymentDiscovery(app, ctx);
  registerCallLog(app, deps.calls, deps.now);
  registerPublicRoutes(app, {
    dependencies: [databaseDependency(ctx.db), ...(redis ? [redis] : [])],
    baseUrl: ctx.config.publicOrigin,
    mcpTools: () => mcpTools.names(),
    onSurfaceRead: (surface) => tally(ctx.db, ctx.logger, surfaceCounter(surface), deps.now()),
  });
  // The session-scoped routes: one scope, one error handler (sessions/scope.ts).
  const session = scopeDeps(ctx);
  registerSessionScope(app, session, [
    (scope) => registerAccountRoutes(scope, ctx, session),
    (scope) =>
      registerKeyRoutes(scope, session, deriveKey(ctx.secret, 'api-key'), (id) => limits.spentMicros(id)),
    (scope) => registerOrganizationRoutes(scope, session),
    (scope) => registerOrganizationBalanceRoutes(scope, session),
    (scope) => registerUsageRoutes(scope, session),
    (scope) => registerCallRoutes(scope, session),
    (scope) => registerPlaygroundRoutes(scope, deps),
  ]);
  registerPrivacyRoutes(app, ctx);
  registerModelRoutes(app, deps);
  registerCountTokensRoute(app, deps);
  registerEmbeddingsRoutes(app, deps);
  registerCreditRoutes(app, ctx);
  registerPixRoutes(app, ctx);
  registerAsaasRoutes(app, ctx);
  registerWorkerRoutes(app, deps);
  await registerExtractRoutes(app, ctx, deps.documents);
  await registerTranscriptionRoutes(app, deps);
  registerMcpRoutes(app, deps, mcpTools);
  registerContactRoutes(app, ctx);
  registerDemoRoutes(app, deps);
  const telemetry = createTelemetry(ctx, deps.now);
  registerTelemetry(app, ctx, telemetry, deps.now);
  registerShowcase(app, ctx, {
    funnel: telemetry.funnel,
    catalogue: deps.catalogue,
    now: deps.now,
    // The house ledger's daily totals by source, for the operator part of /api/metrics.
    houseLedger: (db, { days }) => dailyTotals(db, { days }),
  });
  registerConsoleRoutes(app);
  return app;
}
