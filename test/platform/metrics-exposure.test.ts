// Who can read GET /metrics (balances, payment counts): by default the listener is on
// loopback only, even when the services listen on every interface (HOST=0.0.0.0, as in a
// container) — a connection to this machine's own network address is refused. Listening
// wider needs METRICS_TOKEN (the process refuses to start without it), and then a scrape
// without the bearer token, or with another one, is 401.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, it } from 'node:test';
import { testStorage } from '../helpers/db.js';
import { spawnSvc } from '../helpers/process.js';
import { SECRET, serve } from '../helpers/served.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** This machine's first address other than loopback, if it has one. */
function networkAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === 'IPv4')?.address;
}

/** Whether a TCP connection to host:port is accepted. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host, port });
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

async function served(env: Record<string, string>) {
  const storage = await testStorage();
  const { child, urls } = await serve(['gateway'], { ...storage.env, SVC_SECRET: SECRET, ...env });
  return {
    urls,
    stop: async () => {
      child.proc.kill('SIGKILL');
      await storage.drop();
    },
  };
}

describe('who can read /metrics', () => {
  it('listens on loopback only by default, also with HOST=0.0.0.0', async (t) => {
    const s = await served({ HOST: '0.0.0.0', METRICS_PORT: '0' });
    try {
      const metrics = new URL(s.urls.metrics!);
      assert.equal(metrics.hostname, '127.0.0.1');
      const port = Number(metrics.port);
      assert.equal((await fetch(`${s.urls.metrics}/metrics`)).status, 200);
      const outside = networkAddress();
      if (outside) {
        assert.equal(await reachable(outside, port), false, `port ${port} refused on ${outside}`);
        // The services themselves do listen there.
        assert.equal(await reachable(outside, Number(new URL(s.urls.gateway!).port)), true);
      } else t.diagnostic('no address but loopback on this machine: checked the listen address only');
    } finally {
      await s.stop();
    }
  });

  it('will not listen beyond loopback without METRICS_TOKEN', async () => {
    const storage = await testStorage();
    try {
      const child = spawnSvc(['serve', 'gateway'], {
        ...storage.env,
        SVC_SECRET: SECRET,
        GATEWAY_PORT: '0',
        METRICS_PORT: '0',
        METRICS_HOST: '0.0.0.0',
      });
      assert.equal(await child.exit(), 1);
      assert.match(
        child.stderr.join(''),
        /METRICS_HOST: "0\.0\.0\.0" is reachable from other machines; set METRICS_TOKEN/,
      );
    } finally {
      await storage.drop();
    }
  });

  it('listens where it is told with METRICS_TOKEN, and answers only the bearer of the token', async () => {
    const s = await served({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN });
    try {
      const port = new URL(s.urls.metrics!).port;
      const outside = networkAddress() ?? '127.0.0.1';
      const url = `http://${outside}:${port}/metrics`;
      const tries: Record<string, string>[] = [
        {},
        { authorization: 'Bearer wrong-token-0123456789abcdef' },
        { authorization: TOKEN },
      ];
      for (const headers of tries) {
        const res = await fetch(url, { headers });
        assert.equal(res.status, 401, JSON.stringify(headers));
        assert.equal(res.headers.get('www-authenticate'), 'Bearer');
        assert.doesNotMatch(await res.text(), /svc_/);
      }
      const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(ok.status, 200);
      assert.match(await ok.text(), /svc_connections_open/);
    } finally {
      await s.stop();
    }
  });
});
