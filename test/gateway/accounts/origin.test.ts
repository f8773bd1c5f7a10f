// First run on another port: without PUBLIC_ORIGIN, the gateway announces and accepts the
// origin of the port it was given, and a refused Origin is told which one is expected.
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

  it('names the expected origin when it refuses one', async () => {
    const res = await loginFrom('http://localhost:8080');
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().error, 'invalid_origin');
    assert.match(res.json().message, /http:\/\/localhost:9123/);
  });
});
