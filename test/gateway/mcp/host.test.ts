// DNS rebinding against /mcp over a real socket: a request that names a foreign Host is
// refused with 403 `invalid_host` before anything runs; the gateway's public name, localhost
// and address literals (a reverse proxy forwarding to 127.0.0.1) are answered.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { makeKey } from '../../helpers/gateway.js';
import { mcpGateway } from './helpers.js';

const PUBLIC_ORIGIN = 'https://gateway.example.com';

function post(url: string, host: string, secret: string): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          host,
          authorization: `Bearer ${secret}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('/mcp and the Host header', () => {
  let gw: Awaited<ReturnType<typeof mcpGateway>>;
  let secret: string;
  before(async () => {
    gw = await mcpGateway({ PUBLIC_ORIGIN });
    secret = (await makeKey(gw.ctx)).secret;
  });
  after(() => gw.dispose());

  it('403 invalid_host for a foreign name', async () => {
    for (const host of [
      'evil.example',
      'gateway.example.com.evil.example',
      `attacker.test:${new URL(gw.url).port}`,
    ]) {
      const res = await post(gw.url, host, secret);
      assert.equal(res.status, 403, `${host}: ${res.body}`);
      assert.equal(JSON.parse(res.body).error, 'invalid_host');
    }
  });

  it('answers the public name, localhost and address literals', async () => {
    const port = new URL(gw.url).port;
    for (const host of ['gateway.example.com', `127.0.0.1:${port}`, `localhost:${port}`, '[::1]:8080']) {
      const res = await post(gw.url, host, secret);
      assert.equal(res.status, 200, `${host}: ${res.body}`);
      assert.ok(Array.isArray(JSON.parse(res.body).result.tools));
    }
  });
});
