// Area B: the contract-analysis API. Errors are `{message, error}` (SPEC.md B).
import type { Context } from '../platform/context.js';
import { type App, createApp } from '../platform/http/app.js';
import { registerHealth } from '../platform/http/health.js';

export async function createContractsApp(ctx: Context): Promise<App> {
  const app = createApp({
    logger: ctx.logger.child({ service: 'contracts' }),
    envelopeFor: () => 'contracts',
  });
  registerHealth(app, 'contracts');
  return app;
}
