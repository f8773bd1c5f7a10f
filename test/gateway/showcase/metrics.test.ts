// GET /api/metrics from real counters: visits from funnel batches, requests from the usage
// records of real model calls (official openai client, svc/eco), tenants from organisations;
// the operator's ledger seam; 401 for a wrong token and 503 without OPERATOR_TOKEN.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import {
  BROWSER_UA,
  Clock,
  type Gateways,
  gateways,
  type Instance,
  OPERATOR_TOKEN,
  ORIGIN,
  WORKER_TOKEN,
} from '../telemetry/helpers.js';
import { makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import type { TestContext } from '../../helpers/context.js';

interface MetricsBody {
  app: string;
  today: string;
  days: Array<{ day: string; visits: number }>;
  usage: { requests: { today: number; days: Array<{ day: string; requests: number }> } };
  accounts: { tenants: number };
  ledger?: unknown;
}

async function batch(g: Instance, vid: string, sid: string) {
  const res = await fetch(`${g.url}/api/funil`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, origin: ORIGIN },
    body: JSON.stringify({
      v: 1,
      vid,
      sid,
      sn: 1,
      pv: randomUUID().slice(0, 8),
      e: [{ t: 'view', n: 'home' }],
    }),
  });
  assert.equal(res.status, 202);
}

describe('GET /api/metrics', () => {
  let gw: Gateways;
  let g: Instance;
  // Usage records are written with the real date: the clock follows it.
  const clock = new Clock(Date.now());
  before(async () => {
    gw = await gateways(1, { clock });
    g = gw.list[0]!;
  });
  after(async () => gw.dispose());

  it('counts visits, requests and tenants', async () => {
    const empty = (await (await fetch(`${g.url}/api/metrics`)).json()) as MetricsBody;
    assert.equal(empty.days.length, 7);
    assert.ok(empty.days.every((d) => d.visits === 0));
    assert.equal(empty.usage.requests.today, 0);
    assert.equal(empty.accounts.tenants, 0);
    assert.equal('ledger' in empty, false, 'no ledger without the operator token');

    // Three visits (sessions) of two browsers; one session sends two batches.
    const [v1, v2] = [randomUUID(), randomUUID()];
    await batch(g, v1, 's-a');
    await batch(g, v1, 's-a');
    await batch(g, v1, 's-b');
    await batch(g, v2, 's-c');
    // Two organisations; four model calls through the official client.
    const k1 = await makeKey(g.ctx as TestContext);
    await makeKey(g.ctx as TestContext);
    const client = new OpenAI({ apiKey: k1.secret, baseURL: `${g.url}/v1`, maxRetries: 0 });
    for (let i = 0; i < 4; i++) {
      await client.chat.completions.create({ model: 'svc/eco', messages: [{ role: 'user', content: 'oi' }] });
    }
    // Usage is written in the background (every 100 ms).
    const body = await waitFor('the four calls in the usage', async () => {
      const now = (await (await fetch(`${g.url}/api/metrics`)).json()) as MetricsBody;
      return now.usage.requests.today >= 4 && now;
    });
    const today = new Date(clock.ms).toISOString().slice(0, 10);
    assert.equal(body.today, today);
    assert.equal(body.days.at(-1)!.day, today);
    assert.equal(body.days.at(-1)!.visits, 3);
    assert.equal(body.usage.requests.today, 4);
    assert.equal(body.usage.requests.days.at(-1)!.requests, 4);
    assert.equal(body.usage.requests.days.length, 7);
    assert.equal(body.accounts.tenants, 2);
  });

  it("with the operator token: the house ledger's daily totals for the last 7 days", async () => {
    const res = await fetch(`${g.url}/api/metrics`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as MetricsBody;
    const days = body.ledger as { day: string; spent: number; received: Record<string, number> }[];
    assert.equal(days.length, 7);
    assert.equal(days.at(-1)!.day, new Date().toISOString().slice(0, 10));
    assert.ok(
      days.every((d) => d.spent === 0 && Object.keys(d.received).length === 0),
      'no money moved yet',
    );
  });

  it('the ledger seam: what houseLedger returns is what the operator sees', async () => {
    // Same storage, a second app whose metrics deps carry a ledger function.
    const { registerShowcaseRoutes } = await import('../../../src/gateway/showcase/routes.js');
    const { createApp } = await import('../../../src/platform/http/app.js');
    const { FunnelStore } = await import('../../../src/gateway/telemetry/funnel-store.js');
    const { tokenGuard } = await import('../../../src/platform/http/token-guard.js');
    const app = createApp({ logger: g.ctx.logger, envelopeFor: () => 'api' });
    app.guards.set('operator', tokenGuard('OPERATOR_TOKEN', OPERATOR_TOKEN));
    registerShowcaseRoutes(app, {
      db: g.ctx.db,
      now: clock.now,
      funnel: new FunnelStore(g.ctx.db, { bytesDia: 1 << 20, dias: 7 }),
      houseLedger: async (_db, { days }) => ({
        entrada_micros: 5_000_000,
        saida_micros: 1_000_000,
        dias: days,
      }),
      operatorToken: OPERATOR_TOKEN,
      collectorConfigured: false,
    });
    const res = await app.inject({
      url: '/api/metrics',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    assert.deepEqual(res.json().ledger, { entrada_micros: 5_000_000, saida_micros: 1_000_000, dias: 7 });
    await app.close();
  });

  it('401 for a wrong token or a token of another class', async () => {
    for (const authorization of [
      'Bearer wrong-wrong-wrong-wrong',
      `Bearer ${WORKER_TOKEN}`,
      'Basic dXNlcjpwYXNz',
      'Bearer',
    ]) {
      const res = await fetch(`${g.url}/api/metrics`, { headers: { authorization } });
      assert.equal(res.status, 401, authorization);
      const body = (await res.json()) as { error: string; message: string };
      assert.equal(body.error, 'unauthorized');
    }
  });
});

describe('GET /api/metrics without OPERATOR_TOKEN', () => {
  it('answers 503 not_configured, with or without a token', async () => {
    const gw = await gateways(1, { env: { OPERATOR_TOKEN: '' }, listen: false });
    try {
      const { app } = gw.list[0]!;
      for (const headers of [{}, { authorization: `Bearer ${OPERATOR_TOKEN}` }] as Array<
        Record<string, string>
      >) {
        const res = await app.inject({ url: '/api/metrics', headers });
        assert.equal(res.statusCode, 503);
        assert.equal(res.json().error, 'not_configured');
      }
    } finally {
      await gw.dispose();
    }
  });
});
