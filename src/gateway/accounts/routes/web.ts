// What the account route plugins share: the dependencies (the client address is request.ip) and the
// answer that hands a browser a freshly regenerated session.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { App } from '../../../platform/http/app.js';
import { unexpectedBody } from '../errors.js';
import { sessionCookie } from '../../sessions/cookie.js';
import { browserState, sessionUser } from '../../sessions/view.js';
import { type Need, sessionOf } from '../../sessions/guard.js';
import type { SessionRow } from '../../sessions/store.js';
import type { AccountDeps, Issued } from '../login.js';
import { SignInResult } from '../schemas.js';

export interface Web {
  deps: AccountDeps;
}

/** New cookie, new CSRF value, new view context; the user only once every step is done. */
export function issue(deps: AccountDeps, reply: FastifyReply, made: Issued) {
  reply.header('set-cookie', sessionCookie(made.token, made.row.expires_at - deps.now()));
  const state = browserState(deps.csrfKey, made.row);
  reply.header('x-svc-context', state.context);
  const pending = made.row.mfa_state === 'pending';
  return { ...state, mfaRequired: pending, user: pending ? null : sessionUser(made.row, deps.audience) };
}

/** Routes that take no body refuse one, so a client bug does not pass silently. */
export function assertNoBody(body: unknown): void {
  if (body === undefined || body === null) return;
  if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return;
  throw unexpectedBody();
}

/** What an account route declares besides its summary: its body or query, and its answer. */
interface AccountSchema {
  body?: TSchema;
  querystring?: TSchema;
  response?: Record<number, TSchema>;
}

/**
 * The options of an account route: the `session` scheme, needing the session state `need`
 * (`account` unless said), and the `account` tag.
 */
export function accountRoute<S extends AccountSchema>(summary: string, schema: S, need: Need = 'account') {
  return {
    config: { auth: 'session' as const, session: need },
    schema: { summary, tags: ['account'], ...schema },
  };
}

/**
 * A POST whose answer hands the browser a new session: `act` (login.ts) gets the session,
 * the body and the client's address, and what it issues is answered (issue()).
 */
export function issuingRoute<B extends TObject>(
  scope: App,
  { deps }: Web,
  route: { path: string; summary: string; body: B; need?: Need },
  act: (deps: AccountDeps, session: SessionRow, input: Static<B> & { address: string }) => Promise<Issued>,
): void {
  scope.post(
    route.path,
    accountRoute(route.summary, { body: route.body, response: { 200: SignInResult } }, route.need),
    async (request, reply) => {
      const input = Object.assign({ address: request.ip }, request.body);
      return issue(deps, reply, await act(deps, sessionOf(request), input));
    },
  );
}
