// Bounds on a service's open connections (docs/security.md, "Connection floods" and "Slow
// request bodies"). 22,000 connections that never finished their headers once took every
// file descriptor of the process and stopped all three services. Here:
// - a connection must finish its request's headers within HEADERS_TIMEOUT_SECONDS: one that
//   sends nothing is closed after that long idle (Node's own headersTimeout only starts with
//   the first byte), one that trickles them gets Node's 408;
// - a request's body must keep a pace (slow-bodies.ts): past BODY_TIMEOUT_SECONDS, one that
//   averages less than BODY_MIN_BYTES_PER_SECOND gets 408 and is closed;
// - one client holds at most MAX_CONNECTIONS_PER_ADDRESS, a client being an IPv4 address or
//   an IPv6 /64 (not the trusted proxies: every client behind them shares their address);
//   the next one is closed at once;
// - the service holds at most MAX_CONNECTIONS. At the cap a new connection takes the place
//   of the oldest one that has not been serving a request for a second (still waiting for
//   its headers, or idle between keep-alive requests), else of the oldest whose body is
//   slow, else of the oldest one not serving a request at all, so a flood of half-open
//   connections or trickled bodies cannot keep a health probe out (nor can an attacker
//   reconnecting the moment it is displaced push out the probe that just arrived); only
//   when every connection is serving a request at a fair pace is the new one closed.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionLimits } from '../config/bounds.js';
import { metricSet } from '../metrics/index.js';
import { cidrMatcher, networkOf } from '../net.js';
import { watchBodies } from './slow-bodies.js';

/** How long the whole request (headers and body) may take to arrive; Node's default, which Fastify turns off. */
const REQUEST_TIMEOUT_MS = 300_000;
/** How often Node looks for requests past those timeouts (its default is 30 s). */
const CHECK_EVERY_MS = 1_000;
/** Not serving for this long, a connection makes room before a slow body does; a newer one after. */
const IDLE_FIRST_MS = 1_000;

const metrics = metricSet(({ prom, registry }) => ({
  open: new prom.Gauge({
    name: 'svc_connections_open',
    help: 'Open client connections, per service',
    labelNames: ['service'],
    registers: [registry],
  }),
  closed: new prom.Counter({
    name: 'svc_connections_refused_total',
    help: 'Connections closed by the connection bounds, per service and reason (per_address, displaced, full, slow_body)',
    labelNames: ['service', 'reason'],
    registers: [registry],
  }),
}));

export interface ConnectionGuard {
  /** Open connections now, and per client — the address's network (networkOf) — for tests and diagnostics. */
  open(): number;
  openFrom(address: string): number;
}

export function guardConnections(
  server: Server,
  service: string,
  limits: ConnectionLimits,
  trustedProxies: readonly string[],
): ConnectionGuard {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = Math.max(REQUEST_TIMEOUT_MS, limits.headersTimeoutMs);
  // Read by Node when the server starts listening.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = CHECK_EVERY_MS;

  const isProxy = cidrMatcher(trustedProxies);
  const perClient = new Map<string, number>();
  /** Every open connection, by whether it serves a request now, in arrival order; `waiting` with since when. */
  const waiting = new Map<Socket, number>();
  const serving = new Set<Socket>();
  const count = () => waiting.size + serving.size;
  const refuse = (socket: Socket, reason: string) => {
    metrics()?.closed.inc({ service, reason });
    socket.destroy();
  };
  const bodies = watchBodies(limits, refuse);
  server.once('close', () => bodies.stop());

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const client = networkOf(address);
    const limited = !isProxy(address);
    const mine = perClient.get(client) ?? 0;
    if (limited && mine >= limits.perAddress) return refuse(socket, 'per_address');
    if (count() >= limits.max) {
      const oldest = waiting.entries().next().value;
      const idle = oldest?.[0];
      const slow = oldest && performance.now() - oldest[1] >= IDLE_FIRST_MS ? undefined : bodies.slowest();
      if (slow) bodies.cut(slow, 'displaced');
      else if (idle) refuse(idle, 'displaced');
      else return refuse(socket, 'full');
    }
    if (limited) perClient.set(client, mine + 1);
    waiting.set(socket, performance.now());
    metrics()?.open.set({ service }, count());
    // Until its first request: an idle socket is closed (the server's 'timeout' handling
    // destroys it when nobody listens for the event). Keep-alive takes over afterwards.
    socket.setTimeout(limits.headersTimeoutMs);
    socket.once('close', () => {
      waiting.delete(socket);
      serving.delete(socket);
      if (limited) {
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      }
      metrics()?.open.set({ service }, count());
    });
  });

  server.on('request', (request, response) => {
    const socket = request.socket;
    bodies.track(request, response);
    if (!waiting.delete(socket)) return; // a pipelined request: the socket is already serving
    serving.add(socket);
    // A request may legitimately stay quiet for long (a model thinking): no idle cut-off now.
    socket.setTimeout(0);
    response.once('close', () => {
      if (!serving.delete(socket) || socket.destroyed) return;
      waiting.set(socket, performance.now()); // idle between keep-alive requests: in line to make room
    });
  });

  return { open: count, openFrom: (address) => perClient.get(networkOf(address)) ?? 0 };
}
