// Area C: the conversation-insights service. Errors are `{error: <code>}` (SPEC.md C).
import type { Context } from '../platform/context.js';
import { type App, createApp } from '../platform/http/app.js';
import { registerHealth } from '../platform/http/health.js';

export async function createInsightsApp(ctx: Context): Promise<App> {
  const app = createApp({ logger: ctx.logger.child({ service: 'insights' }), envelopeFor: () => 'insights' });
  registerHealth(app, 'insights');
  return app;
}
