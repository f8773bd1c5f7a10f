// The Fastify instance every service starts from: one place for request ids, security
// headers, the error envelope, 404/405, body limits, content types and access logs.
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS } from '../config/bounds.js';
import { describeError, type Logger } from '../logger.js';
import { drainOversizedBody } from './drain.js';
import { trustProxy } from '../net.js';
import { AuthRegistry } from './auth.js';
import { guardConnections } from './connections.js';
import {
  envelope,
  type EnvelopeKind,
  invalidUrl,
  methodNotAllowed,
  pathParamTooLong,
  routeNotFound,
  shuttingDown,
} from './errors.js';
import { requestTracing } from '../tracing/http.js';
import { httpMetricsHook } from './metrics.js';
import { toApiError } from './platform-errors.js';
import { requestId } from './request-id.js';
import { AccessLogController, lazyChildLogger } from './request-logger.js';
import { RouteTable } from './routes.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface AppOptions {
  logger: Logger;
  /** Which error envelope a request gets (depends on the service and the path). */
  envelopeFor: (path: string) => EnvelopeKind;
  bodyLimit?: number;
  /**
   * TRUSTED_PROXIES: addresses and CIDR blocks whose X-Forwarded-For is believed. `request.ip`
   * is then the right-most forwarded address that is not itself a trusted proxy; without
   * them (or from any other peer) it is the socket's peer.
   */
  trustedProxies?: readonly string[];
  /** The service's name in metrics (`gateway`, `contracts`, `insights`). */
  service?: string;
  /** MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS, HEADERS_TIMEOUT_SECONDS (connections.ts); defaults when absent. */
  connections?: ConnectionLimits;
  /**
   * Whose request it was, for the 499 line of a client that left before its answer (an
   * organisation or user id; never personal data).
   */
  ownerOf?: (request: FastifyRequest) => Record<string, string | null> | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteTable;
    /** scheme → guard; each service fills it before registering its routes (auth.ts). */
    guards: AuthRegistry;
    /** Which error envelope a path gets (AppOptions.envelopeFor). */
    envelopeFor: (path: string) => EnvelopeKind;
  }
}

// An API answers JSON only: nothing here is meant to be framed, sniffed or cached.
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cache-control': 'no-store',
};

export function createApp(options: AppOptions): App {
  const kindOf = (request: FastifyRequest) => options.envelopeFor(request.url.split('?')[0] ?? '/');
  const accessLog = new AccessLogController(options.logger);
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    // One access-log line per request (request-logger.ts), instead of Fastify's own lines.
    logController: accessLog,
    childLoggerFactory: lazyChildLogger,
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: trustProxy(options.trustedProxies ?? []),
    routerOptions: { ignoreTrailingSlash: true },
    // SIGTERM: stop accepting, answer what is in flight, close idle keep-alive sockets.
    forceCloseConnections: 'idle',
    // Requests that arrive during the drain get a 503 in the service's own envelope (below).
    return503OnClosing: false,
    ajv: { customOptions: { allErrors: false, coerceTypes: false, removeAdditional: false } },
    // Failures before routing (a path parameter over 100 characters, a malformed URL) in the
    // service's own envelope rather than Fastify's.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const api = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? pathParamTooLong() : invalidUrl();
      reply.headers(SECURITY_HEADERS).header('x-request-id', request.id);
      reply.status(api.status).send(envelope(kindOf(request), api));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  guardConnections(
    app.server,
    options.service ?? 'app',
    options.connections ?? DEFAULT_CONNECTION_LIMITS,
    options.trustedProxies ?? [],
  );

  const table = new RouteTable();
  const guards = new AuthRegistry();
  app.decorate('routeTable', table);
  app.decorate('guards', guards);
  app.decorate('envelopeFor', options.envelopeFor);
  app.addHook('onRoute', (route) => {
    guards.apply(route);
    table.add(route);
  });

  // Only JSON by default; a route that takes another type registers its own parser.
  app.removeContentTypeParser('text/plain');

  // Callback-style hooks: on the hot path an async hook costs a promise per request.
  let closing = false;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close');
      done(shuttingDown());
      return;
    }
    done();
  });

  // An answer whose client has left is never finished, so it would leave no access line:
  // it gets a 499 line here. A 413 waits for the rest of the body (bounded), so the client
  // reads it instead of a reset.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.raw.destroyed) accessLog.clientClosed(request, reply, options.ownerOf?.(request));
    drainOversizedBody(request, reply, payload, done);
  });

  // Only when metrics or traces are on: otherwise not even a hook runs.
  const measure = httpMetricsHook(options.service ?? 'app');
  if (measure) app.addHook('onResponse', measure);
  const tracing = requestTracing(options.service ?? 'app');
  if (tracing) {
    app.addHook('onRequest', tracing.onRequest);
    app.addHook('onResponse', tracing.onResponse);
    app.addHook('onRequestAbort', tracing.onRequestAbort);
  }

  // Node closes idle keep-alive sockets once, when close() starts; a socket whose request
  // was still in flight then would stay open until its keep-alive timeout and hold the
  // process. Sweep again until the server has closed.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
  });
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.setErrorHandler((error, request, reply) => {
    const api = toApiError(error);
    if (api.status >= 500) request.log.error({ error: describeError(error) }, 'request failed');
    if (api.extra.headers) reply.headers(api.extra.headers);
    reply.status(api.status).send(envelope(kindOf(request), api));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = table.allowedMethods(path);
    const api = allowed.length > 0 ? methodNotAllowed(request.method, allowed) : routeNotFound();
    if (api.extra.headers) reply.headers(api.extra.headers);
    reply.status(api.status).send(envelope(kindOf(request), api));
  });

  return app;
}
