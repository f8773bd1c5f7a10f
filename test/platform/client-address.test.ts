// request.ip, the one client address every service uses (network allowlists, throttles, daily
// caps): the socket's peer, unless that peer is a trusted proxy (TRUSTED_PROXIES) — then the
// right-most X-Forwarded-For entry that is not itself a trusted proxy.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createApp } from '../../src/platform/http/app.js';
import { createLogger } from '../../src/platform/logger.js';
import { LogCapture } from '../helpers/context.js';

function appWith(trustedProxies?: string[]) {
  const app = createApp({
    logger: createLogger('info', undefined, new LogCapture()),
    envelopeFor: () => 'api',
    ...(trustedProxies ? { trustedProxies } : {}),
  });
  app.get('/api/ip', { config: { auth: 'none' } }, async (request) => ({ ip: request.ip }));
  return app;
}

async function ipSeen(
  app: ReturnType<typeof appWith>,
  remoteAddress: string,
  forwardedFor?: string,
): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/ip',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  assert.equal(res.statusCode, 200);
  return (res.json() as { ip: string }).ip;
}

describe('request.ip and TRUSTED_PROXIES', () => {
  it('without trusted proxies, the socket decides and X-Forwarded-For is ignored', async () => {
    const app = appWith();
    assert.equal(await ipSeen(app, '198.51.100.1', '203.0.113.7'), '198.51.100.1');
    assert.equal(await ipSeen(app, '10.1.0.9'), '10.1.0.9');
    await app.close();
  });

  it('from a peer that is not a trusted proxy, X-Forwarded-For is ignored', async () => {
    const app = appWith(['10.1.0.0/16']);
    assert.equal(await ipSeen(app, '198.51.100.1', '203.0.113.7'), '198.51.100.1');
    await app.close();
  });

  it('behind trusted proxies, the right-most entry that is not a trusted proxy', async () => {
    const app = appWith(['10.1.0.0/16', '192.0.2.10']);
    assert.equal(await ipSeen(app, '10.1.0.9', '203.0.113.7'), '203.0.113.7');
    // A chain of trusted proxies is walked through; what a client put on the left is not believed.
    assert.equal(await ipSeen(app, '10.1.0.9', '203.0.113.7, 198.51.100.1, 10.1.2.3'), '198.51.100.1');
    assert.equal(await ipSeen(app, '10.1.0.9', '203.0.113.7, 192.0.2.10'), '203.0.113.7');
    // A trusted proxy that forwarded nothing is the client as far as anyone can tell.
    assert.equal(await ipSeen(app, '10.1.0.9'), '10.1.0.9');
    // An IPv4 proxy seen on an IPv6 socket (::ffff:a.b.c.d) is the same proxy.
    assert.equal(await ipSeen(app, '::ffff:10.1.0.9', '203.0.113.7'), '203.0.113.7');
    await app.close();
  });

  it('passes over forwarded entries that are not addresses', async () => {
    const app = appWith(['10.1.0.0/16']);
    assert.equal(await ipSeen(app, '10.1.0.9', '203.0.113.7, unknown'), '203.0.113.7');
    assert.equal(await ipSeen(app, '10.1.0.9', '203.0.113.7,,  ,10.1.0.3'), '203.0.113.7');
    await app.close();
  });
});
