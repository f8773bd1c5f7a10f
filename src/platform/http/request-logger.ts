// The access line: one per request, written through the request's own logger (Fastify's
// child of the service logger, which carries the request id) once the answer has gone.
// It is written from Fastify's "request completed" call (its LogController), with
// Fastify's other per-request lines (incoming request, errors with the raw URL) off: the
// raw URL may carry webhook tokens or personal data in its query string or path.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Lines are `{level, time, …bindings, reqId, method, route, status, ms, msg: "request"}`;
 * `route` is the route pattern (null when no route matched), never the URL.
 */
export class AccessLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(_error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}
