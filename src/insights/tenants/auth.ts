// Tenant authentication: client_id + secret token in the URL,
// plus the tenant's IP allowlist. Every failure is the same 401 {error:"unauthorized"};
// only the log says which check failed (ip_not_allowed, unknown_client_id, bad_token).
// Runs in onRequest, before the body is read: strangers cost no parsing.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Context } from '../../platform/context.js';
import { bearerToken } from '../../platform/http/authorization.js';
import { invalidCredentials } from '../errors.js';
import { type Tenant, tenantCache, tokenHash, tokenMatches } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    tenant?: Tenant;
  }
}

export const UNAUTHORIZED = { error: 'unauthorized' } as const;

/** The query credential, as the routes' schemas declare it. */
export const credentialsQuery = {
  client_id: Type.Optional(Type.String({ description: 'Identificador público do cliente (tenant)' })),
  token: Type.Optional(Type.String({ description: 'Token secreto do webhook' })),
};

export type AuthFailure = 'unknown_client_id' | 'ip_not_allowed' | 'bad_token';

function single(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The credentials of a request: query `client_id` and `token`, or (read routes) `X-Client-Id` and a Bearer token. */
export function credentials(
  request: FastifyRequest,
  headersToo: boolean,
): { clientId?: string; token?: string } {
  const q = (request.query ?? {}) as Record<string, unknown>;
  let clientId = single(q.client_id);
  let token = single(q.token);
  if (headersToo) {
    clientId ??= single(request.headers['x-client-id']);
    token ??= bearerToken(request.headers.authorization);
  }
  return { clientId, token };
}

export function createTenantAuth(
  ctx: Context,
  options: {
    headersToo: boolean;
    body: unknown;
    /** The digest comparison (tests spy on it: every path must run it exactly once). */
    equal?: (a: string, b: string) => boolean;
  },
) {
  const lookup = tenantCache(ctx.db.kysely);
  // Spent when the client id is unknown, so that case costs what a wrong token costs.
  const dummyHash = tokenHash(ctx, 'insights-unknown-client');

  async function check(request: FastifyRequest): Promise<Tenant | AuthFailure> {
    const { clientId, token } = credentials(request, options.headersToo);
    const tenant = clientId ? await lookup(clientId) : undefined;
    if (!tenant) {
      tokenMatches(ctx, { tokenHash: dummyHash }, token ?? '', options.equal);
      return 'unknown_client_id';
    }
    const address = request.ip;
    if (!tenant.isAllowed(address)) return 'ip_not_allowed';
    if (!tokenMatches(ctx, tenant, token ?? '', options.equal)) return 'bad_token';
    return tenant;
  }

  return async (request: FastifyRequest): Promise<void> => {
    const result = await check(request);
    if (typeof result === 'string') {
      // The client id is public; the token and the address are not logged.
      request.log.warn({ reason: result }, 'insights request unauthorized');
      throw invalidCredentials(options.body);
    }
    request.tenant = result;
  };
}
