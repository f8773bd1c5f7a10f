// Upstream HTTP: one keep-alive undici pool per provider origin, timeouts, a retry on
// connection errors only, and fallback to the next provider of the same model while
// nothing has reached the caller yet.
import { Pool } from 'undici';
import type { ApiError } from '../../../platform/http/errors.js';
import type { Logger } from '../../../platform/logger.js';
import { upstreamError, upstreamTimeout, upstreamUnavailable } from '../errors.js';
import type { Conversation, WireFormat } from '../types.js';
import { anthropicProvider } from './anthropic/index.js';
import { openaiProvider } from './openai/index.js';
import { responsesProvider } from './responses/index.js';
import type { ProviderKind, Target, UpstreamCall } from './types.js';

export interface UpstreamOptions {
  connectTimeoutMs?: number;
  /** Until the response headers (for a JSON reply, the whole generation). */
  headersTimeoutMs?: number;
  /** Longest silence between two body chunks. */
  bodyTimeoutMs?: number;
  connections?: number;
}

export interface UpstreamResponse {
  target: Target;
  kind: ProviderKind;
  body: AsyncIterable<Uint8Array> & { text(): Promise<string>; destroy(err?: Error): unknown };
}

/**
 * How a call reaches a target: anthropic speaks messages; openai speaks chat completions,
 * and the Responses API to the callers of `/v1/responses` when it says it serves that API.
 */
export function kindOf(target: Target, source: WireFormat): ProviderKind {
  if (target.provider.type === 'anthropic') return anthropicProvider;
  return source === 'responses' && target.provider.responses_api ? responsesProvider : openaiProvider;
}

// Errors raised before any byte of a response: the request may be sent again safely.
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);

const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

function codeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
}

export class Upstreams {
  readonly #pools = new Map<string, Pool>();
  readonly #bases = new Map<string, { origin: string; basePath: string }>();
  readonly #options: Required<UpstreamOptions>;

  constructor(
    private readonly logger: Logger,
    options: UpstreamOptions = {},
  ) {
    this.#options = {
      connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
      headersTimeoutMs: options.headersTimeoutMs ?? 300_000,
      bodyTimeoutMs: options.bodyTimeoutMs ?? 120_000,
      connections: options.connections ?? 256,
    };
  }

  #pool(origin: string): Pool {
    let pool = this.#pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.#options.connections,
        keepAliveTimeout: 30_000,
        connect: { timeout: this.#options.connectTimeoutMs },
        headersTimeout: this.#options.headersTimeoutMs,
        bodyTimeout: this.#options.bodyTimeoutMs,
      });
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  /** A model call: the first target that answers 2xx (see `send`), in the target's own wire format. */
  async open(
    targets: readonly Target[],
    conv: Conversation,
    signal: AbortSignal,
    /** W3C trace headers, sent only to providers configured with `propagate_trace`. */
    trace?: Record<string, string>,
  ): Promise<UpstreamResponse> {
    const res = await this.send(
      targets,
      (target, basePath) =>
        kindOf(target, conv.source).build(conv, target.upstreamModel, target.provider, basePath),
      signal,
      trace,
    );
    return { ...res, kind: kindOf(res.target, conv.source) };
  }

  /**
   * Any POST to a model's providers (a model call, embeddings, a token count): `build` says
   * what to send to one target. The first target that answers 2xx wins. Connection errors
   * are retried once on the same target; connection errors, timeouts, 429 and 5xx move on
   * to the next target; other 4xx are final (the next provider would refuse the same request).
   */
  async send(
    targets: readonly Target[],
    build: (target: Target, basePath: string) => UpstreamCall,
    signal: AbortSignal,
    trace?: Record<string, string>,
  ): Promise<Omit<UpstreamResponse, 'kind'>> {
    // Built only on failure: an error captures a stack trace, a cost the success path need not pay.
    let failure: ApiError | null = null;
    for (const target of targets) {
      const { origin, basePath } = this.#base(target.provider.base_url);
      const call = build(target, basePath);
      const payload = JSON.stringify(call.body);
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const res = await this.#pool(origin).request({
            method: 'POST',
            path: call.path,
            headers: trace && target.provider.propagate_trace ? { ...call.headers, ...trace } : call.headers,
            body: payload,
            signal,
          });
          if (res.statusCode >= 200 && res.statusCode < 300) return { target, body: res.body };
          // The body may echo the prompt: read it to free the socket, never copy it.
          await res.body.dump().catch(() => {});
          this.logger.warn({ provider: target.providerName, status: res.statusCode }, 'upstream refused');
          failure = upstreamError(res.statusCode);
          if (res.statusCode === 429 || res.statusCode >= 500) break;
          throw failure;
        } catch (err) {
          if (signal.aborted) throw err;
          const code = codeOf(err);
          if (!CONNECTION_ERRORS.has(code) && !TIMEOUTS.has(code)) throw err;
          this.logger.warn({ provider: target.providerName, code, attempt }, 'upstream unreachable');
          failure =
            TIMEOUTS.has(code) && code !== 'UND_ERR_CONNECT_TIMEOUT'
              ? upstreamTimeout()
              : upstreamUnavailable();
          if (!CONNECTION_ERRORS.has(code)) break;
        }
      }
    }
    throw failure ?? upstreamUnavailable();
  }

  /** base_url split once per provider, not parsed again on every request. */
  #base(baseUrl: string): { origin: string; basePath: string } {
    let base = this.#bases.get(baseUrl);
    if (!base) {
      const url = new URL(baseUrl);
      base = { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
      this.#bases.set(baseUrl, base);
    }
    return base;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#pools.values()].map((p) => p.close()));
    this.#pools.clear();
  }
}
