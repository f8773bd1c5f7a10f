// Prometheus metrics (docs/operations.md): one registry per process, built only when
// METRICS_PORT is set. Each concern declares its metrics with `metricSet` in a small module
// of its own and records through tiny functions that start with `const m = set(); if (!m)
// return;` — with metrics off, prom-client is never loaded and a recording costs one call.
// Labels are bounded sets (route templates, model ids, providers, status classes,
// categories): never a key, account, organisation, job id or any personal value.
import cluster from 'node:cluster';
import type { Registry } from 'prom-client';

export type Prom = typeof import('prom-client');

export interface MetricsScope {
  prom: Prom;
  registry: Registry;
}

interface Entry {
  build(scope: MetricsScope): unknown;
  value: unknown;
}

const entries: Entry[] = [];
let scope: MetricsScope | undefined;

/** A group of metrics, built when metrics are enabled; the getter answers undefined until then. */
export function metricSet<T>(build: (scope: MetricsScope) => T): () => T | undefined {
  const entry: Entry = { build, value: scope ? build(scope) : undefined };
  entries.push(entry);
  return () => entry.value as T | undefined;
}

export const metricsEnabled = (): boolean => scope !== undefined;

/** Seconds since `start` (a `performance.now()` reading), for the histograms. */
export const secondsSince = (start: number): number => (performance.now() - start) / 1000;

/** HTTP status → `2xx`, `4xx`, … */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

/**
 * Loads prom-client and builds every declared set, plus the process metrics (event-loop lag,
 * heap, GC). In a worker of `--processes`, the primary gathers this registry for its scrapes.
 */
export async function enableMetrics(): Promise<Registry> {
  if (scope) return scope.registry;
  const prom = (await import('prom-client')).default;
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });
  scope = { prom, registry };
  for (const entry of entries) entry.value = entry.build(scope);
  if (cluster.isWorker) {
    new prom.AggregatorRegistry(); // answers the primary's requests for this process's metrics
    prom.AggregatorRegistry.setRegistries([registry]);
  }
  return registry;
}

/** What GET /metrics answers: this process's registry, or every worker's summed (primary). */
export async function metricsRenderer(): Promise<() => Promise<{ type: string; text: string }>> {
  const prom = (await import('prom-client')).default;
  if (cluster.isPrimary && scope === undefined) {
    const aggregator = new prom.AggregatorRegistry();
    return async () => ({ type: aggregator.contentType, text: await aggregator.clusterMetrics() });
  }
  const registry = await enableMetrics();
  return async () => ({ type: registry.contentType, text: await registry.metrics() });
}
