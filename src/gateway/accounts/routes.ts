// The Session routes and the browser login: registers the `session`
// guard and one small plugin per concern (routes/*.ts). Thin: the guard checks Origin, CSRF
// and the session; plain functions do the work; handlers shape the answer.
//
// Every route here lives in one plugin scope whose error handler turns anything unexpected
// (storage unreachable, above all) into 503 `auth_unavailable` and never sets a cookie on an
// error, so the browser keeps its previous session.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { ApiError, envelope } from '../../platform/http/errors.js';
import { toApiError } from '../../platform/http/platform-errors.js';
import { describeError } from '../../platform/logger.js';
import { cidrMatcher, clientAddress } from '../../platform/net.js';
import { deriveKey } from '../../platform/secret.js';
import { registerKeyRoutes } from '../keys/routes.js';
import { PRODUCT_ID } from '../product.js';
import { sessionGuard } from '../sessions/guard.js';
import { DEFAULT_LIMITS, type ThrottleLimits } from '../../platform/identity/throttle.js';
import type { AccountDeps } from './login.js';
import { registerAvatarRoutes } from './routes/avatar.js';
import { registerProfileRoutes } from './routes/profile.js';
import { registerSecurityRoutes } from './routes/security.js';
import { registerSignInRoutes } from './routes/sign-in.js';
import { registerOrganizationRoutes } from '../orgs/routes.js';
import { registerUsageRoutes } from '../usage/routes.js';
import type { Web } from './routes/web.js';
import { totpKey } from './totp.js';

export interface AccountRoutesOptions {
  /** The clock; tests move it instead of sleeping. */
  now?: () => number;
  limits?: ThrottleLimits;
}

export function registerAccountRoutes(app: App, ctx: Context, options: AccountRoutesOptions = {}): void {
  const isTrustedProxy = cidrMatcher(ctx.config.trustedProxies ?? []);
  const deps: AccountDeps = {
    db: ctx.db.kysely,
    now: options.now ?? Date.now,
    productId: PRODUCT_ID,
    origins: ctx.origins,
    audience: ctx.config.publicOrigin,
    csrfKey: deriveKey(ctx.secret, 'csrf'),
    totpKey: totpKey(ctx.secret),
    limits: options.limits ?? DEFAULT_LIMITS,
  };
  const web: Web = {
    deps,
    addressOf: (request: FastifyRequest) =>
      clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], isTrustedProxy),
  };
  app.guards.set('session', sessionGuard(deps));

  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.setErrorHandler((error, request, reply) => {
      let api = toApiError(error);
      if (api.status >= 500) {
        request.log.error({ error: describeError(error) }, 'identity store unavailable');
        api = new ApiError(
          503,
          'auth_unavailable',
          'Autenticação indisponível no momento. Tente novamente.',
          {
            headers: { 'retry-after': '5' },
          },
        );
      }
      // An error never replaces the browser's session.
      reply.removeHeader('set-cookie');
      if (api.extra.headers) reply.headers(api.extra.headers);
      reply.status(api.status).send(envelope('api', api));
    });
    registerSignInRoutes(scope, web);
    registerProfileRoutes(scope, web);
    registerAvatarRoutes(scope, web);
    registerSecurityRoutes(scope, web);
    registerKeyRoutes(scope, deps, deriveKey(ctx.secret, 'api-key'));
    registerOrganizationRoutes(scope, deps);
    registerUsageRoutes(scope, deps);
  });
}
