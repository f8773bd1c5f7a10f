// The real server process, as `npm start` runs it, on the dialect under test.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { onPostgres, testStorage } from '../helpers/db.js';
import { spawnNode, spawnSvc } from '../helpers/process.js';

const ports = { GATEWAY_PORT: '0', CONTRACTS_PORT: '0', INSIGHTS_PORT: '0' };
const listening = (l: Record<string, unknown>) => l.event === 'listening';

describe(`server process (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  it('serves health and index on all three services, then exits 0 on SIGTERM', async () => {
    const storage = await testStorage();
    const child = spawnSvc(['serve', 'all'], { ...storage.env, ...ports });
    try {
      const { urls } = (await child.waitFor(listening)) as { urls: Record<string, string> };
      const health = await fetch(`${urls.gateway}/api/health`, { headers: { 'x-request-id': 'probe-1' } });
      assert.equal(health.status, 200);
      const h = (await health.json()) as Record<string, unknown>;
      assert.equal(h.ok, true);
      assert.equal(h.service, 'gateway');
      assert.equal(h.request_id, 'probe-1');
      assert.match(String(h.build), /^([0-9a-f]{40}|unknown)$/);
      // A quiet server's access line shows up while it runs, not when a log buffer fills.
      const access = await child.waitFor((l) => l.msg === 'request' && l.reqId === 'probe-1', 15_000);
      assert.equal(access.route, '/api/health');
      assert.equal(access.status, 200);
      assert.equal(access.service, 'gateway');

      const index = (await (await fetch(`${urls.gateway}/api/`)).json()) as Record<string, unknown>;
      for (const key of ['name', 'description', 'build', 'base_url', 'docs', 'endpoints', 'mcp_tools'])
        assert.ok(key in index, key);
      const endpoints = index.endpoints as { method: string; path: string; auth: string; summary: string }[];
      assert.ok(
        endpoints.some(
          (e) => e.method === 'GET' && e.path === '/api/health' && e.auth === 'none' && e.summary,
        ),
      );
      assert.ok(!endpoints.some((e) => e.method === 'HEAD'));

      const openapi = (await (await fetch(`${urls.gateway}/api/openapi.json`)).json()) as {
        openapi: string;
        paths: Record<string, Record<string, unknown>>;
      };
      assert.equal(openapi.openapi, '3.1.0');
      // The index and the OpenAPI document come from the same registered routes.
      for (const e of endpoints) {
        const path = e.path.replace(/:([A-Za-z_]+)/g, '{$1}');
        assert.ok(
          openapi.paths[path]?.[e.method.toLowerCase()],
          `${e.method} ${e.path} missing from OpenAPI`,
        );
      }

      for (const name of ['contracts', 'insights']) {
        const res = await fetch(`${urls[name]}/health`);
        assert.equal(res.status, 200);
        assert.deepEqual(((await res.json()) as Record<string, unknown>).service, name);
      }
      child.proc.kill('SIGTERM');
      assert.equal(await child.exit(), 0);
      assert.ok(!child.stderr.join('').includes('    at '), child.stderr.join(''));
    } finally {
      child.proc.kill('SIGKILL');
      await storage.drop();
    }
  });

  it('finishes in-flight requests on SIGTERM before exiting', async () => {
    const storage = await testStorage();
    const fixture = fileURLToPath(new URL('../fixtures/slow-server.js', import.meta.url));
    const child = spawnNode([fixture], { ...storage.env, ...ports });
    try {
      const { urls } = (await child.waitFor(listening)) as { urls: Record<string, string> };
      const inFlight = fetch(`${urls.gateway}/api/slow`);
      await child.waitFor((l) => l.event === 'slow-started');
      child.proc.kill('SIGTERM');
      const res = await inFlight;
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { done: true });
      assert.equal(await child.exit(), 0, child.stdout.join('\n') + child.stderr.join(''));
      await assert.rejects(fetch(`${urls.gateway}/api/health`), 'no new connections after shutdown');
    } finally {
      child.proc.kill('SIGKILL');
      await storage.drop();
    }
  });

  it('answers a request that arrives during the drain with 503 shutting_down in the envelope', async () => {
    const storage = await testStorage();
    const fixture = fileURLToPath(new URL('../fixtures/slow-server.js', import.meta.url));
    const child = spawnNode([fixture], { ...storage.env, ...ports });
    try {
      const { urls } = (await child.waitFor(listening)) as { urls: Record<string, string> };
      const { hostname, port } = new URL(urls.gateway!);
      // Two requests on one keep-alive socket: the second is read after SIGTERM.
      const socket = connect(Number(port), hostname);
      let received = '';
      socket.on('data', (d) => {
        received += d.toString();
      });
      socket.write(`GET /api/slow HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      await child.waitFor((l) => l.event === 'slow-started');
      child.proc.kill('SIGTERM');
      // Sent once the drain has begun (a fixed pause lost that race on a loaded machine).
      await child.waitFor((l) => l.msg === 'shutting down', 30_000);
      socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      await once(socket, 'close');
      const answers = received.split(/(?=HTTP\/1\.1 )/);
      assert.match(answers[0]!, /^HTTP\/1\.1 200/);
      assert.match(answers[1]!, /^HTTP\/1\.1 503/);
      assert.match(answers[1]!, /"error":"shutting_down"/);
      assert.equal(await child.exit(), 0);
    } finally {
      child.proc.kill('SIGKILL');
      await storage.drop();
    }
  });
});
