// Organisation error codes (docs/errors.md).
import { errorCodes } from '../../platform/http/errors.js';

export const ORGS = errorCodes('gateway/orgs', {
  organization_forbidden: 403,
  organization_not_found: 404,
  organization_mfa_required: 403,
  invalid_organization_name: 400,
  organization_name_taken: 409,
  organization_limit_reached: 409,
});
