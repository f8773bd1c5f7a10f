// Metrics and the showcase for the gateway app: routes, and the periodic collector when the
// `showcase` section is configured (started when the app is ready, stopped with it).
import { buildId } from '../../platform/config/build-info.js';
import { SHOWCASE_DEFAULTS } from './config.js';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { PRODUCT_ID } from '../product.js';
import type { Catalogue } from '../pipeline/catalogue.js';
import type { FunnelStore } from '../telemetry/funnel-store.js';
import { ShowcaseCollector } from './collector.js';
import { type HouseLedger, noLedger } from './metrics.js';
import { countAnswers } from './reliability.js';
import { registerShowcaseRoutes } from './routes.js';

export interface ShowcaseOptions {
  funnel: FunnelStore;
  catalogue: Catalogue;
  now: () => number;
  houseLedger?: HouseLedger;
  /** Run the periodic collector (default: when the `showcase` section exists). */
  collect?: boolean;
}

export function createCollector(ctx: Context, options: Omit<ShowcaseOptions, 'houseLedger' | 'collect'>) {
  const section = ctx.config.file.showcase ?? {};
  return new ShowcaseCollector({
    db: ctx.db,
    funnel: options.funnel,
    logger: ctx.logger.child({ service: 'gateway' }),
    now: options.now,
    produto: PRODUCT_ID,
    nome: section.nome ?? PRODUCT_ID,
    desde: section.desde,
    catalogueSize: options.catalogue.list(null).length,
    build: buildId(),
    sponsors: ctx.config.file.partners?.current_sponsors ?? [],
    intervalMs: (section.intervaloMinutos ?? SHOWCASE_DEFAULTS.intervaloMinutos) * 60_000,
  });
}

export function registerShowcase(app: App, ctx: Context, options: ShowcaseOptions): void {
  const configured = ctx.config.file.showcase !== undefined;
  // The answers `confiabilidade` counts, on every instance of a product with a showcase.
  if (configured) countAnswers(app, ctx.db, ctx.logger, options.now);
  if (options.collect ?? (configured && ctx.config.file.showcase?.periodico !== false)) {
    const collector = createCollector(ctx, options);
    app.addHook('onReady', async () => collector.start());
    app.addHook('onClose', async () => collector.stop());
  }
  registerShowcaseRoutes(app, {
    db: ctx.db,
    now: options.now,
    funnel: options.funnel,
    houseLedger: options.houseLedger ?? noLedger,
    operatorToken: ctx.config.operatorToken,
    collectorConfigured: configured,
  });
}
