// Organisation error codes (docs/errors.md).
import { errorCodes } from '../../platform/http/errors.js';

export const ORGS = errorCodes('gateway/orgs', {
  organization_forbidden: 403,
  organization_not_found: 404,
  organization_mfa_required: 403,
});
