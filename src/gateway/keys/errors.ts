// API keys' error codes: the `key` scheme's refusals and the key routes (docs/errors.md).
import { errorCodes } from '../../platform/http/errors.js';

export const KEYS = errorCodes('gateway/keys', {
  invalid_api_key: 401,
  account_not_released: 403,
  trial_ended: 403,
  product_disabled: 403,
  network_not_allowed: 403,
  invalid_key_name: 400,
  invalid_organization: 400,
  key_limit_reached: 409,
  invalid_key_id: 400,
  key_not_found: 404,
  invalid_key_controls: 400,
});
