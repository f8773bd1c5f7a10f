// Guards for the schemes whose credential is one shared bearer token from the environment
// (`operator`: OPERATOR_TOKEN, `worker`: WORKER_TOKEN). A missing or wrong token
// is 401; a server with no token configured answers 503 ("not configured").
import { safeEqual, sha256 } from '../crypto.js';
import { bearerToken } from './authorization.js';
import type { Guard } from './auth.js';
import { invalidBearerToken, routeNotConfigured } from './errors.js';

export function tokenGuard(setting: string, configured: string | undefined): Guard {
  // Compared as digests: equal lengths, so the comparison time says nothing about the token.
  const expected = configured === undefined ? undefined : sha256(configured);
  return async (request) => {
    if (expected === undefined) {
      throw routeNotConfigured(setting);
    }
    const presented = bearerToken(request.headers.authorization);
    if (presented === undefined || !safeEqual(sha256(presented), expected)) {
      throw invalidBearerToken();
    }
  };
}
