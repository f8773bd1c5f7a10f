// The provider call: a chosen model answered in-process (svc/eco) or by its providers, as
// a whole reply or as a stream of events. The one place outside models/providers/ that
// reaches them; the pipeline holds the only instance (test/gateway/pipeline checks it).
import type { Logger } from '../../platform/logger.js';
import type { CatalogueModel } from './catalogue.js';
import { type CallWatch, outcomeOf, watchCall } from './observe-call.js';
import { ecoReply, ecoStream } from './eco.js';
import { upstreamBadReply } from '../models/errors.js';
import { upstreamEvents } from '../models/providers/events.js';
import { buildCountTokensCall, parseCountTokens } from '../models/providers/anthropic/count-tokens.js';
import { buildEmbeddingsCall, parseEmbeddingsReply } from '../models/providers/openai/embeddings.js';
import type { Embeddings, EmbeddingsRequest } from '../models/formats/embeddings.js';
import { type UpstreamOptions, Upstreams } from '../models/providers/http.js';
import type { Target } from '../models/providers/types.js';
import {
  type TranscriptionInput,
  type TranscriptionReply,
  TranscriptionUpstream,
} from '../models/providers/transcription.js';
import type { TranscriptionConfig } from '../../platform/config/transcription.js';
import type { Conversation, Reply, StreamEvent } from '../models/types.js';

export type { TranscriptionInput, TranscriptionReply, UpstreamOptions };

export class ProviderCall {
  readonly #upstreams: Upstreams;
  readonly #transcription: TranscriptionUpstream;

  constructor(logger: Logger, options: UpstreamOptions = {}) {
    this.#upstreams = new Upstreams(logger.child({ component: 'upstream' }), options);
    this.#transcription = new TranscriptionUpstream(logger.child({ component: 'upstream' }));
  }

  /** Audio → text at the configured OpenAI-compatible transcription provider. */
  transcribe(
    config: TranscriptionConfig,
    input: TranscriptionInput,
    signal: AbortSignal,
  ): Promise<TranscriptionReply> {
    return this.#transcription.transcribe(config, input, signal);
  }

  async complete(conv: Conversation, model: CatalogueModel, signal: AbortSignal): Promise<Reply> {
    const watch = watchCall(model, 'json');
    if (!watch) return this.#complete(conv, model, signal);
    try {
      const reply = await this.#complete(conv, model, signal, watch);
      watch.end('ok', reply.usage);
      return reply;
    } catch (err) {
      watch.end(outcomeOf(err, signal));
      throw err;
    }
  }

  async #complete(
    conv: Conversation,
    model: CatalogueModel,
    signal: AbortSignal,
    watch?: CallWatch,
  ): Promise<Reply> {
    if (model.targets.length === 0) return ecoReply(conv);
    const res = await this.#upstreams.open(model.targets, { ...conv, stream: false }, signal, watch?.trace);
    watch?.answered(res.target);
    return res.kind.parseReply(await readJson(res.body));
  }

  /** Events come in batches, one per upstream network chunk. Resolves once the upstream answered 2xx, so failures before that still get an HTTP status. */
  async stream(
    conv: Conversation,
    model: CatalogueModel,
    signal: AbortSignal,
  ): Promise<AsyncIterable<StreamEvent[]>> {
    const watch = watchCall(model, 'stream');
    if (!watch) return this.#stream(conv, model, signal);
    try {
      return watch.watch(await this.#stream(conv, model, signal, watch));
    } catch (err) {
      watch.end(outcomeOf(err, signal));
      throw err;
    }
  }

  async #stream(
    conv: Conversation,
    model: CatalogueModel,
    signal: AbortSignal,
    watch?: CallWatch,
  ): Promise<AsyncIterable<StreamEvent[]>> {
    if (model.targets.length === 0) return ecoStream(conv);
    const res = await this.#upstreams.open(model.targets, { ...conv, stream: true }, signal, watch?.trace);
    watch?.answered(res.target);
    return (async function* () {
      try {
        yield* upstreamEvents(res.body, res.kind.streamTransform());
      } finally {
        // The caller went away or the stream failed: stop reading (and paying for) the upstream.
        res.body.destroy();
      }
    })();
  }

  /** Cleaned texts → one vector each, at the model's providers in order (OpenAI embeddings format). */
  async embed(req: EmbeddingsRequest, model: CatalogueModel, signal: AbortSignal): Promise<Embeddings> {
    const watch = watchCall(model, 'json', 'embeddings');
    try {
      const res = await this.#upstreams.send(
        model.targets,
        (t, basePath) => buildEmbeddingsCall(req, t.upstreamModel, t.provider, basePath),
        signal,
        watch?.trace,
      );
      watch?.answered(res.target);
      const reply = parseEmbeddingsReply(await readJson(res.body), req.input.length);
      watch?.end('ok', { input: reply.inputTokens, output: 0 });
      return reply;
    } catch (err) {
      watch?.end(outcomeOf(err, signal));
      throw err;
    }
  }

  /** The vendor's own count of a cleaned conversation, at providers of the messages format, in order. */
  async countTokens(conv: Conversation, targets: readonly Target[], signal: AbortSignal): Promise<number> {
    const res = await this.#upstreams.send(
      targets,
      (t, basePath) => buildCountTokensCall(conv, t.upstreamModel, t.provider, basePath),
      signal,
    );
    return parseCountTokens(await readJson(res.body));
  }

  async close(): Promise<void> {
    await Promise.all([this.#upstreams.close(), this.#transcription.close()]);
  }
}

/** An upstream's JSON answer; anything unreadable is a bad reply (502). */
async function readJson(body: { text(): Promise<string> }): Promise<unknown> {
  try {
    return JSON.parse(await body.text());
  } catch {
    throw upstreamBadReply();
  }
}
