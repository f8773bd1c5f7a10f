// Browser sign-in: bootstrap, password, second factor, sign-up,
// logout and "end all accesses".
import type { App } from '../../../platform/http/app.js';
import { clearedCookie, sessionCookie } from '../../sessions/cookie.js';
import { checkOrigin, loadSession, sessionOf } from '../../sessions/guard.js';
import { createSession } from '../../sessions/store.js';
import { browserState } from '../../sessions/view.js';
import { endAll, login, logout, signUp, verifyMfa } from '../login.js';
import { BootstrapResult, CodeBody, LoginBody, NoQuery, Ok, SignUpBody } from '../schemas.js';
import { accountRoute, assertNoBody, issuingRoute, type Web } from './web.js';

export function registerSignInRoutes(scope: App, web: Web): void {
  const { deps } = web;
  scope.get(
    '/api/auth/bootstrap',
    {
      config: { auth: 'none' },
      // Not a credential check: a wrong Origin must not even get a session.
      onRequest: async (request) => checkOrigin(deps, request, false),
      schema: {
        summary: 'Start or resume the browser session: cookie, CSRF value and view context',
        tags: ['account'],
        querystring: NoQuery,
        response: { 200: BootstrapResult },
      },
    },
    async (request, reply) => {
      let session = await loadSession(deps, request);
      if (!session) {
        const made = await createSession(deps.db, deps.productId, deps.now());
        session = made.row;
        reply.header('set-cookie', sessionCookie(made.token, made.row.expires_at - deps.now()));
      }
      const state = browserState(deps.csrfKey, session);
      reply.header('x-svc-context', state.context);
      return { ...state, signup: deps.signup };
    },
  );

  issuingRoute(
    scope,
    web,
    {
      path: '/api/auth/login',
      summary: 'Sign in with e-mail and password (then /api/auth/mfa when the account has a second factor)',
      body: LoginBody,
      need: 'browser',
    },
    login,
  );

  issuingRoute(
    scope,
    web,
    { path: '/api/auth/mfa', summary: 'Second sign-in step: the TOTP code', body: CodeBody, need: 'pending' },
    verifyMfa,
  );

  issuingRoute(
    scope,
    web,
    {
      path: '/api/auth/signup',
      summary: 'Create an account (awaiting release) and sign this browser in',
      body: SignUpBody,
      need: 'browser',
    },
    signUp,
  );

  scope.post(
    '/api/auth/logout',
    accountRoute("End this product's session in this browser", { response: { 200: Ok } }, 'browser'),
    async (request, reply) => {
      assertNoBody(request.body);
      await logout(deps, sessionOf(request));
      reply.header('set-cookie', clearedCookie());
      return { ok: true as const };
    },
  );

  scope.post(
    '/api/auth/end-all',
    accountRoute('End all accesses: every session and every API key of the account stop', {
      response: { 200: Ok },
    }),
    async (request, reply) => {
      assertNoBody(request.body);
      await endAll(deps, sessionOf(request));
      reply.header('set-cookie', clearedCookie());
      return { ok: true as const };
    },
  );
}
