// The request span of every service (when tracing is on): named after the route template,
// a child of the caller's W3C `traceparent` when one came, active for the whole request —
// hooks, body parsing (the request's emitter is bound to it) and the handler — so that the
// spans made below it (auth, barrier, credit, upstream call, database) are its children.
import type { Attributes, Span } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Guard } from '../http/auth.js';
import { failSpan, inSpan, tracingApi } from './index.js';

type Hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

const SPAN = Symbol('svc.span');
type Traced = FastifyRequest & { [SPAN]?: Span };

export interface RequestTracing {
  onRequest: Hook;
  onResponse: Hook;
  onRequestAbort: (request: FastifyRequest, done: () => void) => void;
}

/** Undefined when tracing is off: the app then adds no hook at all. */
export function requestTracing(service: string): RequestTracing | undefined {
  const api = tracingApi();
  if (!api) return undefined;
  const tracer = api.trace.getTracer('svc');
  return {
    onRequest(request, _reply, done) {
      const parent = api.propagation.extract(api.ROOT_CONTEXT, request.headers);
      const route = request.routeOptions.url ?? 'unmatched';
      const attributes: Attributes = {
        'http.request.method': request.method,
        'http.route': route,
        'svc.service': service,
      };
      const span = tracer.startSpan(
        `${request.method} ${route}`,
        { kind: api.SpanKind.SERVER, attributes },
        parent,
      );
      (request as Traced)[SPAN] = span;
      const ctx = api.trace.setSpan(parent, span);
      // The body parser's listeners run in the span's context, and so does the handler after them.
      api.context.bind(ctx, request.raw);
      api.context.with(ctx, done);
    },
    onResponse(request, reply, done) {
      const span = (request as Traced)[SPAN];
      if (span) {
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
      }
      done();
    },
    onRequestAbort(request, done) {
      const span = (request as Traced)[SPAN];
      failSpan(span, { code: 'client_aborted' });
      span?.end();
      done();
    },
  };
}

/** A guard inside an `auth` span (the scheme as its attribute), when tracing is on. */
export function tracedGuard(scheme: string, guard: Guard): Guard {
  if (!tracingApi()) return guard;
  return (request, reply) => inSpan('auth', { 'svc.auth.scheme': scheme }, () => guard(request, reply));
}
