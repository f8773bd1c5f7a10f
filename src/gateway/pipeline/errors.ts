// The model pipeline's own error codes (docs/errors.md, "Model routes").
import { errorCodes } from '../../platform/http/errors.js';

export const PIPELINE = errorCodes('gateway/pipeline', {
  model_not_released: 403,
});
