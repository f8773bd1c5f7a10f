// The access decision's refusals, whatever the credential, and the per-key controls' at the
// call (docs/errors.md "Authentication codes" and "Model routes"). `account_not_released` is
// the sessions catalogue's: founding an organisation refuses with it too, below this folder.
import { errorCodes } from '../../platform/http/errors.js';

export const ACCESS = errorCodes('gateway/access', {
  trial_ended: 403,
  product_disabled: 403,
  network_not_allowed: 403,
  key_expired: 401,
  model_not_allowed: 403,
  budget_exceeded: 429,
  token_rate_limit_exceeded: 429,
});
