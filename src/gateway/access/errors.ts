// The per-key controls' refusals (docs/errors.md "Authentication codes" and "Model routes").
import { errorCodes } from '../../platform/http/errors.js';

export const ACCESS = errorCodes('gateway/access', {
  key_expired: 401,
  model_not_allowed: 403,
  budget_exceeded: 429,
  token_rate_limit_exceeded: 429,
});
