// `GET /api/metrics` is public, with more for the operator: no Authorization header is the
// public answer, the operator token adds the ledger, anything else is 401. Like the operator
// guard (platform/http/token-guard.ts), the route is 503 when no operator token is set.
import type { FastifyRequest } from 'fastify';
import { safeEqual, sha256 } from '../../platform/crypto.js';
import { bearerToken } from '../../platform/http/authorization.js';
import { invalidBearerToken, routeNotConfigured } from '../../platform/http/errors.js';

export function optionalOperator(configured: string | undefined): (request: FastifyRequest) => boolean {
  const expected = configured === undefined ? undefined : sha256(configured);
  return (request) => {
    if (expected === undefined) {
      throw routeNotConfigured('OPERATOR_TOKEN');
    }
    const header = request.headers.authorization;
    if (header === undefined) return false;
    const presented = bearerToken(header);
    if (presented === undefined || !safeEqual(sha256(presented), expected)) {
      throw invalidBearerToken();
    }
    return true;
  };
}
