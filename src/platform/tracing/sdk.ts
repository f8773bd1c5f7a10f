// The OpenTelemetry SDK, loaded only when tracing is on (index.ts imports this module
// dynamically). Traces only: exporter, protocol, headers, sampler and resource come from the
// standard OTEL_* variables (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL
// http/protobuf or http/json, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, …), read by
// the SDK itself. No automatic instrumentation: the spans are the ones the code makes.
import { NodeSDK } from '@opentelemetry/sdk-node';

export function startSdk(serviceName: string): { shutdown(): Promise<void> } {
  const sdk = new NodeSDK({
    serviceName,
    instrumentations: [],
    // No metrics or logs over OTLP: metrics are Prometheus's (METRICS_PORT), logs are stdout's.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return sdk;
}
