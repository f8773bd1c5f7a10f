import { parseArgs } from 'node:util';
import {
  isClusterWorker,
  leaveCluster,
  type ListeningLine,
  parseProcesses,
  reportListening,
  runPrimary,
} from '../cluster.js';
import { type Config, loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { startObservability } from '../platform/observability.js';
import { createLogger } from '../platform/logger.js';
import { metricsRenderer } from '../platform/metrics/index.js';
import { type MetricsListener, startMetricsListener } from '../platform/metrics/listener.js';
import { closeOnSignals, SERVICES, type ServiceName, startServices } from '../server.js';
import { storageConfig } from './context.js';
import { type CliCommand, UsageError } from './command.js';

export const serveCommand: CliCommand = {
  path: ['serve'],
  summary: 'Start the services (gateway, contracts, insights or all)',
  usage: `Usage: svc serve [gateway|contracts|insights|all] [--processes N|auto]

Starts the named service, or all three in one process (the default).
Ports: GATEWAY_PORT (8080), CONTRACTS_PORT (8081), INSIGHTS_PORT (8082); address: HOST (127.0.0.1).
Storage: SQLite in SVC_DATA_DIR (./data), or PostgreSQL when DATABASE_URL is set.
--processes N runs N serving processes behind the same ports (auto: one per core; default 1);
they share state through the database (and Redis when REDIS_URL is set), as separate instances do.
Migrations run before listening. SIGTERM drains in-flight requests (up to SHUTDOWN_GRACE_SECONDS) and exits 0.
Prints {"event":"listening","public_origin","console","urls":{…}} on stdout once every
service listens (urls: the listen addresses, and the metrics listener's with METRICS_PORT;
public_origin: PUBLIC_ORIGIN, where browsers and clients reach the gateway; console: the web
console there), and the same in words on stderr; logs are JSON lines. A busy port stops
start-up naming the port and its variable.`,
  async run(args) {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { processes: { type: 'string' } },
    });
    if (positionals.length > 1) throw new UsageError('serve takes at most one service name');
    const which = positionals[0] ?? 'all';
    if (which !== 'all' && !SERVICES.includes(which as ServiceName)) {
      throw new UsageError(`unknown service "${which}"; expected gateway, contracts, insights or all`);
    }
    const processes = parseProcesses(values.processes);
    if (processes === undefined)
      throw new UsageError('--processes expects a whole number from 1 to 256, or auto');
    const names = which === 'all' ? SERVICES : [which as ServiceName];
    // A worker of --processes: the primary already said which storage, and migrated it.
    const worker = isClusterWorker();
    const config = worker ? loadConfig() : storageConfig(true);
    if (processes > 1 && !worker) {
      // Migrations (and a first secret) once, before any worker opens the database.
      const ctx = await createContext(config);
      await ctx.db.close();
      let metrics: MetricsListener | undefined;
      const { metricsPort: port, metricsHost: host, metricsToken: token } = config.operations;
      return runPrimary({
        processes,
        log: createLogger(config.logLevel, 'primary', undefined, true),
        graceMs: config.operations.shutdownGraceSeconds * 1000,
        // The scrape listener lives here and sums the workers' registries.
        onListening: async (line) => {
          if (port !== undefined)
            metrics = await startMetricsListener({ host, port, token }, await metricsRenderer());
          const urls = {
            ...(line.urls as Record<string, string>),
            ...(metrics ? { metrics: metrics.url } : {}),
          };
          announce({ ...line, urls, processes });
        },
        close: async () => metrics?.close(),
      });
    }
    const started = await startServing(config, names).catch((err: unknown) => {
      // A worker that cannot start (a busy port) must exit, not idle on its channel to the primary.
      if (worker) leaveCluster();
      throw err;
    });
    const { ctx, running } = started;
    closeOnSignals(running, ctx);
    const origin = running.urls.gateway ? ctx.origins.primary : undefined;
    const where = origin ? { public_origin: origin, console: `${origin}/` } : {};
    const line: ListeningLine = { event: 'listening', ...where, urls: running.urls };
    // Under --processes the primary announces once every process listens.
    if (worker) reportListening(line);
    else announce(line);
    return new Promise<number>(() => {}); // runs until a signal
  },
};

/** One line, like the JSON log lines around it; then the address to open, in words. */
function announce(line: ListeningLine): void {
  process.stdout.write(`${JSON.stringify(line)}\n`);
  const origin = line.public_origin;
  if (typeof origin === 'string') process.stderr.write(`svc: gateway at ${origin} — console: ${origin}/\n`);
}

async function startServing(config: Config, names: readonly ServiceName[]) {
  // Before storage opens: the database's spans are set up with it.
  await startObservability(config);
  const ctx = await createContext(config);
  return { ctx, running: await startServices(ctx, names) };
}
