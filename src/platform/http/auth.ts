// The auth registry: one guard per scheme, applied by the platform to every route that
// declares the scheme. A route cannot forget its check, and a scheme nobody wired cannot
// reach production: registering such a route (or one without `config.auth`) fails start-up.
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { tracedGuard } from '../tracing/http.js';
import type { AuthScheme } from './routes.js';

/** Runs on onRequest, before the body is read: throws an ApiError to refuse the caller. */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export class AuthRegistry {
  readonly #guards = new Map<AuthScheme, Guard>();

  /** Must happen before the first route of that scheme is registered. */
  set(scheme: AuthScheme, guard: Guard): void {
    if (scheme === 'none') throw new Error('auth scheme "none" takes no guard');
    if (this.#guards.has(scheme)) throw new Error(`auth scheme "${scheme}" already has a guard`);
    this.#guards.set(scheme, tracedGuard(scheme, guard));
  }

  has(scheme: AuthScheme): boolean {
    return scheme === 'none' || this.#guards.has(scheme);
  }

  /** The onRoute step: the scheme's guard goes first, before the route's own onRequest hooks. */
  apply(route: Pick<RouteOptions, 'method' | 'url' | 'onRequest' | 'config'>): void {
    const scheme = (route.config as { auth?: AuthScheme } | undefined)?.auth;
    const name = `${[route.method].flat().join(',')} ${route.url}`;
    if (scheme === undefined) throw new Error(`route ${name}: config.auth is required`);
    if (scheme === 'none') return;
    const guard = this.#guards.get(scheme);
    if (!guard) throw new Error(`route ${name}: no guard is registered for auth scheme "${scheme}"`);
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard, ...own] as RouteOptions['onRequest'];
  }
}
