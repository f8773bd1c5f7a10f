// Billing at usage, with the official openai client against the fake vendor on loopback:
// a vendor that reports more usage than the reservation held is charged what it reported,
// drawing from the balance down to zero (never below); what the balance cannot cover is a
// house loss in the Prometheus counter and in the operator's ledger (GET /api/metrics).
// The reservation counts the prompt's tokens with a real tokenizer, not bytes / 3.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Registry } from 'prom-client';
import { balanceOf } from '../../../src/gateway/billing/ledger.js';
import { utcDay } from '../../../src/platform/days.js';
import { enableMetrics } from '../../../src/platform/metrics/index.js';
import { openaiEcho } from '../../fakes/openai.js';
import { FakeUpstream, type Received } from '../../fakes/upstream.js';
import { catalogueModel, openaiVendor, PRICE } from '../../helpers/catalogue.js';
import { waitFor } from '../../helpers/wait.js';
import { listeningGateway } from '../models/helpers.js';
import { paymentsConfig } from './config.js';
import { prepaidKey } from './prepaid.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;
const OPERATOR_TOKEN = 'operator-token-usage-billing-0123';
/** What the vendor reports for every call in these tests: 300 in, 50 out = US$ 0.40 at PRICE. */
const USAGE = { prompt_tokens: 300, completion_tokens: 50, total_tokens: 350 };
const USAGE_COST = 300 * 1000 + 50 * 2000;

/** The echo vendor, reporting USAGE (in the JSON reply and in the stream's usage chunk). */
function heavyUsage(req: Received) {
  const plan = openaiEcho(req);
  if ('json' in plan) return { ...plan, json: { ...(plan.json as object), usage: USAGE } };
  if ('events' in plan)
    return {
      ...plan,
      events: plan.events.map((e) =>
        typeof e.data === 'object' && e.data && 'usage' in e.data && (e.data as { usage: unknown }).usage
          ? { ...e, data: { ...e.data, usage: USAGE } }
          : e,
      ),
    };
  return plan;
}

const micros = (usd: string | null) => Math.round(Number(usd) * 1_000_000);

describe('billing at usage', () => {
  let gw: Gateway;
  let upstream: FakeUpstream;
  let registry: Registry;

  before(async () => {
    registry = await enableMetrics();
    upstream = await new FakeUpstream(heavyUsage).start();
    gw = await listeningGateway({
      OPERATOR_TOKEN,
      ...paymentsConfig(
        openaiVendor(upstream.url, [catalogueModel('svc/gpt', { contextWindow: 100_000, price: PRICE })]),
      ),
    });
  });
  after(async () => {
    await gw.dispose();
    await upstream.stop();
  });

  const houseLoss = async () => {
    const metric = (await registry.getMetricsAsJSON()).find(
      (m) => m.name === 'svc_credit_house_loss_micros_total',
    );
    return Number(metric?.values[0]?.value ?? 0);
  };

  it('charges the usage the vendor reported beyond the reservation (JSON and stream)', async () => {
    const { key, wallet } = await prepaidKey(gw.ctx, 5_000_000);
    const { response } = await gw
      .openai(key.secret)
      .chat.completions.create({
        model: 'svc/gpt',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'olá' }],
      })
      .withResponse();
    const reserved = micros(response.headers.get('x-svc-reserva-usd'));
    assert.ok(reserved < USAGE_COST, `reservation ${reserved} below the usage`);
    assert.equal(response.headers.get('x-svc-custo-usd'), '0.40');
    assert.equal(await balanceOf(gw.ctx.db, wallet), 5_000_000 - USAGE_COST);

    const stream = await gw.openai(key.secret).chat.completions.create({
      model: 'svc/gpt',
      max_tokens: 50,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'olá' }],
    });
    for await (const _ of stream);
    await waitFor(
      'stream settled',
      async () => (await balanceOf(gw.ctx.db, wallet)) === 5_000_000 - 2 * USAGE_COST,
    );
    assert.equal(await houseLoss(), 0);
  });

  it('draws the balance down to zero, never below, and records the rest as a house loss', async () => {
    const { key, wallet } = await prepaidKey(gw.ctx, 150_000);
    const before = await houseLoss();
    const { response } = await gw
      .openai(key.secret)
      .chat.completions.create({
        model: 'svc/gpt',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'olá' }],
      })
      .withResponse();
    assert.ok(micros(response.headers.get('x-svc-reserva-usd')) <= 150_000);
    assert.equal(response.headers.get('x-svc-custo-usd'), '0.15');
    assert.equal(response.headers.get('x-svc-saldo-usd'), '0.00');
    assert.equal(await balanceOf(gw.ctx.db, wallet), 0);
    assert.equal((await houseLoss()) - before, USAGE_COST - 150_000);
    const metrics = await fetch(`${gw.origin}/api/metrics`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    const body = (await metrics.json()) as { ledger: { day: string; house_loss: number }[] };
    const today = body.ledger.find((d) => d.day === utcDay(Date.now()));
    assert.equal(today?.house_loss, USAGE_COST - 150_000);
    // With nothing left, the next call is refused before the vendor is called.
    const calls = upstream.received.length;
    await assert.rejects(
      gw.openai(key.secret).chat.completions.create({
        model: 'svc/gpt',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'olá' }],
      }),
      (err: { status?: number }) => err.status === 402,
    );
    assert.equal(upstream.received.length, calls);
  });

  it('reserves the prompt at its token count, not its bytes / 3', async () => {
    const { key } = await prepaidKey(gw.ctx, 50_000_000);
    // 200 sentences: 3 000 tokens in GPT-4o's encoding; bytes / 3 would say 4 067.
    const prompt = 'O contratante pagará a multa prevista na cláusula sétima. '.repeat(200);
    const { response } = await gw
      .openai(key.secret)
      .chat.completions.create({
        model: 'svc/gpt',
        max_tokens: 10,
        messages: [{ role: 'user', content: prompt }],
      })
      .withResponse();
    const inputTokens = (micros(response.headers.get('x-svc-reserva-usd')) - 10 * 2000) / 1000;
    assert.ok(inputTokens >= 3_000 && inputTokens <= 3_060, `reserved for ${inputTokens} input tokens`);
  });
});
