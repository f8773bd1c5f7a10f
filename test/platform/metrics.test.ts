// GET /metrics on METRICS_PORT, scraped by a real Prometheus: after a scripted burst of
// traffic through `svc serve all` (model calls that pass, fail and stream, the barrier
// masking and blocking, a per-minute limit, prepaid credit, worker jobs, insights webhooks)
// the Prometheus HTTP API holds the counts the client saw. And no key, id or personal value
// ever appears in the exposition.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { balanceOf } from '../../src/gateway/billing/ledger.js';
import { createTenant } from '../../src/insights/tenants/store.js';
import { openDb } from '../../src/platform/db/index.js';
import { fakeOpenAI } from '../fakes/openai.js';
import type { FakeUpstream } from '../fakes/upstream.js';
import { paymentsConfig } from '../gateway/billing/config.js';
import { prepaidKey } from '../gateway/billing/prepaid.js';
import { CPF, EMAIL, SEEDED } from '../gateway/models/helpers.js';
import { WORKER_TOKEN } from '../gateway/workers/helpers.js';
import { onPostgres, type TestStorage } from '../helpers/db.js';
import { makeKey } from '../helpers/gateway.js';
import type { Child } from '../helpers/process.js';
import { type Prometheus, prometheusMissing, startPrometheus } from '../helpers/prometheus.js';
import { catalogueModel, MICRO_A_TOKEN } from '../helpers/catalogue.js';
import { seededStorage, serve } from '../helpers/served.js';

const WEBHOOK_TOKEN = 'webhook-token-0123456789abcdef';
const PROMPT = `Meu CPF é ${CPF} e meu e-mail ${EMAIL}; resuma o contrato.`;
const missing = prometheusMissing();
if (missing) console.log(`skipping the Prometheus scrape tests: ${missing}`);

describe(`Prometheus metrics (${onPostgres ? 'postgres' : 'sqlite'})`, { skip: missing ?? false }, () => {
  let upstream: FakeUpstream;
  let storage: TestStorage;
  let child: Child;
  let urls: Record<string, string>;
  let prometheus: Prometheus;
  // biome-ignore lint/suspicious/noExplicitAny: the seeded fixtures, read loosely
  let seed: any;
  /** Everything the client saw, to compare with what Prometheus holds. */
  const seen = { paid: 0, refused: 0, workerId: '', jobIds: [] as string[] };

  before(async () => {
    upstream = await fakeOpenAI();
    const config = paymentsConfig({
      providers: {
        oa: { type: 'openai', base_url: `${upstream.url}/v1` },
        morto: { type: 'openai', base_url: 'http://127.0.0.1:1/v1' },
      },
      models: [
        catalogueModel('svc/gpt', { price: MICRO_A_TOKEN }),
        catalogueModel('svc/falho', { provider: 'morto' }),
      ],
      workers: { waits: { embeddings: 0 } },
    });
    const seeded = await seededStorage(
      async (ctx) => {
        const tenant = await createTenant(ctx, {
          clientId: 'cliente-metricas',
          token: WEBHOOK_TOKEN,
          allowedCidrs: ['any'],
        });
        return {
          plain: await makeKey(ctx),
          limited: await makeKey(ctx, { org: { requests_per_minute: 2 } }),
          prepaid: await prepaidKey(ctx, 100),
          tenant: tenant.tenant,
        };
      },
      { ...config, WORKER_TOKEN, METRICS_PORT: '0', INSIGHTS_BACKGROUND: 'off' },
    );
    storage = seeded.storage;
    seed = seeded.seed;
    const served = await serve(['all'], seeded.env);
    child = served.child;
    urls = served.urls;
    assert.ok(urls.metrics, 'the listening line names the metrics listener');
    prometheus = await startPrometheus([new URL(urls.metrics).host]);
    await traffic();
  });

  after(async () => {
    await prometheus?.stop();
    child?.proc.kill('SIGTERM');
    assert.equal(await child?.exit(), 0);
    await upstream?.stop();
    await storage?.drop();
  });

  async function traffic() {
    const gw = urls.gateway!;
    for (let i = 0; i < 7; i++) assert.equal((await fetch(`${gw}/api/health`)).status, 200);

    const client = (secret: string) => new OpenAI({ apiKey: secret, baseURL: `${gw}/v1`, maxRetries: 0 });
    const plain = client(seed.plain.secret);
    const ask = { model: 'svc/gpt', messages: [{ role: 'user' as const, content: PROMPT }] };
    for (let i = 0; i < 5; i++) await plain.chat.completions.create(ask);
    for (let i = 0; i < 3; i++) {
      const stream = await plain.chat.completions.create({ ...ask, stream: true });
      for await (const _ of stream);
    }
    for (let i = 0; i < 2; i++) {
      await assert.rejects(plain.chat.completions.create({ ...ask, model: 'svc/falho' }), { status: 502 });
    }
    const blocked = await fetch(`${gw}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${seed.plain.secret}`,
        'content-type': 'application/json',
        'x-svc-policy': 'block',
      },
      body: JSON.stringify(ask),
    });
    assert.equal(blocked.status, 422);

    for (let i = 0; i < 4; i++) {
      await fetch(`${gw}/v1/models`, { headers: { authorization: `Bearer ${seed.limited.secret}` } });
    }

    const prepaid = client(seed.prepaid.key.secret);
    for (let i = 0; i < 5; i++) {
      try {
        await prepaid.chat.completions.create({
          model: 'svc/gpt',
          max_tokens: 40,
          messages: [{ role: 'user', content: 'olá' }],
        });
        seen.paid++;
      } catch (err) {
        assert.equal((err as { status?: number }).status, 402);
        seen.refused++;
      }
    }

    const asWorker = { authorization: `Bearer ${WORKER_TOKEN}`, 'content-type': 'application/json' };
    const reg = await fetch(`${gw}/api/worker/register`, {
      method: 'POST',
      headers: asWorker,
      body: JSON.stringify({ name: 'w', version: '1', capabilities: ['svc.embeddings'] }),
    });
    const registered = (await reg.json()) as { worker_id: string; worker_key: string };
    seen.workerId = registered.worker_id;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${gw}/v1/embeddings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seed.plain.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ input: `texto de ${EMAIL}` }),
      });
      assert.equal(res.status, 202);
      seen.jobIds.push(((await res.json()) as { id: string }).id);
    }
    const leased = await fetch(`${gw}/api/worker/lease`, {
      method: 'POST',
      headers: { ...asWorker, 'x-worker-key': registered.worker_key },
      body: JSON.stringify({ worker_id: seen.workerId, wait_seconds: 0 }),
    });
    const { job } = (await leased.json()) as { job: { id: string; lease_token: string } };
    const done = await fetch(`${gw}/api/worker/jobs/${job.id}/complete`, {
      method: 'POST',
      headers: { ...asWorker, 'x-lease-token': String(job.lease_token) },
      body: JSON.stringify({
        result: {
          object: 'list',
          data: [{ object: 'embedding', index: 0, embedding: [1] }],
          model: 'm',
          usage: {},
        },
      }),
    });
    assert.equal(done.status, 200);

    const hook = (route: string, body: unknown) =>
      fetch(`${urls.insights}${route}?client_id=cliente-metricas&token=${WEBHOOK_TOKEN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    assert.equal(
      (await hook('/webhooks/partner-crm', { eventType: 'SESSION_COMPLETE', content: { id: 's-1' } })).status,
      202,
    );
    assert.equal(
      (await hook('/webhooks/partner-crm', { eventType: 'OUTRO', content: { id: 's-2' } })).status,
      200,
    );
    assert.equal((await hook('/webhooks/partner-crm', { nada: true })).status, 400);
  }

  const expectValue = (query: string, expected: number) =>
    prometheus.waitFor(query, (v) => v === expected).then((v) => assert.equal(v, expected, query));

  it('counts HTTP requests per route template and status class', async () => {
    await expectValue(
      'sum(svc_http_requests_total{service="gateway",route="/api/health",status_class="2xx"})',
      7,
    );
    await expectValue('sum(svc_http_requests_total{route="/v1/chat/completions",status_class="5xx"})', 2);
    await expectValue(
      'sum(svc_http_request_duration_seconds_count{route="/v1/chat/completions",status_class="4xx"})',
      1 + seen.refused,
    );
  });

  it('counts model calls per model, provider and outcome, their tokens, latency and first output', async () => {
    const ok = 8 + seen.paid;
    await expectValue('sum(svc_model_calls_total{model="svc/gpt",provider="oa",outcome="ok"})', ok);
    await expectValue(
      'sum(svc_model_calls_total{model="svc/falho",provider="morto",outcome="upstream_error"})',
      2,
    );
    await expectValue('sum(svc_model_tokens_total{model="svc/gpt",direction="input"})', 11 * ok);
    await expectValue('sum(svc_model_tokens_total{model="svc/gpt",direction="output"})', 7 * ok);
    await expectValue('sum(svc_upstream_ttft_seconds_count{model="svc/gpt"})', 3);
    await expectValue('sum(svc_upstream_duration_seconds_count{model="svc/gpt",mode="json"})', 5 + seen.paid);
  });

  it('counts the values the barrier found per category and outcome', async () => {
    // 5 + 3 calls that passed, 2 that failed upstream (after the barrier), 1 blocked.
    await expectValue('sum(svc_barrier_values_total{category="cpf",outcome="masked"})', 10);
    await expectValue('sum(svc_barrier_values_total{category="email",outcome="masked"})', 10 + 2);
    await expectValue('sum(svc_barrier_values_total{category="cpf",outcome="blocked"})', 1);
    await expectValue(
      'sum(svc_barrier_duration_seconds_count{surface="model"})',
      11 + seen.paid + seen.refused,
    );
    await expectValue('sum(svc_barrier_duration_seconds_count{surface="job"})', 2);
  });

  it('counts rate-limit refusals, credit reservations, settlements and 402s, and the ledger totals', async () => {
    assert.ok(seen.paid >= 1 && seen.refused >= 1, `${seen.paid} paid, ${seen.refused} refused`);
    await expectValue('sum(svc_rate_limit_refusals_total{limit="per_minute"})', 2);
    await expectValue('sum(svc_credit_reservations_total{source="call"})', seen.paid);
    await expectValue('sum(svc_credit_refusals_total{source="call"})', seen.refused);
    await expectValue('sum(svc_credit_settlements_total)', seen.paid);
    const db = openDb(storage);
    const balance = await balanceOf(db, seed.prepaid.wallet).finally(() => db.close());
    await expectValue('sum(svc_ledger_balance_micros{wallet_kind="org"})', balance);
    await expectValue('sum(svc_ledger_drift_micros)', 0);
  });

  it('counts worker jobs per capability and state, the queue depth and the workers seen', async () => {
    await expectValue('sum(svc_worker_jobs_total{capability="svc.embeddings",state="queued"})', 2);
    await expectValue('sum(svc_worker_jobs_total{capability="svc.embeddings",state="leased"})', 1);
    await expectValue('sum(svc_worker_jobs_total{capability="svc.embeddings",state="completed"})', 1);
    await expectValue('sum(svc_worker_queue_depth{capability="svc.embeddings"})', 1);
    await expectValue('sum(svc_workers_seen{capability="svc.embeddings"})', 1);
  });

  it('counts insights webhooks accepted, ignored and rejected, and has the process metrics', async () => {
    await expectValue('sum(svc_insights_webhooks_total{webhook="partner-crm",outcome="accepted"})', 1);
    await expectValue('sum(svc_insights_webhooks_total{webhook="partner-crm",outcome="ignored"})', 1);
    await expectValue('sum(svc_insights_webhooks_total{webhook="partner-crm",outcome="rejected"})', 1);
    await prometheus.waitFor('nodejs_eventloop_lag_seconds', (v) => v !== undefined && v >= 0);
    await prometheus.waitFor('process_resident_memory_bytes', (v) => v !== undefined && v > 0);
    await prometheus.waitFor('count(nodejs_gc_duration_seconds_count)', (v) => v !== undefined && v > 0);
  });

  it('never exposes a key, an id or a personal value', async () => {
    const text = await (await fetch(`${urls.metrics}/metrics`)).text();
    assert.match(text, /svc_model_calls_total/);
    const secrets = [
      seed.plain.secret,
      seed.limited.secret,
      seed.prepaid.key.secret,
      'svck_',
      WORKER_TOKEN,
      WEBHOOK_TOKEN,
      'cliente-metricas',
      seed.tenant.id,
      seen.workerId,
      ...seen.jobIds,
    ];
    for (const k of [seed.plain, seed.limited, seed.prepaid.key])
      secrets.push(k.keyId, k.accountId, k.organizationId);
    for (const value of [...secrets, ...SEEDED, 'example.com', '@']) {
      assert.ok(!text.includes(value), `the exposition holds "${value.slice(0, 12)}…"`);
    }
    assert.equal((await fetch(`${urls.metrics}/`)).status, 404);
    assert.equal((await fetch(`${urls.metrics}/metrics`, { method: 'POST' })).status, 405);
  });
});
