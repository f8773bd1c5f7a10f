// The first two steps: which catalogue model answers the conversation, and whether the
// principal may use it.
import { AUTO_ID } from '../../platform/model-ids.js';
import { chooseModel } from './auto.js';
import type { Catalogue, CatalogueModel } from './catalogue.js';
import { embeddingModelHere, modelNotFound } from '../models/errors.js';
import type { Conversation } from '../models/types.js';
import type { Principal } from './principal.js';
import { PIPELINE } from './errors.js';

/**
 * The model named by `conv.model` (404 when unknown, 400 for an embedding model: a
 * conversation needs a chat model); svc/auto picks among what the principal may use.
 */
export function resolveModel(catalogue: Catalogue, principal: Principal, conv: Conversation): CatalogueModel {
  if (conv.model === AUTO_ID) {
    return chooseModel(conv, catalogue.choosable(principal.releasedModels), catalogue.choosable(null));
  }
  const model = catalogue.get(conv.model);
  if (!model) throw modelNotFound();
  if (model.kind !== 'chat') throw embeddingModelHere();
  return model;
}

/** 403 unless the organisation released this model (null = the whole catalogue). */
export function assertReleased(principal: Principal, modelId: string): void {
  if (principal.releasedModels !== null && !principal.releasedModels.includes(modelId)) {
    throw PIPELINE.model_not_released('Este modelo não está liberado para a organização.');
  }
}
