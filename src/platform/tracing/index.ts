// OpenTelemetry traces (docs/operations.md), on only when OTEL_EXPORTER_OTLP_ENDPOINT (or
// _TRACES_ENDPOINT) is set: then the SDK and the API are loaded and these helpers make
// spans; otherwise nothing is loaded and every helper returns at its first line. Span
// attributes are bounded facts (route templates, model ids, token counts, finding counts):
// never a prompt, a reply, a key or any personal value.
import type { Attributes, Context as OtelContext, Span, Tracer } from '@opentelemetry/api';

type Api = typeof import('@opentelemetry/api');

let api: Api | undefined;
let tracer: Tracer | undefined;
let sdk: { shutdown(): Promise<void> } | undefined;

export type { Span };

export const tracingEnabled = (): boolean => tracer !== undefined;

/** Loads the SDK (exporter from the OTEL_* variables) and registers it globally. */
export async function startTracing(serviceName: string): Promise<void> {
  if (tracer) return;
  const { startSdk } = await import('./sdk.js');
  sdk = startSdk(serviceName);
  api = await import('@opentelemetry/api');
  tracer = api.trace.getTracer('svc');
}

/** Exports what is still buffered; called at shutdown. */
export async function stopTracing(): Promise<void> {
  await sdk?.shutdown().catch(() => {});
}

/** Whether a span is active here: work outside any request (sweeps, polls) makes no trace of its own. */
export function inTrace(): boolean {
  return api !== undefined && api.trace.getSpan(api.context.active()) !== undefined;
}

/** The loaded API (for the request hooks); undefined when tracing is off. */
export const tracingApi = (): Api | undefined => api;

/** A span, child of the active one (or of `parent`); undefined when tracing is off. */
export function startSpan(
  name: string,
  attributes?: Attributes,
  options: { client?: boolean; parent?: OtelContext; startTime?: number } = {},
): Span | undefined {
  if (!tracer || !api) return undefined;
  const kind = options.client ? api.SpanKind.CLIENT : api.SpanKind.INTERNAL;
  const parent = options.parent ?? api.context.active();
  return tracer.startSpan(name, { attributes, kind, startTime: options.startTime }, parent);
}

/** Runs `fn` in a span (active inside it) that ends with it; a throw marks the span as an error. */
export async function inSpan<T>(
  name: string,
  attributes: Attributes | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (!tracer || !api) return fn();
  const span = tracer.startSpan(name, { attributes });
  const a = api;
  try {
    return await a.context.with(a.trace.setSpan(a.context.active(), span), fn);
  } catch (err) {
    failSpan(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/** Marks a span failed with the error's class and code only (messages may quote values). */
export function failSpan(span: Span | undefined, err: unknown): void {
  if (!span || !api) return;
  const e = err as { name?: string; code?: unknown; status?: unknown };
  span.setStatus({
    code: api.SpanStatusCode.ERROR,
    message: typeof e?.code === 'string' ? e.code : undefined,
  });
  span.setAttribute('error.type', typeof e?.code === 'string' ? e.code : (e?.name ?? 'error'));
}

/** The W3C trace headers (traceparent, tracestate) of `span`, for a call that propagates them. */
export function traceHeaders(span: Span | undefined): Record<string, string> | undefined {
  if (!span || !api) return undefined;
  const headers: Record<string, string> = {};
  api.propagation.inject(api.trace.setSpan(api.context.active(), span), headers);
  return headers;
}
