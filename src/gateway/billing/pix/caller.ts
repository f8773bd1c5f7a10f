// Who sent a public credit request: the client address (request.ip: behind TRUSTED_PROXIES,
// the forwarded one) for the daily caps, and the signed-in account when a session cookie is
// present — recorded, never required (a bad or expired cookie is simply no account).
import type { FastifyRequest } from 'fastify';
import { PRODUCT_ID } from '../../product.js';
import type { Context } from '../../../platform/context.js';
import { readSessionCookie } from '../../sessions/cookie.js';
import { findSession } from '../../sessions/store.js';

export interface Caller {
  address: string;
  accountId?: string;
}

export function callerReader(ctx: Context): (request: FastifyRequest) => Promise<Caller> {
  return async (request) => {
    const address = request.ip;
    const token = readSessionCookie(request.headers.cookie);
    if (token === undefined) return { address };
    const session = await findSession(ctx.db.kysely, PRODUCT_ID, token, Date.now());
    const signedIn = session && session.account_id !== null && session.mfa_state !== 'pending';
    return signedIn ? { address, accountId: session.account_id! } : { address };
  };
}
