// Per-request logging. Fastify gives every request a child logger carrying its id; most
// requests never log anything but their access line, so the child is made on first use.
// The access line itself is built by hand in the loggers' shape (logger.ts): it runs on
// every request, and pino's generic object serialisation was most of its cost. It is
// written from Fastify's own "request completed" call (the LogController), not from an
// onResponse hook, which would cost a hook run per request on top.
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import type { Logger } from '../logger.js';

type LogFn = FastifyBaseLogger['info'];

class LazyChild {
  #real: FastifyBaseLogger | undefined;
  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildLoggerOptions,
  ) {}
  get real(): FastifyBaseLogger {
    this.#real ??= this.parent.child(this.bindings, this.options);
    return this.#real;
  }
  get level(): string {
    return this.#real?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  // Prototype methods, not arrow-function fields: one object per request, no closures.
  fatal(...args: Parameters<LogFn>): void {
    this.real.fatal(...args);
  }
  error(...args: Parameters<LogFn>): void {
    this.real.error(...args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.real.warn(...args);
  }
  info(...args: Parameters<LogFn>): void {
    this.real.info(...args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.real.debug(...args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.real.trace(...args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChild(parent, bindings, options) as unknown as FastifyBaseLogger;
}

export type AccessLog = (
  id: string,
  method: string,
  route: string | null,
  status: number,
  ms: number,
) => void;

/**
 * Writes `{level, time, …bindings, reqId, method, route, status, ms, msg: "request"}` lines.
 * Request ids (request-id.ts: letters, digits, `._:-`, or a UUID) and methods (Node's HTTP
 * parser admits upper-case tokens only) never need JSON escaping; route patterns are
 * escaped once each and remembered.
 */
export function accessLog(logger: Logger): AccessLog {
  // pino's own serialised bindings (base and child, `,"pid":1,"service":"gateway"`) and stream.
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as { write(line: string): unknown };
  const bindings = (internals[pino.symbols.chindingsSym] as string | undefined) ?? '';
  const info = logger.levels.values.info!;
  const routes = new Map<string, string>();
  const routeJson = (route: string | null): string => {
    if (route === null) return 'null';
    let json = routes.get(route);
    if (json === undefined) {
      json = JSON.stringify(route);
      routes.set(route, json);
    }
    return json;
  };
  return (id, method, route, status, ms) => {
    if (logger.levelVal > info) return;
    stream.write(
      `{"level":"info","time":${Date.now()}${bindings},"reqId":"${id}","method":"${method}",` +
        `"route":${routeJson(route)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
}

/**
 * Fastify's per-request log lines replaced by one access line each: `requestCompleted`
 * runs once a response has finished, 404s and errors included.
 */
export class AccessLogController extends LogController {
  readonly #access: AccessLog;
  constructor(access: AccessLog) {
    super({ disableRequestLogging: true });
    this.#access = access;
  }
  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    // The route pattern, never the raw URL: paths and query strings may carry tokens or personal data.
    this.#access(
      request.id,
      request.method,
      request.routeOptions.url ?? null,
      reply.statusCode,
      Math.round(reply.elapsedTime * 10) / 10,
    );
  }
}
