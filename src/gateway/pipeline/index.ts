// The model pipeline's public face: everything outside src/gateway/pipeline/ that needs a
// model answered imports from here, never from models/providers/.
export type { KeyPrincipal, Principal } from './principal.js';
export type { UpstreamOptions } from './provider-call.js';
export { type ModelRun, ModelPipeline, type PipelineDeps, type RunOptions } from './run-model.js';
export type { CallCharges, Charge, OpenCharge } from './charge.js';
export type { EmbeddingsRun } from './embeddings.js';
export type { TokenCount } from './count-tokens.js';
