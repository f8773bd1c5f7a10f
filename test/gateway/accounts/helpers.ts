// A gateway app with the account routes on a fresh database, a movable clock, and a browser
// with a real cookie jar (Set-Cookie parsed here, not by a library).
import { Kysely, SqliteDialect } from 'kysely';
import { generate } from 'otplib';
import { type Account, createAccount, updateAccount } from '../../../src/gateway/accounts/store.js';
import { registerAccountRoutes } from '../../../src/gateway/accounts/routes.js';
import { registerKeyRoutes } from '../../../src/gateway/keys/routes.js';
import { registerOrganizationRoutes } from '../../../src/gateway/orgs/routes.js';
import { registerSessionScope, scopeDeps } from '../../../src/gateway/sessions/scope.js';
import { registerUsageRoutes } from '../../../src/gateway/usage/routes.js';
import { deriveKey } from '../../../src/platform/secret.js';
import { sealTotpSecret, totpKey } from '../../../src/gateway/accounts/totp.js';
import { gatewayEnvelope } from '../../../src/gateway/app.js';
import type { ThrottleLimits } from '../../../src/platform/identity/throttle.js';
import { type App, createApp } from '../../../src/platform/http/app.js';
import { type TestContext, testContext } from '../../helpers/context.js';
import type { Database } from '../../../src/modules.js';

export const ORIGIN = 'https://svc.example.com';
export const PASSWORD = 'correct horse battery staple';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export interface Harness {
  ctx: TestContext;
  app: App;
  clock: { t: number };
  /** A second app on the same database: another gateway instance. */
  other(): Promise<App>;
  /** An app whose identity store cannot be reached. */
  broken(): Promise<App>;
  account(email?: string, options?: { totp?: boolean }): Promise<Account>;
  code(offsetSteps?: number): Promise<string>;
  dispose(): Promise<void>;
}

export async function harness(
  options: { limits?: ThrottleLimits; env?: Record<string, string> } = {},
): Promise<Harness> {
  // Sign-up is off by default (SIGNUP); these tests exercise it as `review`.
  const ctx = await testContext({ PUBLIC_ORIGIN: ORIGIN, SIGNUP: 'review', ...options.env });
  const clock = { t: Date.now() };
  const apps: App[] = [];
  const make = async (c = ctx) => {
    const app = createApp({ logger: c.logger, envelopeFor: gatewayEnvelope });
    // The session scope as gateway/app.ts lists it, on a movable clock.
    const session = scopeDeps(c, { now: () => clock.t });
    registerSessionScope(app, session, [
      (scope) => registerAccountRoutes(scope, c, session, options.limits ? { limits: options.limits } : {}),
      (scope) => registerKeyRoutes(scope, session, deriveKey(c.secret, 'api-key')),
      (scope) => registerOrganizationRoutes(scope, session),
      (scope) => registerUsageRoutes(scope, session),
    ]);
    await app.ready();
    apps.push(app);
    return app;
  };
  const app = await make();
  let n = 0;
  return {
    ctx,
    app,
    clock,
    other: () => make(),
    broken: () => {
      const down = new Kysely<Database>({
        dialect: new SqliteDialect({
          database: async () => {
            throw new Error('connect ECONNREFUSED 10.0.0.1:5432');
          },
        }),
      });
      return make({ ...ctx, db: { kysely: down, dialect: ctx.db.dialect, close: () => down.destroy() } });
    },
    account: async (email = `pessoa${++n}@example.com`, opts = {}) => {
      const account = await createAccount(ctx.db.kysely, { email, password: PASSWORD });
      if (opts.totp) {
        await updateAccount(ctx.db.kysely, account.id, {
          totp_secret: sealTotpSecret(totpKey(ctx.secret), TOTP_SECRET),
        });
      }
      return account;
    },
    code: (offsetSteps = 0) =>
      generate({ secret: TOTP_SECRET, epoch: Math.floor(clock.t / 1000) + offsetSteps * 30 }),
    dispose: async () => {
      for (const a of apps) await a.close();
      await ctx.dispose();
    },
  };
}

export interface Cookie {
  value: string;
  attributes: string[];
}

interface Req {
  body?: unknown;
  headers?: Record<string, string>;
  payload?: Buffer | string;
  /** Leave out the Origin header. */
  noOrigin?: boolean;
  /** Leave out the CSRF header. */
  noCsrf?: boolean;
  /** The client's address as the socket reports it. */
  remoteAddress?: string;
}

/** A browser: a cookie jar, the CSRF value it was last given, and the page's Origin. */
export class Browser {
  readonly jar = new Map<string, Cookie>();
  csrf = '';
  lastSetCookie: string[] = [];

  constructor(public app: App) {}

  get cookie(): string | undefined {
    return this.jar.get('__Host-svc-auth')?.value;
  }

  async send(method: string, url: string, req: Req = {}) {
    const headers: Record<string, string> = {};
    if (this.jar.size > 0) {
      headers.cookie = [...this.jar].map(([k, c]) => `${k}=${c.value}`).join('; ');
    }
    if (!req.noOrigin && method !== 'GET') headers.origin = ORIGIN;
    if (!req.noCsrf && method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    let payload: Buffer | string | undefined = req.payload;
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(req.body);
    }
    Object.assign(headers, req.headers);
    for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      ...(req.remoteAddress ? { remoteAddress: req.remoteAddress } : {}),
    });
    const set = res.headers['set-cookie'];
    this.lastSetCookie = set === undefined ? [] : Array.isArray(set) ? set : [set];
    for (const line of this.lastSetCookie) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (attributes.some((a) => /^max-age=0$/i.test(a)) || value === '') this.jar.delete(name);
      else this.jar.set(name, { value, attributes });
    }
    const type = String(res.headers['content-type'] ?? '');
    const json = type.includes('json') ? (res.json() as Record<string, unknown>) : undefined;
    if (json && typeof json.csrf === 'string') this.csrf = json.csrf;
    return {
      status: res.statusCode,
      json: json ?? {},
      headers: res.headers,
      raw: res.rawPayload,
      body: res.body,
    };
  }

  get(url: string, req?: Req) {
    return this.send('GET', url, req);
  }

  post(url: string, body?: unknown, req: Req = {}) {
    return this.send('POST', url, { ...req, ...(body === undefined ? {} : { body }) });
  }

  async bootstrap() {
    const res = await this.get('/api/auth/bootstrap');
    if (res.status !== 200) throw new Error(`bootstrap ${res.status}`);
    return res;
  }

  /** Bootstrap, then the password step. */
  async login(email: string, password = PASSWORD) {
    await this.bootstrap();
    return this.post('/api/auth/login', { email, password });
  }
}

/** A signed-in browser for a fresh account (with TOTP when asked, both steps done). */
export async function signedIn(h: Harness, opts: { totp?: boolean } = {}) {
  const account = await h.account(undefined, opts);
  const browser = new Browser(h.app);
  const res = await browser.login(account.email);
  if (res.status !== 200) throw new Error(`login ${res.status} ${JSON.stringify(res.json)}`);
  if (opts.totp) {
    const mfa = await browser.post('/api/auth/mfa', { code: await h.code() });
    if (mfa.status !== 200) throw new Error(`mfa ${mfa.status} ${JSON.stringify(mfa.json)}`);
  }
  return { account, browser };
}
