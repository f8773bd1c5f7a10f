// HTTP request metrics of every service: a count and a latency histogram per service, route
// template (never the raw path: ids and tokens live there), method and status class.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { metricSet, statusClass } from '../metrics/index.js';

const LABELS = ['service', 'route', 'method', 'status_class'] as const;

const http = metricSet(({ prom, registry }) => ({
  requests: new prom.Counter({
    name: 'svc_http_requests_total',
    help: 'HTTP requests answered, per service, route template, method and status class',
    labelNames: LABELS,
    registers: [registry],
  }),
  duration: new prom.Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer (a stream: its last byte)',
    labelNames: LABELS,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  }),
}));

/** An onResponse hook for the app of `service`; undefined when metrics are off (no hook at all). */
export function httpMetricsHook(
  service: string,
): ((request: FastifyRequest, reply: FastifyReply, done: () => void) => void) | undefined {
  const m = http();
  if (!m) return undefined;
  return (request, reply, done) => {
    const labels = {
      service,
      // Unmatched paths (404s, probes) share one label: their raw paths are unbounded.
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status_class: statusClass(reply.statusCode),
    };
    m.requests.inc(labels);
    m.duration.observe(labels, reply.elapsedTime / 1000);
    done();
  };
}
