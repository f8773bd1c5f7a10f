// A prepaid organisation's embeddings and token counts, with the official clients in front
// of fake vendors on loopback: embeddings hold their input's tokens at the input price and
// settle at the reported usage; without credit, 402 and nothing leaves; a token count is free.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { balanceOf, walletKey } from '../../../src/gateway/billing/ledger.js';
import { fakeAnthropic } from '../../fakes/anthropic.js';
import { FakeEmbeddings } from '../../fakes/embeddings.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { PRICE } from '../../helpers/catalogue.js';
import { paymentsConfig } from '../billing/config.js';
import { prepaidKey } from '../billing/prepaid.js';
import { listeningGateway } from '../models/helpers.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;

describe('prepaid embeddings and token counts', () => {
  let gw: Gateway;
  let emb: FakeEmbeddings;
  let an: FakeUpstream;

  before(async () => {
    emb = await new FakeEmbeddings().start();
    an = await fakeAnthropic();
    gw = await listeningGateway(
      paymentsConfig({
        providers: {
          emb: { type: 'openai', base_url: `${emb.url}/v1` },
          an: { type: 'anthropic', base_url: an.url },
        },
        models: [
          { id: 'svc/embed', provider: 'emb', upstream_model: 'e', kind: 'embedding', price: PRICE },
          { id: 'svc/claude', provider: 'an', upstream_model: 'c', price: PRICE },
        ],
      }),
    );
  });
  after(async () => {
    await gw.dispose();
    await emb.stop();
    await an.stop();
  });

  const reservations = async (organizationId: string) =>
    gw.ctx.db.kysely
      .selectFrom('credit_reservations')
      .select(['state', 'reserved_micros', 'actual_micros'])
      .where('wallet', '=', walletKey({ kind: 'org', id: organizationId }))
      .execute();

  it('charges the reported input tokens at the input price, and says so in headers', async () => {
    const { key, wallet } = await prepaidKey(gw.ctx, 1_000_000);
    const { data, response } = await gw
      .openai(key.secret)
      .embeddings.create({ model: 'svc/embed', input: ['um', 'dois'] })
      .withResponse();
    assert.deepEqual(data.usage, { prompt_tokens: 6, total_tokens: 6 });
    // The fake reports 3 tokens an input: 6 × 1000 micro-dollars.
    assert.equal(response.headers.get('x-svc-custo-usd'), '0.006');
    assert.equal(response.headers.get('x-svc-saldo-usd'), '0.994');
    assert.ok(response.headers.get('x-svc-reserva-usd'), 'the hold, before the call');
    assert.equal(await balanceOf(gw.ctx.db, wallet), 1_000_000 - 6_000);
    const [held] = await reservations(key.organizationId!);
    assert.equal(held?.state, 'settled');
    assert.equal(Number(held?.actual_micros), 6_000);
  });

  it('without credit: 402, nothing held, nothing sent to the vendor', async () => {
    const { key } = await prepaidKey(gw.ctx, 0);
    const before = emb.received.length;
    await assert.rejects(
      gw.openai(key.secret).embeddings.create({ model: 'svc/embed', input: 'sem crédito' }),
      (err: unknown) => {
        assert.ok(err instanceof OpenAI.APIError);
        assert.equal(err.status, 402);
        return true;
      },
    );
    assert.equal(emb.received.length, before);
    assert.deepEqual(
      (await reservations(key.organizationId!)).filter((r) => r.state === 'open'),
      [],
    );
  });

  it('a failed provider call costs nothing', async () => {
    const { key, wallet } = await prepaidKey(gw.ctx, 1_000_000);
    emb.failWith = { status: 503, body: {} };
    try {
      await assert.rejects(gw.openai(key.secret).embeddings.create({ model: 'svc/embed', input: 'x' }));
    } finally {
      emb.failWith = undefined;
    }
    assert.equal(await balanceOf(gw.ctx.db, wallet), 1_000_000);
  });

  it('counting tokens of a priced model holds and charges nothing, even with an empty wallet', async () => {
    const { key, wallet } = await prepaidKey(gw.ctx, 0);
    const { data, response } = await gw
      .anthropic(key.secret)
      .messages.countTokens({ model: 'svc/claude', messages: [{ role: 'user', content: 'quanto custa?' }] })
      .withResponse();
    assert.ok(data.input_tokens > 0);
    assert.equal(response.headers.get('x-svc-custo-usd'), null);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 0);
    assert.deepEqual(await reservations(key.organizationId!), []);
  });
});
