// Starts one or all services in this process and stops them gracefully.
import { createContractsApp } from './contracts/app.js';
import { createGatewayApp } from './gateway/app.js';
import { createInsightsApp } from './insights/app.js';
import type { Context } from './platform/context.js';
import type { App } from './platform/http/app.js';

export const SERVICES = ['gateway', 'contracts', 'insights'] as const;
export type ServiceName = (typeof SERVICES)[number];

const FACTORIES: Record<ServiceName, (ctx: Context) => Promise<App>> = {
  gateway: createGatewayApp,
  contracts: createContractsApp,
  insights: createInsightsApp,
};

export interface Running {
  urls: Partial<Record<ServiceName, string>>;
  /** Stops accepting connections, lets in-flight requests finish, then closes storage. */
  close(): Promise<void>;
}

/** `prepare` runs on each app before it listens (tests add routes through it). */
export async function startServices(
  ctx: Context,
  names: readonly ServiceName[],
  prepare?: (name: ServiceName, app: App) => void,
): Promise<Running> {
  const apps: App[] = [];
  const urls: Running['urls'] = {};
  const close = async () => {
    await Promise.allSettled(apps.map((a) => a.close()));
    await ctx.db.close();
    ctx.mail.close();
  };
  try {
    for (const name of names) {
      const app = await FACTORIES[name](ctx);
      apps.push(app);
      prepare?.(name, app);
      const address = await app.listen({ host: ctx.config.host, port: ctx.config.ports[name] });
      urls[name] = address;
      if (name === 'gateway') ctx.runtime.gatewayUrl = address;
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { urls, close };
}

/** SIGTERM/SIGINT drain and exit 0; a second signal, or a drain longer than the grace period, exits 1. */
export function closeOnSignals(running: Running, log: Context['logger'], graceMs = 15_000): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error({ graceMs }, 'shutdown took too long');
      process.exit(1);
    }, graceMs);
    timer.unref();
    running.close().then(
      () => {
        log.info('stopped');
        log.flush();
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
