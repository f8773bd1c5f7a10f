// Starts one or all services in this process and stops them gracefully.
import { createContractsApp } from './contracts/app.js';
import { createGatewayApp } from './gateway/app.js';
import { createInsightsApp } from './insights/app.js';
import { onPrimaryShutdown } from './cluster.js';
import { ConfigError } from './platform/config/index.js';
import type { Context } from './platform/context.js';
import type { App } from './platform/http/app.js';
import { startObservability } from './platform/observability.js';

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
  /** The services' addresses, and the metrics listener's when METRICS_PORT is set. */
  urls: Partial<Record<ServiceName | 'metrics', string>>;
  /** Stops accepting connections, lets in-flight requests finish, then closes storage. */
  close(): Promise<void>;
  /**
   * Ends the connections still open (the grace period is over): their streams stop, which
   * settles their credit reservations, and `close()` can finish.
   */
  cutOff(): void;
}

/** `prepare` runs on each app before it listens (tests add routes through it). */
export async function startServices(
  ctx: Context,
  names: readonly ServiceName[],
  prepare?: (name: ServiceName, app: App) => void,
): Promise<Running> {
  const apps: App[] = [];
  const urls: Running['urls'] = {};
  // Metrics and traces first: the apps add their hooks only when these are on.
  const observability = await startObservability(ctx.config);
  const close = async () => {
    await Promise.allSettled(apps.map((a) => a.close()));
    await observability.close();
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
    Object.assign(urls, await observability.listen());
  } catch (err) {
    await close();
    throw err;
  }
  const cutOff = () => {
    for (const app of apps) app.server.closeAllConnections();
  };
  return { urls, close, cutOff };
}

/** After the cut-off, how long releasing what was held and closing storage may take. */
const AFTER_CUT_OFF_MS = 15_000;

/**
 * SIGTERM/SIGINT: stop accepting, let requests and streams in flight finish for up to
 * `graceMs` (SHUTDOWN_GRACE_SECONDS), then cut the connections still open; release what
 * they held (reservations, leases), close storage, exit 0. A second signal, or a close that
 * hangs past the cut-off, exits 1.
 */
export function closeOnSignals(running: Running, ctx: Context): void {
  const log = ctx.logger;
  const graceMs = ctx.config.operations.shutdownGraceSeconds * 1000;
  let closing = false;
  const begin = (reason: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal: reason, graceMs }, 'shutting down');
    const cut = setTimeout(() => {
      log.warn({ graceMs }, 'grace period over: closing the connections still open');
      running.cutOff();
    }, graceMs);
    const hard = setTimeout(() => {
      log.error({ graceMs }, 'shutdown took too long');
      process.exit(1);
    }, graceMs + AFTER_CUT_OFF_MS);
    cut.unref();
    hard.unref();
    running.close().then(
      () => {
        clearTimeout(cut);
        log.info('stopped');
        log.flush();
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (++signals > 1) process.exit(1);
    begin(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  // Under --processes the primary asks instead (a terminal's Ctrl-C reaches both: one drain).
  onPrimaryShutdown(() => begin('primary'));
}
