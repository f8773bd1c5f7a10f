import { parseArgs } from 'node:util';
import { createContext } from '../platform/context.js';
import { closeOnSignals, SERVICES, type ServiceName, startServices } from '../server.js';
import { storageConfig } from './context.js';
import { type CliCommand, UsageError } from './command.js';

export const serveCommand: CliCommand = {
  path: ['serve'],
  summary: 'Start the services (gateway, contracts, insights or all)',
  usage: `Usage: svc serve [gateway|contracts|insights|all]

Starts the named service, or all three in one process (the default).
Ports: GATEWAY_PORT (8080), CONTRACTS_PORT (8081), INSIGHTS_PORT (8082); address: HOST (127.0.0.1).
Storage: SQLite in SVC_DATA_DIR (./data), or PostgreSQL when DATABASE_URL is set.
Migrations run before listening. SIGTERM drains in-flight requests and exits 0.
Prints {"event":"listening","public_origin","console","urls":{…}} on stdout once every
service listens (urls: the listen addresses; public_origin: PUBLIC_ORIGIN, where browsers
and clients reach the gateway; console: the web console there), and the same in words on
stderr; logs are JSON lines. A busy port stops start-up naming the port and its variable.`,
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    if (positionals.length > 1) throw new UsageError('serve takes at most one service name');
    const which = positionals[0] ?? 'all';
    if (which !== 'all' && !SERVICES.includes(which as ServiceName)) {
      throw new UsageError(`unknown service "${which}"; expected gateway, contracts, insights or all`);
    }
    const names = which === 'all' ? SERVICES : [which as ServiceName];
    const ctx = await createContext(storageConfig(true));
    const running = await startServices(ctx, names);
    closeOnSignals(running, ctx.logger);
    // One line, like the JSON log lines around it; then the address to open, in words.
    const origin = running.urls.gateway ? ctx.origins.primary : undefined;
    const where = origin ? { public_origin: origin, console: `${origin}/` } : {};
    process.stdout.write(JSON.stringify({ event: 'listening', ...where, urls: running.urls }) + '\n');
    if (origin) process.stderr.write(`svc: gateway at ${origin} — console: ${origin}/\n`);
    return new Promise<number>(() => {}); // runs until a signal
  },
};
