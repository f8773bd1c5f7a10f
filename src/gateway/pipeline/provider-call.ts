// The provider call: a chosen model answered in-process (svc/eco) or by its providers, as
// a whole reply or as a stream of events. The one place outside models/providers/ that
// reaches them; the pipeline holds the only instance (test/gateway/pipeline checks it).
import type { Logger } from '../../platform/logger.js';
import type { CatalogueModel } from './catalogue.js';
import { ecoReply, ecoStream } from './eco.js';
import { upstreamBadReply } from '../models/errors.js';
import { upstreamEvents } from '../models/providers/events.js';
import { type UpstreamOptions, Upstreams } from '../models/providers/http.js';
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
    if (model.targets.length === 0) return ecoReply(conv);
    const res = await this.#upstreams.open(model.targets, { ...conv, stream: false }, signal);
    let body: unknown;
    try {
      body = JSON.parse(await res.body.text());
    } catch {
      throw upstreamBadReply();
    }
    return res.kind.parseReply(body);
  }

  /** Events come in batches, one per upstream network chunk. Resolves once the upstream answered 2xx, so failures before that still get an HTTP status. */
  async stream(
    conv: Conversation,
    model: CatalogueModel,
    signal: AbortSignal,
  ): Promise<AsyncIterable<StreamEvent[]>> {
    if (model.targets.length === 0) return ecoStream(conv);
    const res = await this.#upstreams.open(model.targets, { ...conv, stream: true }, signal);
    return (async function* () {
      try {
        yield* upstreamEvents(res.body, res.kind.streamTransform());
      } finally {
        // The caller went away or the stream failed: stop reading (and paying for) the upstream.
        res.body.destroy();
      }
    })();
  }

  async close(): Promise<void> {
    await Promise.all([this.#upstreams.close(), this.#transcription.close()]);
  }
}
