// Walks the route table of the three services: every protected route refuses an anonymous
// call with the status and code docs/errors.md gives for its scheme, and the
// OpenAPI documents declare every status observed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createContractsApp } from '../../src/contracts/app.js';
import { createGatewayApp } from '../../src/gateway/app.js';
import { createInsightsApp } from '../../src/insights/app.js';
import type { App } from '../../src/platform/http/app.js';
import type { RouteInfo } from '../../src/platform/http/routes.js';
import { type TestContext, testContext } from '../helpers/context.js';

const ORIGIN = 'https://svc.example.com';

interface Refusal {
  status: number;
  code: string;
  /** Headers the anonymous caller sends beyond none at all. */
  headers?: Record<string, string>;
}

/** Session routes that work on a bootstrapped browser not yet signed in. */
const BROWSER_ROUTES = new Set([
  '/api/auth/login',
  '/api/auth/signup',
  '/api/auth/logout',
  '/api/auth/forgot',
  '/api/auth/reset',
  '/api/auth/invite/accept',
]);

/** What an anonymous caller gets, by scheme (and, for sessions, by what the route needs). */
function expected(route: RouteInfo): Refusal[] {
  const write = route.method !== 'GET';
  switch (route.auth) {
    case 'key':
      return [{ status: 401, code: 'invalid_api_key' }];
    case 'session':
      if (!write) return [{ status: 401, code: 'invalid_session' }];
      return [
        { status: 403, code: 'invalid_origin' },
        // Right Origin, no session: a sign-in route needs a bootstrapped browser first.
        BROWSER_ROUTES.has(route.path)
          ? { status: 403, code: 'invalid_csrf', headers: { origin: ORIGIN } }
          : { status: 401, code: 'invalid_session', headers: { origin: ORIGIN } },
      ];
    case 'jwt':
      return [{ status: 401, code: 'MISSING_AUTHORIZATION_HEADER' }];
    case 'webhook':
      return [{ status: 401, code: 'unauthorized' }];
    case 'operator':
    case 'worker':
      return [{ status: 503, code: 'not_configured' }];
    // This test's server has no `payments` section.
    case 'credit':
    case 'x402':
      return [{ status: 503, code: 'payments_not_configured' }];
    default:
      throw new Error(`no expectation for scheme ${route.auth}`);
  }
}

/** The machine code of any of the envelopes (docs/errors.md). */
function codeOf(body: Record<string, unknown>): string | undefined {
  const error = body.error;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const e = error as { code?: string; type?: string };
    // The vendor messages shape carries no code: its type names the failure.
    return e.code ?? (e.type === 'authentication_error' ? 'invalid_api_key' : e.type);
  }
  return undefined;
}

describe('every protected route refuses an anonymous call', () => {
  let ctx: TestContext;
  const apps: Record<string, App> = {};
  /** service → "METHOD path" → statuses observed. */
  const observed = new Map<string, Map<string, Set<number>>>();

  before(async () => {
    ctx = await testContext({ PUBLIC_ORIGIN: ORIGIN });
    apps.gateway = await createGatewayApp(ctx);
    apps.contracts = await createContractsApp(ctx);
    apps.insights = await createInsightsApp(ctx, { background: false });
    for (const app of Object.values(apps)) await app.ready();
  });
  after(async () => {
    for (const app of Object.values(apps)) await app.close();
    await ctx.dispose();
  });

  it('with the documented status and code, on all three services', async () => {
    let protectedRoutes = 0;
    for (const [service, app] of Object.entries(apps)) {
      const seen = new Map<string, Set<number>>();
      observed.set(service, seen);
      for (const route of app.routeTable.routes) {
        if (route.auth === 'none') continue;
        protectedRoutes++;
        const url = route.path.replace(/:[A-Za-z]+/g, 'x1');
        for (const refusal of expected(route)) {
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
              ...refusal.headers,
            },
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
          });
          const label = `${service} ${route.method} ${route.path} ${JSON.stringify(refusal.headers ?? {})}`;
          assert.equal(res.statusCode, refusal.status, `${label}: ${res.body}`);
          assert.equal(codeOf(res.json()), refusal.code, `${label}: ${res.body}`);
          const key = `${route.method} ${route.path}`;
          seen.set(key, (seen.get(key) ?? new Set()).add(res.statusCode));
        }
      }
    }
    assert.ok(protectedRoutes > 30, `only ${protectedRoutes} protected routes found`);
  });

  it('answers an over-long path parameter with 414 in the service envelope', async () => {
    for (const [service, app] of Object.entries(apps)) {
      for (const route of app.routeTable.routes.filter((r) => r.path.includes(':'))) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: route.path.replace(/:[A-Za-z]+/g, 'x'.repeat(150)),
        });
        assert.equal(res.statusCode, 414, `${service} ${route.method} ${route.path}`);
        // The contracts service writes its codes in upper case (its own code space).
        const expected = service === 'contracts' ? 'URI_TOO_LONG' : 'uri_too_long';
        assert.equal(codeOf(res.json()), expected);
        const seen = observed.get(service)!;
        const key = `${route.method} ${route.path}`;
        seen.set(key, (seen.get(key) ?? new Set()).add(414));
      }
    }
  });

  it('declares every observed status in the OpenAPI documents', async () => {
    const documents = {
      gateway: (await apps.gateway!.inject({ method: 'GET', url: '/api/openapi.json' })).json(),
      contracts: (await apps.contracts!.inject({ method: 'GET', url: '/openapi.json' })).json(),
    };
    let checked = 0;
    for (const [service, doc] of Object.entries(documents)) {
      for (const [key, statuses] of observed.get(service) ?? []) {
        const [method, path] = key.split(' ') as [string, string];
        const operation = doc.paths[path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
        assert.ok(operation, `${service} ${key} missing from the document`);
        for (const status of statuses) {
          assert.ok(operation.responses[String(status)], `${service} ${key}: ${status} not declared`);
          assert.ok(
            operation.responses[String(status)].content,
            `${service} ${key}: ${status} without a body schema`,
          );
          checked++;
        }
      }
    }
    assert.ok(checked > 30, `only ${checked} statuses checked`);
  });
});
