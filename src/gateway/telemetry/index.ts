// UI telemetry for the gateway app: the funnel archive and the client error log, built
// once per app; their routes; the error log's minute flush stopped with the app.
import { FUNNEL_DEFAULTS } from './config.js';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { ClientErrorLog } from './client-errors.js';
import { FunnelStore } from './funnel-store.js';
import { registerTelemetryRoutes } from './routes.js';

export interface Telemetry {
  funnel: FunnelStore;
  clientErrors: ClientErrorLog;
}

export function createTelemetry(ctx: Context, now: () => number): Telemetry {
  const section = ctx.config.file.funnel ?? {};
  const funnel = new FunnelStore(ctx.db, {
    bytesDia: section.bytesDia ?? FUNNEL_DEFAULTS.bytesDia,
    dias: section.dias ?? FUNNEL_DEFAULTS.dias,
  });
  const clientErrors = new ClientErrorLog(ctx.logger.child({ service: 'gateway' }), now);
  return { funnel, clientErrors };
}

export function registerTelemetry(app: App, ctx: Context, telemetry: Telemetry, now: () => number): void {
  telemetry.clientErrors.start();
  app.addHook('onClose', async () => telemetry.clientErrors.stop());
  registerTelemetryRoutes(app, {
    db: ctx.db,
    now,
    origins: ctx.origins,
    ...telemetry,
  });
}
