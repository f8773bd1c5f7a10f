// API keys' error codes: an absent or invalid key, and the key routes (docs/errors.md); the
// refusals of a known credential are the access decision's (access/errors.ts).
import { errorCodes } from '../../platform/http/errors.js';

export const KEYS = errorCodes('gateway/keys', {
  invalid_api_key: 401,
  invalid_key_name: 400,
  invalid_organization: 400,
  key_limit_reached: 409,
  invalid_key_id: 400,
  key_not_found: 404,
  invalid_key_controls: 400,
});
