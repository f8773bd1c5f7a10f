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

/**
 * Fastify's per-request log lines replaced by one access line each: `requestCompleted`
 * runs once a response has finished, 404s and errors included. Lines are
 * `{level, time, …bindings, reqId, method, route, status, ms, msg: "request"}`. Request ids
 * (request-id.ts: letters, digits, `._:-`, or a UUID) and methods (Node's HTTP parser
 * admits upper-case tokens only) never need JSON escaping; route patterns are escaped once
 * each and remembered.
 */
export class AccessLogController extends LogController {
  readonly #logger: Logger;
  readonly #stream: { write(line: string): unknown };
  /** pino's own serialised bindings (base and child, `,"pid":1,"service":"gateway"`). */
  readonly #bindings: string;
  readonly #info: number;
  readonly #routes = new Map<string, string>();

  constructor(logger: Logger) {
    super({ disableRequestLogging: true });
    const internals = logger as unknown as Record<symbol, unknown>;
    this.#logger = logger;
    this.#stream = internals[pino.symbols.streamSym] as { write(line: string): unknown };
    this.#bindings = (internals[pino.symbols.chindingsSym] as string | undefined) ?? '';
    this.#info = logger.levels.values.info!;
  }

  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    if (this.#logger.levelVal > this.#info) return;
    // The route pattern, never the raw URL: paths and query strings may carry tokens or personal data.
    const route = request.routeOptions.url;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    this.#stream.write(
      `{"level":"info","time":${Date.now()}${this.#bindings},"reqId":"${request.id}","method":"${request.method}",` +
        `"route":${route === undefined ? 'null' : this.#routeJson(route)},"status":${reply.statusCode},"ms":${ms},"msg":"request"}\n`,
    );
  }

  /**
   * The access line of a request whose client left before its answer: Node never finishes
   * such a response, so Fastify never calls `requestCompleted`. Status 499
   * (`client_closed_request`), the time used, and what the service says the request was
   * for (`fields`: an organisation or user id, never personal data).
   */
  clientClosed(
    request: FastifyRequest,
    reply: FastifyReply,
    fields: Record<string, string | null> = {},
  ): void {
    if (this.#logger.levelVal > this.#info) return;
    const route = request.routeOptions.url;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const extra = Object.entries(fields)
      .map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`)
      .join('');
    this.#stream.write(
      `{"level":"info","time":${Date.now()}${this.#bindings},"reqId":"${request.id}","method":"${request.method}",` +
        `"route":${route === undefined ? 'null' : this.#routeJson(route)},"status":499,"code":"client_closed_request","ms":${ms}${extra},"msg":"request"}\n`,
    );
  }

  #routeJson(route: string): string {
    let json = this.#routes.get(route);
    if (json === undefined) {
      json = JSON.stringify(route);
      this.#routes.set(route, json);
    }
    return json;
  }
}
