// The barrier's error codes (docs/errors.md, "Model routes": the privacy routes answer it too).
import { errorCodes } from '../../platform/http/errors.js';

export const PRIVACY = errorCodes('gateway/privacy', {
  pii_blocked: 422,
});
