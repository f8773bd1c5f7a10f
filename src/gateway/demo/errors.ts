// The landing page's demonstration of the barrier (docs/errors.md, "Demonstration").
import { errorCodes } from '../../platform/http/errors.js';

export const DEMO = errorCodes('gateway/demo', {
  demo_text_too_long: 413,
  demo_rate_limited: 429,
  demo_unavailable: 503,
});
