// First run on another port: without PUBLIC_ORIGIN, the gateway announces and accepts the
// origin of the port it was given — on localhost and on 127.0.0.1, both this machine — and
// a refused Origin is told which one is expected. With PUBLIC_ORIGIN, only that one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testGateway } from '../../helpers/gateway.js';

describe('PUBLIC_ORIGIN default on another GATEWAY_PORT', () => {
  let gw: Awaited<ReturnType<typeof testGateway>>;
  before(async () => {
    gw = await testGateway({ GATEWAY_PORT: '9123' });
  });
  after(() => gw.dispose());

  async function loginFrom(origin: string) {
    const boot = await gw.app.inject({ method: 'GET', url: '/api/auth/bootstrap' });
    const cookie = String(boot.headers['set-cookie']).split(';')[0]!;
    return gw.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin, cookie, 'x-csrf-token': boot.json().csrf, 'content-type': 'application/json' },
      payload: { email: 'ninguem@example.com', password: 'senha-errada-bem-longa' },
    });
  }

  it('announces http://localhost:<port> as base_url', async () => {
    const index = await gw.app.inject({ method: 'GET', url: '/api/' });
    assert.equal(index.json().base_url, 'http://localhost:9123');
  });

  it('accepts a browser on that port (wrong password: 401, not 403 invalid_origin)', async () => {
    const res = await loginFrom('http://localhost:9123');
    assert.equal(res.statusCode, 401, res.body);
  });

  it('accepts the same port on 127.0.0.1, the address a listening socket reports', async () => {
    const res = await loginFrom('http://127.0.0.1:9123');
    assert.equal(res.statusCode, 401, res.body);
  });

  it('names the expected origin when it refuses one', async () => {
    const res = await loginFrom('http://localhost:8080');
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().error, 'invalid_origin');
    assert.match(res.json().message, /http:\/\/localhost:9123/);
  });
});

describe('PUBLIC_ORIGIN set', () => {
  let gw: Awaited<ReturnType<typeof testGateway>>;
  before(async () => {
    gw = await testGateway({ GATEWAY_PORT: '9124', PUBLIC_ORIGIN: 'https://svc.example.com' });
  });
  after(() => gw.dispose());

  it("accepts exactly that origin, not this machine's addresses", async () => {
    const boot = await gw.app.inject({ method: 'GET', url: '/api/auth/bootstrap' });
    const cookie = String(boot.headers['set-cookie']).split(';')[0]!;
    const login = (origin: string) =>
      gw.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin, cookie, 'x-csrf-token': boot.json().csrf, 'content-type': 'application/json' },
        payload: { email: 'ninguem@example.com', password: 'senha-errada-bem-longa' },
      });
    assert.equal((await login('https://svc.example.com')).statusCode, 401);
    for (const origin of ['http://127.0.0.1:9124', 'http://localhost:9124']) {
      const res = await login(origin);
      assert.equal(res.statusCode, 403, origin);
      assert.match(res.json().message, /https:\/\/svc\.example\.com/);
    }
  });
});
