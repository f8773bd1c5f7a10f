// The seam of the session-scoped routes (the account's own routes, its keys, organisations
// and usage): the dependencies they share, and the one plugin scope they live in, whose
// error handler turns anything unexpected (storage unreachable, above all) into 503
// `auth_unavailable` and never sets a cookie on an error, so the browser keeps its previous
// session. gateway/app.ts lists the plugins that live in the scope.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { ApiError, envelope } from '../../platform/http/errors.js';
import { toApiError } from '../../platform/http/platform-errors.js';
import { describeError } from '../../platform/logger.js';
import { deriveKey } from '../../platform/secret.js';
import { PRODUCT_ID } from '../product.js';
import { type SessionDeps, sessionGuard } from './guard.js';
import { authUnavailable } from './errors.js';

/** What every session-scoped route may use: storage, the clock, the session settings. */
export type ScopeDeps = SessionDeps;

/** `now`: the clock; tests move it instead of sleeping. */
export function scopeDeps(ctx: Context, options: { now?: () => number } = {}): ScopeDeps {
  return {
    db: ctx.db.kysely,
    now: options.now ?? Date.now,
    productId: PRODUCT_ID,
    origins: ctx.origins,
    csrfKey: deriveKey(ctx.secret, 'csrf'),
  };
}

/** A group of session-scoped routes: registers them on the scope it is given. */
export type ScopedPlugin = (scope: App) => void;

/** Registers the `session` guard and one plugin scope holding `plugins`. */
export function registerSessionScope(app: App, deps: ScopeDeps, plugins: ScopedPlugin[]): void {
  app.guards.set('session', sessionGuard(deps));
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.setErrorHandler((error, request, reply) => {
      let api = toApiError(error);
      // A deliberate 5xx (mail not configured or failed) keeps its code; anything else
      // unexpected is the identity store being unreachable.
      if (api.status >= 500 && !(error instanceof ApiError)) {
        request.log.error({ error: describeError(error) }, 'identity store unavailable');
        api = authUnavailable();
      }
      // An error never replaces the browser's session.
      reply.removeHeader('set-cookie');
      if (api.extra.headers) reply.headers(api.extra.headers);
      reply.status(api.status).send(envelope('api', api));
    });
    for (const register of plugins) register(scope);
  });
}
