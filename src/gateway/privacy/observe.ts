// Metrics and the `barrier` span of one pass of the barrier: values found per category and
// what the policy did with them (masked, redacted, blocked), and how long the pass took.
// Counts and categories only; the values themselves never leave the barrier.
import { metricSet, metricsEnabled } from '../../platform/metrics/index.js';
import { startSpan, tracingEnabled } from '../../platform/tracing/index.js';
import type { Finding, Policy } from '../../privacy/index.js';

/** Where the barrier ran: a model call, POST /v1/privacy/clean, a worker job's input. */
export type Surface = 'model' | 'clean' | 'job' | 'transcription';

const OUTCOME: Record<Policy, string> = { placeholder: 'masked', redact: 'redacted', block: 'blocked' };

const barrier = metricSet(({ prom, registry }) => ({
  found: new prom.Counter({
    name: 'svc_barrier_values_total',
    help: 'Personal values the barrier found, per category and what the policy did (masked, redacted, blocked)',
    labelNames: ['category', 'outcome'] as const,
    registers: [registry],
  }),
  duration: new prom.Histogram({
    name: 'svc_barrier_duration_seconds',
    help: 'Time of one pass of the barrier over a request, per surface',
    labelNames: ['surface'] as const,
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  }),
}));

/** The start of a pass (performance.now()), or 0 when nothing is observed. */
export const barrierStart = (): number => (metricsEnabled() || tracingEnabled() ? performance.now() : 0);

/** Records a pass begun at `started` (barrierStart); a no-op when it was 0. */
export function barrierDone(
  surface: Surface,
  started: number,
  findings: readonly Finding[],
  blocked = false,
): void {
  if (started === 0) return;
  const seconds = (performance.now() - started) / 1000;
  const m = barrier();
  if (m) {
    m.duration.observe({ surface }, seconds);
    for (const f of findings) m.found.inc({ category: f.category, outcome: OUTCOME[f.action] }, f.count);
  }
  const span = startSpan(
    'barrier',
    {
      'svc.barrier.surface': surface,
      'svc.barrier.values': findings.reduce((n, f) => n + f.count, 0),
      'svc.barrier.categories': findings.map((f) => f.category),
      'svc.barrier.blocked': blocked,
    },
    { startTime: performance.timeOrigin + started },
  );
  span?.end();
}
