// The `credit` scheme: a credit token in the `X-Credito` header. 401 for a missing,
// malformed or unknown token (the checksum refuses a mistyped one before any query);
// 503 when payments are not configured. The token's record goes on the request.
import type { FastifyRequest } from 'fastify';
import type { Context } from '../../platform/context.js';
import type { Guard } from '../../platform/http/auth.js';
import { invalidCreditToken, notConfigured } from './errors.js';
import { type CreditTokenRecord, findCreditToken } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    creditToken?: CreditTokenRecord;
  }
}

export const CREDIT_HEADER = 'x-credito';

/** The presented token string, trimmed; undefined when absent or repeated. */
export function presentedCreditToken(request: FastifyRequest): string | undefined {
  const value = request.headers[CREDIT_HEADER];
  return typeof value === 'string' ? value.trim() : undefined;
}

export function creditGuard(ctx: Context): Guard {
  return async (request) => {
    if (!ctx.config.file.payments) throw notConfigured();
    const token = presentedCreditToken(request);
    if (!token) throw invalidCreditToken();
    const record = await findCreditToken(ctx.db, token, ctx.secret);
    if (!record) throw invalidCreditToken();
    request.creditToken = record;
  };
}

/** The token of a `credit` route; the guard guarantees it, this makes the type say so. */
export function creditTokenOf(request: FastifyRequest): CreditTokenRecord {
  if (!request.creditToken) throw invalidCreditToken();
  return request.creditToken;
}
