// The auth registry: every route's scheme has exactly one guard, applied by the platform;
// a scheme without a guard stops start-up; bearer schemes are case-insensitive everywhere.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gatewayEnvelope } from '../../src/gateway/app.js';
import { createApp } from '../../src/platform/http/app.js';
import { parseAuthorization } from '../../src/platform/http/authorization.js';
import { tokenGuard } from '../../src/platform/http/token-guard.js';
import { createLogger } from '../../src/platform/logger.js';
import { LogCapture } from '../helpers/context.js';
import { makeKey, testGateway } from '../helpers/gateway.js';

const bareApp = () =>
  createApp({ logger: createLogger('info', undefined, new LogCapture()), envelopeFor: gatewayEnvelope });

describe('auth registry', () => {
  it('refuses at start-up a route without config.auth', async () => {
    const app = bareApp();
    assert.throws(
      () => app.get('/api/x', {} as never, async () => ({})),
      /route GET \/api\/x: config\.auth is required/,
    );
    await app.close();
  });

  it('refuses at start-up a route whose scheme has no guard, also inside a plugin', async () => {
    const app = bareApp();
    assert.throws(
      () => app.post('/api/credito', { config: { auth: 'credit' } }, async () => ({})),
      /no guard is registered for auth scheme "credit"/,
    );
    app.register(async (scope) => {
      scope.get('/api/pago', { config: { auth: 'x402' } }, async () => ({}));
    });
    await assert.rejects(async () => {
      await app.ready();
    }, /no guard is registered for auth scheme "x402"/);
  });

  it('runs the scheme guard once, before the route hooks, on GET and on the HEAD twin', async () => {
    const app = bareApp();
    const calls: string[] = [];
    app.guards.set('worker', async (request) => {
      calls.push(`guard ${request.method}`);
    });
    assert.throws(() => app.guards.set('worker', async () => {}), /already has a guard/);
    app.get(
      '/api/w',
      { config: { auth: 'worker' }, onRequest: async () => void calls.push('route hook') },
      async () => ({ ok: true }),
    );
    assert.equal((await app.inject({ method: 'GET', url: '/api/w' })).statusCode, 200);
    assert.equal((await app.inject({ method: 'HEAD', url: '/api/w' })).statusCode, 200);
    assert.deepEqual(calls, ['guard GET', 'route hook', 'guard HEAD', 'route hook']);
    await app.close();
  });
});

describe('operator and worker token guards', () => {
  const token = 'operator-token-0123456789';
  const appWith = async (configured: string | undefined) => {
    const app = bareApp();
    app.guards.set('operator', tokenGuard('OPERATOR_TOKEN', configured));
    app.get('/api/funil/arquivos', { config: { auth: 'operator' } }, async () => ({ ok: true }));
    await app.ready();
    return app;
  };
  const get = (app: Awaited<ReturnType<typeof appWith>>, authorization?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/funil/arquivos',
      headers: authorization ? { authorization } : {},
    });

  it('answers 503 not_configured when the token is not set, whatever is presented', async () => {
    const app = await appWith(undefined);
    for (const auth of [undefined, `Bearer ${token}`]) {
      const res = await get(app, auth);
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().error, 'not_configured');
    }
    await app.close();
  });

  it('answers 401 unauthorized for no, wrong or non-bearer tokens; any case of "Bearer" passes', async () => {
    const app = await appWith(token);
    for (const auth of [undefined, 'Bearer', `Bearer ${token}x`, `Basic ${token}`, `Bearer ${token} extra`]) {
      const res = await get(app, auth);
      assert.equal(res.statusCode, 401, String(auth));
      assert.deepEqual(Object.keys(res.json()).sort(), ['error', 'message']);
      assert.equal(res.json().error, 'unauthorized');
      assert.equal(res.headers['www-authenticate'], 'Bearer');
      assert.ok(!res.body.includes(token));
    }
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      assert.equal((await get(app, `${scheme} ${token}`)).statusCode, 200, scheme);
    }
    await app.close();
  });
});

describe('Authorization header parsing', () => {
  it('lower-cases the scheme and keeps the credentials', () => {
    assert.deepEqual(parseAuthorization('bEaReR  abc '), { scheme: 'bearer', credentials: 'abc' });
    assert.deepEqual(parseAuthorization('Bearer'), { scheme: 'bearer', credentials: '' });
    assert.equal(parseAuthorization(''), undefined);
    assert.equal(parseAuthorization(undefined), undefined);
  });

  describe('on the gateway', () => {
    let gw: Awaited<ReturnType<typeof testGateway>>;
    before(async () => {
      gw = await testGateway();
    });
    after(() => gw.dispose());

    it('accepts an API key after "bearer" in any case', async () => {
      const k = await makeKey(gw.ctx);
      for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
        const res = await gw.app.inject({
          method: 'GET',
          url: '/v1/models',
          headers: { authorization: `${scheme} ${k.secret}` },
        });
        assert.equal(res.statusCode, 200, scheme);
      }
    });
  });
});
