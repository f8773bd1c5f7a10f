// Worker-job metrics: jobs per capability as they change state (queued, leased, completed,
// failed, cancelled), and, read from the database at scrape time, the queue depth per
// capability and the workers seen within the freshness window per capability.
import type { Db } from '../../platform/db/index.js';
import { queuedByKind } from '../../platform/jobs/index.js';
import { metricSet } from '../../platform/metrics/index.js';
import { CAPABILITY_NAMES } from './capabilities.js';
import { freshWorkers } from './store.js';

export type JobState = 'queued' | 'leased' | 'completed' | 'failed' | 'cancelled';

let source: { db: Db; freshMs: number } | undefined;

const jobs = metricSet(({ prom, registry }) => ({
  transitions: new prom.Counter({
    name: 'svc_worker_jobs_total',
    help: 'Worker jobs entering a state (queued, leased, completed, failed, cancelled), per capability',
    labelNames: ['capability', 'state'] as const,
    registers: [registry],
  }),
  // Both read the shared database: under --processes the primary keeps one value, not a sum.
  depth: new prom.Gauge({
    name: 'svc_worker_queue_depth',
    help: 'Worker jobs waiting for a worker, per capability',
    labelNames: ['capability'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      if (!source) return;
      const by = await queuedByKind(source.db, CAPABILITY_NAMES);
      for (const c of CAPABILITY_NAMES) this.set({ capability: c }, by.get(c) ?? 0);
    },
  }),
  seen: new prom.Gauge({
    name: 'svc_workers_seen',
    help: 'Workers seen within the freshness window (workers.fresh_seconds), per capability they offer',
    labelNames: ['capability'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      if (!source) return;
      const workers = await freshWorkers(source.db, source.freshMs);
      for (const c of CAPABILITY_NAMES)
        this.set({ capability: c }, workers.filter((w) => w.capabilities.includes(c)).length);
    },
  }),
}));

/** Where the gauges read; the gateway's worker routes set it when they start. */
export function watchWorkerJobs(db: Db, freshMs: number): void {
  if (jobs()) source = { db, freshMs };
}

export const jobMetricsOn = (): boolean => jobs() !== undefined;

export function jobEntered(capability: string, state: JobState): void {
  jobs()?.transitions.inc({ capability, state });
}
