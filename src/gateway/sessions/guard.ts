// The guard of the `session` auth scheme (registered by the account routes, applied by the
// platform before the body is read): for writes, the exact Origin, no cross-site fetch
// metadata and the session's CSRF value; then the session itself.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Guard } from '../../platform/http/auth.js';
import type { Origins } from '../../platform/origins.js';
import { readSessionCookie } from './cookie.js';
import { csrfMatches } from './csrf.js';
import { findSession, type SessionRow } from './store.js';
import {
  browserSessionMissing,
  crossSiteRefused,
  invalidCsrf,
  invalidOrigin,
  invalidSession,
} from './errors.js';
import type { SharedKysely } from '../../platform/db/transactions.js';

export interface SessionDeps {
  /** Handed to every route of the session scope, which queries it through its own folder's view. */
  db: SharedKysely;
  now: () => number;
  productId: string;
  /** The only Origins a write is accepted from (PUBLIC_ORIGIN, or this machine's gateway port). */
  origins: Origins;
  csrfKey: Buffer;
}

/**
 * What a route needs: `browser` any bootstrapped session (login, sign-up, logout); `account`
 * a signed-in session with every required step done; `pending` a password-accepted session
 * awaiting its second factor.
 */
export type Need = 'browser' | 'account' | 'pending';

declare module 'fastify' {
  interface FastifyRequest {
    browserSession?: SessionRow;
  }
  interface FastifyContextConfig {
    /** Which session a `session` route needs; `account` when left out. */
    session?: Need;
  }
}

/**
 * Origin and fetch metadata. `origin` must be an accepted one (PUBLIC_ORIGIN exactly) when
 * `required` (writes); a GET may omit it but not send a wrong one. `Sec-Fetch-Site: cross-site` is a
 * forged cross-site request whatever the Origin says.
 */
export function checkOrigin(
  deps: Pick<SessionDeps, 'origins'>,
  request: FastifyRequest,
  required: boolean,
): void {
  const origin = request.headers.origin;
  if (origin === undefined ? required : !deps.origins.accepts(origin))
    throw invalidOrigin(deps.origins.primary);
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw crossSiteRefused();
  }
}

/** A write's `X-CSRF-Token` must be the session's value. */
export function checkCsrf(
  deps: Pick<SessionDeps, 'csrfKey'>,
  request: FastifyRequest,
  session: SessionRow,
): void {
  const presented = request.headers['x-csrf-token'];
  if (!csrfMatches(deps.csrfKey, session, typeof presented === 'string' ? presented : undefined)) {
    throw invalidCsrf();
  }
}

export async function loadSession(
  deps: SessionDeps,
  request: FastifyRequest,
): Promise<SessionRow | undefined> {
  const token = readSessionCookie(request.headers.cookie);
  return token === undefined ? undefined : findSession(deps.db, deps.productId, token, deps.now());
}

/** One guard for every session route: a write is any method but GET and HEAD. */
export function sessionGuard(deps: SessionDeps): Guard {
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const need = request.routeOptions.config.session ?? 'account';
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    // Origin first: a cross-site write costs no database work.
    if (write) checkOrigin(deps, request, true);
    const session = await loadSession(deps, request);
    if (!session) {
      // Without a session no CSRF value can match; the browser must bootstrap first.
      if (need === 'browser') throw browserSessionMissing();
      throw invalidSession();
    }
    if (write) checkCsrf(deps, request, session);
    const signedIn = session.account_id !== null;
    if (need === 'account' && (!signedIn || session.mfa_state === 'pending')) throw invalidSession();
    if (need === 'pending' && (!signedIn || session.mfa_state !== 'pending')) throw invalidSession();
    request.browserSession = session;
  };
}

/** The session the guard loaded; the guard guarantees it, this makes the type say so. */
export function sessionOf(request: FastifyRequest): SessionRow {
  if (!request.browserSession) throw invalidSession();
  return request.browserSession;
}
