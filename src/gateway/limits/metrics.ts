// Requests refused by the gateway's limits: the per-minute limit of a key (429
// rate_limit_exceeded) and the monthly token quota of an organisation (429 quota_exceeded).
import { metricSet } from '../../platform/metrics/index.js';

const limits = metricSet(({ prom, registry }) => ({
  refusals: new prom.Counter({
    name: 'svc_rate_limit_refusals_total',
    help: 'Requests refused by a limit, per limit (per_minute, monthly_quota)',
    labelNames: ['limit'] as const,
    registers: [registry],
  }),
}));

export function limitRefused(limit: 'per_minute' | 'monthly_quota'): void {
  limits()?.refusals.inc({ limit });
}
