// Starts one or all services in this process and stops them gracefully.
import { createContractsApp } from './contracts/app.js';
import { createGatewayApp } from './gateway/app.js';
import { createInsightsApp } from './insights/app.js';
import { ConfigError } from './platform/config/index.js';
import type { Context } from './platform/context.js';
import type { App } from './platform/http/app.js';

export const SERVICES = ['gateway', 'contracts', 'insights'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** The variable that sets each service's port, for messages that tell what to change. */
export const PORT_VARIABLES: Record<ServiceName, string> = {
  gateway: 'GATEWAY_PORT',
  contracts: 'CONTRACTS_PORT',
  insights: 'INSIGHTS_PORT',
};

/**
 * A listen failure that the operator fixes by changing a setting, as a configuration problem
 * naming the port and the variable (the generic error printer scrubs numbers from messages).
 */
export function listenProblem(err: unknown, variable: string, host: string, port: number): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'EADDRINUSE')
    return new ConfigError([
      `${variable}: port ${port} on ${host} is already in use (another svc, or another program); stop it, or set ${variable} to a free port (0 picks one)`,
    ]);
  if (code === 'EACCES')
    return new ConfigError([
      `${variable}: not allowed to listen on port ${port} on ${host} (ports below 1024 need privileges); set ${variable} to a port from 1024 up`,
    ]);
  if (code === 'EADDRNOTAVAIL') return new ConfigError([`HOST: ${host} is not an address of this machine`]);
  return err;
}

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
      const { host, ports } = ctx.config;
      const address = await app.listen({ host, port: ports[name] }).catch((err: unknown) => {
        throw listenProblem(err, PORT_VARIABLES[name], host, ports[name]);
      });
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
