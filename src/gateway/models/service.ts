// Model calls without HTTP: resolve the catalogue entry, then answer in-process (svc/eco)
// or through the providers, as a whole reply or as a stream of events.
import type { Context } from '../../platform/context.js';
import { Catalogue, type CatalogueModel } from './catalogue.js';
import { ecoReply, ecoStream } from './eco.js';
import { modelNotFound, upstreamBadReply } from './errors.js';
import { type UpstreamOptions, Upstreams } from './providers/http.js';
import { upstreamEvents } from './providers/events.js';
import type { Conversation, Reply, StreamEvent } from './types.js';

export class ModelService {
  readonly catalogue: Catalogue;
  readonly #upstreams: Upstreams;

  constructor(ctx: Context, options: UpstreamOptions = {}) {
    this.catalogue = new Catalogue(ctx.config.file);
    this.#upstreams = new Upstreams(ctx.logger.child({ component: 'upstream' }), options);
  }

  model(id: string): CatalogueModel {
    const model = this.catalogue.get(id);
    if (!model) throw modelNotFound();
    return model;
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

  close(): Promise<void> {
    return this.#upstreams.close();
  }
}
