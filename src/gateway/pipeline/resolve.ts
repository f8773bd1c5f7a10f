// The first two steps: which catalogue model answers the request, and whether the
// principal may use it. A model of the other kind (an embedding model named on a chat
// route, a chat model on /v1/embeddings) is refused here, the one place that says so.
import { assertModelAllowed, keyAllows } from '../access/controls.js';
import { AUTO_ID } from '../../platform/model-ids.js';
import type { ApiError } from '../../platform/http/errors.js';
import { chooseModel } from './auto.js';
import type { Catalogue, CatalogueModel } from './catalogue.js';
import { modelNotFound } from '../models/errors.js';
import type { Conversation } from '../models/types.js';
import type { Principal } from './principal.js';
import { chatModelOnEmbeddings, embeddingModelOnChat, modelNotReleased } from './errors.js';

/** The chat model named by `conv.model` (404 when unknown); svc/auto picks among what the principal may use. */
export function resolveModel(catalogue: Catalogue, principal: Principal, conv: Conversation): CatalogueModel {
  if (conv.model === AUTO_ID) {
    // Among what the organisation released and the key's own list allows.
    const choosable = catalogue.choosable(principal.releasedModels).filter((m) => keyAllows(principal, m));
    return chooseModel(conv, choosable, catalogue.choosable(null));
  }
  const model = catalogue.get(conv.model);
  if (!model) throw modelNotFound();
  if (model.kind !== 'chat') throw wrongKind(model, 'chat');
  return model;
}

/** The embedding model named `name` (POST /v1/embeddings): 404 when unknown, 400 for a chat model. */
export function resolveEmbeddingModel(catalogue: Catalogue, name: string): CatalogueModel {
  const model = catalogue.get(name);
  if (!model) throw modelNotFound();
  if (model.kind !== 'embedding') throw wrongKind(model, 'embedding');
  return model;
}

function wrongKind(model: CatalogueModel, wanted: CatalogueModel['kind']): ApiError {
  return wanted === 'chat' ? embeddingModelOnChat(model.id) : chatModelOnEmbeddings(model.id);
}

/** 403 unless the organisation released this model (null = the whole catalogue). */
/** The organisation's release (403 model_not_released), then the key's own list (403 model_not_allowed). */
export function assertReleased(
  principal: Principal,
  model: { id: string; aliases?: readonly string[] },
): void {
  if (principal.releasedModels !== null && !principal.releasedModels.includes(model.id)) {
    throw modelNotReleased();
  }
  assertModelAllowed(principal, model);
}
