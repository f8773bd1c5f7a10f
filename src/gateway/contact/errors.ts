// The contact form's error codes (docs/errors.md).
import { errorCodes } from '../../platform/http/errors.js';

export const CONTACT = errorCodes('gateway/contact', {
  too_many_requests: 429,
});
