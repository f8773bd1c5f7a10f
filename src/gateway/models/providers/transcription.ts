// Transcription upstream: one keep-alive pool per provider origin, the configured timeout,
// and the same error mapping as model calls — except that a provider refusing the audio
// itself (a 4xx other than auth and rate limits) is the caller's file, not our request.
import { type Dispatcher, Pool } from 'undici';
import { TRANSCRIPTION_DEFAULTS, type TranscriptionConfig } from '../../../platform/config/transcription.js';
import type { Logger } from '../../../platform/logger.js';
import {
  transcriptionTimeout,
  unreadableAudio,
  upstreamBadReply,
  upstreamError,
  upstreamUnavailable,
} from '../errors.js';
import {
  buildTranscriptionForm,
  parseTranscription,
  type TranscriptionInput,
  type TranscriptionReply,
} from './openai/transcription.js';

export type { TranscriptionInput, TranscriptionReply };

export class TranscriptionUpstream {
  readonly #pools = new Map<string, Pool>();

  constructor(private readonly logger: Logger) {}

  #pool(origin: string, timeoutMs: number): Pool {
    const key = `${origin} ${timeoutMs}`;
    let pool = this.#pools.get(key);
    if (!pool) {
      pool = new Pool(origin, {
        connections: 64,
        keepAliveTimeout: 30_000,
        connect: { timeout: 5_000 },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      this.#pools.set(key, pool);
    }
    return pool;
  }

  async transcribe(
    config: TranscriptionConfig,
    input: TranscriptionInput,
    signal: AbortSignal,
  ): Promise<TranscriptionReply> {
    const url = new URL(config.base_url);
    const timeoutMs = (config.timeout_seconds ?? TRANSCRIPTION_DEFAULTS.timeout_seconds) * 1000;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (config.api_key) headers.authorization = `Bearer ${config.api_key}`;
    let res: Dispatcher.ResponseData;
    try {
      res = await this.#pool(url.origin, timeoutMs).request({
        method: 'POST',
        path: `${url.pathname.replace(/\/+$/, '')}/audio/transcriptions`,
        headers,
        body: buildTranscriptionForm(input, config),
        signal,
      });
    } catch (err) {
      if (signal.aborted) throw err;
      const code = (err as { code?: string }).code ?? '';
      this.logger.warn({ provider: 'transcription', code }, 'upstream unreachable');
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') throw transcriptionTimeout();
      throw upstreamUnavailable();
    }
    if (res.statusCode < 200 || res.statusCode >= 300) {
      // The body may echo what was heard: drain it, never copy it.
      await res.body.dump().catch(() => {});
      this.logger.warn({ provider: 'transcription', status: res.statusCode }, 'upstream refused');
      const s = res.statusCode;
      if (s >= 400 && s < 500 && s !== 401 && s !== 403 && s !== 408 && s !== 429) {
        throw unreadableAudio();
      }
      throw upstreamError(s);
    }
    let body: unknown;
    try {
      body = JSON.parse(await res.body.text());
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === 'UND_ERR_BODY_TIMEOUT') throw transcriptionTimeout();
      throw upstreamBadReply();
    }
    return parseTranscription(body);
  }

  async close(): Promise<void> {
    await Promise.all([...this.#pools.values()].map((p) => p.close()));
    this.#pools.clear();
  }
}
