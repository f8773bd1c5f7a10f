// What the request log (gateway/calls) learns of one model call from the pipeline: the
// model resolved, the findings, the usage. The pipeline knows only this interface, so the
// log depends on the pipeline and never the other way round; calls/hook.ts puts one on
// each request of a logged route, route-options.ts hands it to the pipeline.
import type { Finding } from '../../privacy/index.js';
import type { Usage } from '../models/types.js';
import type { CatalogueModel } from './catalogue.js';

export interface CallObserver {
  /** The model is resolved from the name the caller sent (`asked`, a catalogue name). */
  resolved(asked: string, model: CatalogueModel): void;
  screened(findings: readonly Finding[]): void;
  /** The usage the provider reported and its cost at the catalogue price (charge.ts priceOf). */
  used(usage: Usage, costMicros: number): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    callNote?: CallObserver;
  }
}
