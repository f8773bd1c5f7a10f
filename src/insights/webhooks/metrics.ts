// Webhook deliveries per webhook and outcome: accepted (queued for work), ignored (nothing
// to do), rejected (a body or id the interface refuses, 4xx) and failed (500: the queue
// could not be written). Authentication refusals are in the HTTP metrics (401 per route).
import type { FastifyReply } from 'fastify';
import { metricSet } from '../../platform/metrics/index.js';

const webhooks = metricSet(({ prom, registry }) => ({
  deliveries: new prom.Counter({
    name: 'svc_insights_webhooks_total',
    help: 'Insights webhook deliveries per webhook and outcome (accepted, ignored, rejected, failed)',
    labelNames: ['webhook', 'outcome'] as const,
    registers: [registry],
  }),
}));

export type Webhook = 'partner-crm' | 'update-contact';

/** Sends a webhook's answer, counting its outcome. */
export function answer(reply: FastifyReply, webhook: Webhook, status: number, body: unknown): FastifyReply {
  const m = webhooks();
  if (m) {
    const ignored = (body as { status?: string } | undefined)?.status === 'ignored';
    const outcome = status >= 500 ? 'failed' : status >= 400 ? 'rejected' : ignored ? 'ignored' : 'accepted';
    m.deliveries.inc({ webhook, outcome });
  }
  return reply.status(status).send(body);
}
