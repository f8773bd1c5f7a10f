// Metrics and the span of one model call (docs/operations.md): calls per model, provider and
// outcome; upstream latency (to the whole reply, or a stream's last event) and time to the
// first output of a stream; tokens in and out. The span follows the OpenTelemetry GenAI
// conventions (`gen_ai.*`: system, request model, usage tokens) — never the prompt or the reply.
import { ApiError } from '../../platform/http/errors.js';
import { metricSet, secondsSince } from '../../platform/metrics/index.js';
import {
  failSpan,
  type Span,
  startSpan,
  tracingEnabled,
  traceHeaders,
} from '../../platform/tracing/index.js';
import type { Target } from '../models/providers/types.js';
import type { StreamEvent, Usage } from '../models/types.js';
import type { CatalogueModel } from './catalogue.js';

const LABELS = ['model', 'provider'] as const;
const LATENCY = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300];

const models = metricSet(({ prom, registry }) => ({
  calls: new prom.Counter({
    name: 'svc_model_calls_total',
    help: 'Model calls per model, provider (svc: answered in-process) and outcome (ok, upstream_error, upstream_timeout, cancelled, error)',
    labelNames: [...LABELS, 'outcome'] as const,
    registers: [registry],
  }),
  duration: new prom.Histogram({
    name: 'svc_upstream_duration_seconds',
    help: 'From sending a model call to the whole reply (a stream: its last event), per mode (json, stream)',
    labelNames: [...LABELS, 'mode'] as const,
    buckets: LATENCY,
    registers: [registry],
  }),
  ttft: new prom.Histogram({
    name: 'svc_upstream_ttft_seconds',
    help: 'From sending a streamed model call to its first output',
    labelNames: LABELS,
    buckets: LATENCY,
    registers: [registry],
  }),
  tokens: new prom.Counter({
    name: 'svc_model_tokens_total',
    help: 'Tokens the providers reported, per model, provider and direction (input, output)',
    labelNames: [...LABELS, 'direction'] as const,
    registers: [registry],
  }),
}));

/** One call being watched; absent (undefined) when neither metrics nor traces are on. */
export interface CallWatch {
  /** traceparent/tracestate for a provider configured with `propagate_trace`. */
  readonly trace: Record<string, string> | undefined;
  /** The target that answered (after fallback). */
  answered(target: Target): void;
  /** The end of the call, however it ended; the stream's usage or the reply's. */
  end(outcome: string, usage?: Usage): void;
  /** Passes a stream through, noting its first output and its usage; ends the call with it. */
  watch(events: AsyncIterable<StreamEvent[]>): AsyncIterable<StreamEvent[]>;
}

/** The outcome label of a failed call: the upstream error's code, `cancelled`, or `error`. */
export function outcomeOf(err: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'cancelled';
  if (err instanceof ApiError && (err.code === 'upstream_error' || err.code === 'upstream_timeout'))
    return err.code;
  return 'error';
}

/** `operation`: the GenAI operation name (`chat`, or `embeddings` for POST /v1/embeddings). */
export function watchCall(
  model: CatalogueModel,
  mode: 'json' | 'stream',
  operation: 'chat' | 'embeddings' = 'chat',
): CallWatch | undefined {
  const m = models();
  if (!m && !tracingEnabled()) return undefined;
  const started = performance.now();
  const first = model.targets[0];
  let labels = { model: model.id, provider: first?.providerName ?? 'svc' };
  const span: Span | undefined = startSpan(
    `${operation} ${first?.upstreamModel ?? model.id}`,
    {
      'gen_ai.operation.name': operation,
      'gen_ai.system': first?.provider.type ?? 'svc',
      'gen_ai.request.model': first?.upstreamModel ?? model.id,
      'svc.model': model.id,
      'svc.stream': mode === 'stream',
    },
    { client: true },
  );
  let ended = false;
  const watch: CallWatch = {
    trace: traceHeaders(span),
    answered(target) {
      labels = { model: model.id, provider: target.providerName };
      span?.setAttributes({
        'gen_ai.system': target.provider.type,
        'gen_ai.request.model': target.upstreamModel,
        'svc.provider': target.providerName,
      });
    },
    end(outcome, usage) {
      if (ended) return;
      ended = true;
      if (m) {
        m.calls.inc({ ...labels, outcome });
        m.duration.observe({ ...labels, mode }, secondsSince(started));
        if (usage?.input) m.tokens.inc({ ...labels, direction: 'input' }, usage.input);
        if (usage?.output) m.tokens.inc({ ...labels, direction: 'output' }, usage.output);
      }
      if (span) {
        if (usage)
          span.setAttributes({
            'gen_ai.usage.input_tokens': usage.input,
            'gen_ai.usage.output_tokens': usage.output,
          });
        if (outcome !== 'ok') failSpan(span, { code: outcome });
        span.end();
      }
    },
    async *watch(events) {
      const usage: Usage = { input: 0, output: 0 };
      let outcome = 'cancelled';
      let firstSeen = false;
      try {
        for await (const batch of events) {
          for (const ev of batch) {
            if (!firstSeen && (ev.kind === 'text' || ev.kind === 'args')) {
              firstSeen = true;
              m?.ttft.observe(labels, secondsSince(started));
              span?.addEvent('gen_ai.first_output');
            } else if (ev.kind === 'usage') {
              if (ev.input !== undefined) usage.input = ev.input;
              if (ev.output !== undefined) usage.output = ev.output;
            }
          }
          yield batch;
        }
        outcome = 'ok';
      } catch (err) {
        outcome = err instanceof ApiError ? outcomeOf(err, new AbortController().signal) : 'upstream_error';
        throw err;
      } finally {
        watch.end(outcome, usage);
      }
    },
  };
  return watch;
}
