// Rate limits and quotas (docs/errors.md, "Authentication codes" and "Model routes").
import { errorCodes } from '../../platform/http/errors.js';

export const LIMITS = errorCodes('gateway/limits', {
  rate_limit_exceeded: 429,
  quota_exceeded: 429,
});
