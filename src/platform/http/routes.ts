// What every route declares about itself, and the table of registered routes that the
// index (`GET /api/`), the OpenAPI document and the 405 check are generated from.
import FindMyWay from 'find-my-way';

/** How a route authenticates its caller. */
export type AuthScheme =
  | 'none'
  | 'session'
  | 'key'
  | 'operator'
  | 'credit'
  | 'x402'
  | 'jwt'
  | 'webhook'
  | 'worker';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: its guard (http/auth.ts), the index and the OpenAPI document follow from it. */
    auth: AuthScheme;
  }
}

export interface RouteInfo {
  method: string;
  path: string;
  auth: AuthScheme;
  summary: string;
}

interface RouteLike {
  method: string | string[];
  url: string;
  config?: { auth?: AuthScheme };
  schema?: object;
}

export class RouteTable {
  readonly routes: RouteInfo[] = [];
  private readonly router = FindMyWay({ ignoreTrailingSlash: true });

  add(route: RouteLike): void {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      this.router.on(method as FindMyWay.HTTPMethod, route.url, () => {});
      const schema = (route.schema ?? {}) as { summary?: string; hide?: boolean };
      if (method === 'HEAD' || schema.hide) continue;
      this.routes.push({
        method,
        path: route.url,
        auth: route.config?.auth ?? 'none',
        summary: schema.summary ?? '',
      });
    }
  }

  /** Methods that would match this path: non-empty means the 404 is really a 405. */
  allowedMethods(path: string): string[] {
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    return methods.filter((m) => this.router.find(m, path) !== null);
  }
}
