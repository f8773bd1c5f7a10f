// Readiness: GET /api/ready is 200 only when the database (and Redis, when configured)
// answers, 503 `not_ready` naming the part that does not; /api/health stays 200 either way.
import assert from 'node:assert/strict';
import { Socket } from 'node:net';
import { describe, it } from 'node:test';
import { createContractsApp } from '../../src/contracts/app.js';
import { onPostgres } from '../helpers/db.js';
import { testContext } from '../helpers/context.js';
import { testGateway } from '../helpers/gateway.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

async function redisUp(): Promise<boolean> {
  const socket = new Socket();
  const up = await new Promise<boolean>((resolve) => {
    socket.setTimeout(500);
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
    socket.connect(6379, '127.0.0.1');
  });
  socket.destroy();
  return up;
}

describe(`readiness (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  it('is ready when the database answers, and not once it is gone; health stays 200', async () => {
    const gw = await testGateway();
    try {
      const ready = await gw.app.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(ready.json(), { ready: true, checks: { database: 'ok' } });

      await gw.ctx.db.close();
      const down = await gw.app.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(down.statusCode, 503);
      const body = down.json();
      assert.equal(body.error, 'not_ready');
      assert.deepEqual(body.failing, ['database']);
      assert.deepEqual(body.checks, { database: 'falhou' });
      assert.match(body.message, /database/);
      assert.equal((await gw.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
    } finally {
      await gw.app.close();
      await gw.ctx.dispose().catch(() => {});
    }
  });

  it('names Redis when the configured Redis does not answer', async () => {
    // Nothing listens on port 1: every command fails.
    const gw = await testGateway({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await gw.app.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json().failing, ['redis']);
      assert.deepEqual(res.json().checks, { database: 'ok', redis: 'falhou' });
      assert.equal((await gw.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
    } finally {
      await gw.dispose();
    }
  });

  it('checks a Redis that answers', async (t) => {
    if (!(await redisUp())) return t.skip(`no Redis at ${REDIS_URL}`);
    const gw = await testGateway({ REDIS_URL });
    try {
      const res = await gw.app.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { ready: true, checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await gw.dispose();
    }
  });

  it('the contracts service has its own /ready', async () => {
    const ctx = await testContext();
    const app = await createContractsApp(ctx);
    try {
      const res = await app.inject({ method: 'GET', url: '/ready' });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { ready: true, checks: { database: 'ok' } });
    } finally {
      await app.close();
      await ctx.dispose();
    }
  });
});
