// The model pipeline's own error codes (docs/errors.md, "Model routes").
import { errorCodes } from '../../platform/http/errors.js';

export const PIPELINE = errorCodes('gateway/pipeline', {
  model_not_released: 403,
  /** An embedding model on a chat route, or a chat model on POST /v1/embeddings. */
  wrong_model_kind: 400,
});
