// What a serving process turns on for the people who run it, before its storage and
// services start: the Prometheus registry (METRICS_PORT, on METRICS_HOST, behind METRICS_TOKEN)
// and OpenTelemetry traces (OTEL_*).
// Neither is loaded when its setting is unset. Under --processes the workers only record;
// the primary serves the scrapes, gathering every worker's registry. Once per process.
import cluster from 'node:cluster';
import type { Config } from './config/index.js';
import { enableMetrics, metricsRenderer } from './metrics/index.js';
import { type MetricsListener, startMetricsListener } from './metrics/listener.js';
import { startTracing, stopTracing } from './tracing/index.js';

export interface Observability {
  /** Starts the scrape listener when this process serves it; its URL for the listening line. */
  listen(): Promise<{ metrics?: string }>;
  /** Closes the listener and exports the spans still buffered. */
  close(): Promise<void>;
}

let started: Promise<Observability> | undefined;

export function startObservability(config: Config): Promise<Observability> {
  started ??= start(config);
  return started;
}

async function start(config: Config): Promise<Observability> {
  const { metricsPort: port, metricsHost: host, metricsToken: token, tracing } = config.operations;
  if (port !== undefined) await enableMetrics();
  if (tracing.enabled) await startTracing(tracing.serviceName);
  let listener: MetricsListener | undefined;
  return {
    async listen() {
      if (port === undefined || cluster.isWorker || listener)
        return listener ? { metrics: listener.url } : {};
      listener = await startMetricsListener({ host, port, token }, await metricsRenderer());
      return { metrics: listener.url };
    },
    async close() {
      await listener?.close();
      await stopTracing();
    },
  };
}
