// Who sent a public credit request: the client address (request.ip: behind TRUSTED_PROXIES,
// the forwarded one) for the daily caps, and the signed-in account when a session cookie is
// present — recorded, never required (a bad or expired cookie is simply no account). A write
// that a signed-in cookie speaks for (a balance for the account's organisation, a purchase
// recorded as the account's) is a session write like every other: the exact Origin, no
// cross-site fetch metadata and the session's CSRF value, or 403 — a page elsewhere cannot
// make a signed-in browser create charges.
import type { FastifyRequest } from 'fastify';
import { PRODUCT_ID } from '../../product.js';
import type { Context } from '../../../platform/context.js';
import { deriveKey } from '../../../platform/secret.js';
import { readSessionCookie } from '../../sessions/cookie.js';
import { checkCsrf, checkOrigin } from '../../sessions/guard.js';
import { findSession } from '../../sessions/store.js';

export interface Caller {
  address: string;
  accountId?: string;
}

export function callerReader(ctx: Context): (request: FastifyRequest) => Promise<Caller> {
  const deps = { origins: ctx.origins, csrfKey: deriveKey(ctx.secret, 'csrf') };
  return async (request) => {
    const address = request.ip;
    const token = readSessionCookie(request.headers.cookie);
    if (token === undefined) return { address };
    const session = await findSession(ctx.db.kysely, PRODUCT_ID, token, Date.now());
    const signedIn = session && session.account_id !== null && session.mfa_state !== 'pending';
    if (!signedIn) return { address };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      checkOrigin(deps, request, true);
      checkCsrf(deps, request, session);
    }
    return { address, accountId: session.account_id! };
  };
}
