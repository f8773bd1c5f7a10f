// The account area's error codes (docs/errors.md, "Accounts and sessions").
import { errorCodes } from '../../platform/http/errors.js';

export const ACCOUNTS = errorCodes('gateway/accounts', {
  invalid_credentials: 401,
  invalid_code: 401,
  invalid_password: 400,
  email_taken: 409,
  revision_conflict: 409,
  invalid_image: 400,
  totp_already_enabled: 409,
  totp_not_started: 409,
  signup_closed: 403,
  invalid_link: 400,
  invitation_not_sent: 502,
  mail_not_configured: 503,
});
