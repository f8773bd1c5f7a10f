// The session scheme's error codes (docs/errors.md, "Authentication codes").
import { errorCodes } from '../../platform/http/errors.js';

export const SESSIONS = errorCodes('gateway/sessions', {
  invalid_session: 401,
  invalid_origin: 403,
  invalid_csrf: 403,
  reauth_required: 401,
  auth_unavailable: 503,
  /** An account awaiting the operator's release: it may sign in, but neither call nor found. */
  account_not_released: 403,
});
