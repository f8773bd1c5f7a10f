// The barrier's error codes (docs/errors.md, "Privacy routes").
import { errorCodes } from '../../platform/http/errors.js';

export const PRIVACY = errorCodes('gateway/privacy', {
  pii_blocked: 422,
});
