// Area B: the contract-analysis API. Errors are `{message, error}`. Routes,
// codes and decisions: docs/contracts.md; the OpenAPI document at GET /openapi.json.
import type { Context } from '../platform/context.js';
import { type App, createApp } from '../platform/http/app.js';
import { registerHealth } from '../platform/http/health.js';
import { registerOpenApi } from '../platform/http/openapi.js';
import { registerAnalysisRoutes } from './analyses/routes.js';
import { authenticate } from './auth/bearer.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerChatRoutes } from './chat/routes.js';
import { registerDashboardRoutes } from './dashboard/routes.js';
import { createDeps } from './deps.js';
import { registerContractRoutes } from './documents/routes.js';
import { registerErrorMapping } from './edge.js';
import { registerNotificationRoutes } from './notifications/routes.js';
import { registerSubscriptionRoutes } from './subscriptions/routes.js';

export interface ContractsAppOptions {
  /** The clock (tests move it to expire tokens). */
  now?: () => number;
}

export async function createContractsApp(ctx: Context, options: ContractsAppOptions = {}): Promise<App> {
  const log = ctx.logger.child({ service: 'contracts' });
  const app = createApp({
    logger: log,
    envelopeFor: () => 'contracts',
    trustedProxies: ctx.config.trustedProxies,
    connections: ctx.config.connections,
    service: 'contracts',
    ownerOf: (request) => request.contractUser && { user: request.contractUser.id },
  });
  await registerOpenApi(app, {
    title: 'svc contracts',
    description:
      'API de análise de contratos. Login por e-mail e senha devolve um JWT; rotas protegidas pedem `Authorization: Bearer <JWT>`. Erros: `{message, error}`.',
    baseUrl: '/',
  });
  registerErrorMapping(app);
  const deps = createDeps(ctx, log, options.now);
  app.guards.set('jwt', async (request) => {
    request.contractUser = await authenticate(deps.db, deps.tokens, request.headers.authorization);
  });
  registerHealth(app, 'contracts', ctx.db);
  registerAuthRoutes(app, deps);
  await registerContractRoutes(app, deps);
  registerAnalysisRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  registerChatRoutes(app, deps);
  app.get(
    '/openapi.json',
    {
      config: { auth: 'none' },
      schema: { summary: 'Documento OpenAPI 3.1 desta API', tags: ['public'], hide: true },
    },
    async () => app.swagger(),
  );
  return app;
}
