// How to pay, discovered by a client that read no docs: GET /api/pagamento serves the Quota,
// x402 and Credit objects of the payment schemas, and every 402 quote carries the same three
// beside `accepts` — on a paid model call and on a credit purchase.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FakeFacilitator } from '../../fakes/facilitator.js';
import { openaiEcho } from '../../fakes/openai.js';
import { FakeUpstream } from '../../fakes/upstream.js';
import { catalogueModel, openaiVendor } from '../../helpers/catalogue.js';
import { listeningGateway } from '../models/helpers.js';
import { PAY_TO, paymentsConfig, x402Via } from './config.js';
import { prepaidKey } from './prepaid.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;

interface Document {
  quota: {
    free: { o_que: string; limite: number; janela: string | null }[];
    paid: { o_que: string; price_usd: number }[];
    how_to_pay: string;
    live: string | null;
    free_now: string[];
  };
  x402: Record<string, unknown> | null;
  credito: { url: string; header: string } | null;
}

describe('payment discovery', () => {
  let gw: Gateway;
  let upstream: FakeUpstream;
  let facilitator: FakeFacilitator;

  before(async () => {
    upstream = await new FakeUpstream(openaiEcho).start();
    facilitator = await new FakeFacilitator(84532).start();
    gw = await listeningGateway(
      paymentsConfig(
        {
          ...openaiVendor(upstream.url, [
            catalogueModel('svc/gpt', {
              contextWindow: 1000,
              price: { input_per_mtok_usd: 3, output_per_mtok_usd: 15 },
            }),
            catalogueModel('svc/gratis', { contextWindow: 1000 }),
          ]),
          limits: { requests_per_minute: 60 },
        },
        {
          x402: x402Via(facilitator.url),
          job_prices_usd: { 'svc.ocr': 0.01 },
        },
      ),
    );
  });
  after(async () => {
    await gw.dispose();
    await upstream.stop();
    await facilitator.stop();
  });

  const origin = () => gw.ctx.origins.primary;

  function assertDocument(doc: Document): void {
    assert.ok(doc.quota.paid.some((p) => p.o_que.startsWith('svc/gpt') && p.price_usd === 3));
    assert.ok(doc.quota.paid.some((p) => p.o_que.startsWith('svc.ocr') && p.price_usd === 0.01));
    assert.ok(doc.quota.paid.some((p) => p.o_que === 'pacote de crédito de US$ 25' && p.price_usd === 25));
    assert.ok(!doc.quota.paid.some((p) => p.o_que.startsWith('svc/gratis')));
    assert.deepEqual(doc.quota.free, [
      { o_que: 'requisições por chave de API', limite: 60, janela: 'minuto' },
    ]);
    assert.match(doc.quota.how_to_pay, /X-Credito/);
    assert.match(doc.quota.how_to_pay, /402/);
    assert.equal(doc.quota.live, `${origin()}/api/pagamento`);
    assert.deepEqual(doc.quota.free_now, []);
    assert.deepEqual(doc.credito, { url: `${origin()}/api/credito`, header: 'X-Credito' });
    const x402 = doc.x402!;
    assert.equal(x402.provider, 'x402');
    assert.equal(x402.mode, 'live');
    assert.equal(x402.network, 'base-sepolia');
    assert.equal(x402.chain_id, 84532);
    assert.equal(x402.pay_to, PAY_TO);
    assert.equal(x402.homolog, true);
    assert.equal(x402.dev, false);
    assert.equal(x402.dev_gate, false);
    assert.deepEqual(x402.gratis, ['svc/gratis']);
    assert.equal(x402.facilitator, facilitator.url);
    assert.equal(x402.asset, 'USDC');
    assert.match(String(x402.asset_address), /^0x[0-9a-fA-F]{40}$/);
    assert.equal(typeof x402.faucet, 'string');
    assert.ok(Object.keys(x402.wallets as object).length > 0);
  }

  it('GET /api/pagamento answers anyone with the three objects', async () => {
    const res = await fetch(`${gw.origin}/api/pagamento`);
    assert.equal(res.status, 200);
    const doc = (await res.json()) as Document & { meios: unknown };
    assertDocument(doc);
    assert.deepEqual(doc.meios, { x402: true, pix: false, asaas: false });
  });

  it('a paid call without credit answers a 402 that carries them beside accepts', async () => {
    const { key } = await prepaidKey(gw.ctx, 0);
    const res = await fetch(`${gw.origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'svc/gpt', max_tokens: 50, messages: [{ role: 'user', content: 'oi' }] }),
    });
    assert.equal(res.status, 402);
    const body = (await res.json()) as Document & { x402Version: number; accepts: unknown[] };
    assert.equal(body.x402Version, 1);
    assert.equal(body.accepts.length, 1);
    assertDocument(body);
    assert.ok(!('meios' in body));
  });

  it('an unpaid credit purchase answers a 402 that carries them beside accepts', async () => {
    const res = await fetch(`${gw.origin}/api/credito?usd=5`, { method: 'POST' });
    assert.equal(res.status, 402);
    const body = (await res.json()) as Document & { accepts: unknown[] };
    assert.equal(body.accepts.length, 1);
    assertDocument(body);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${gw.origin}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    assert.ok(doc.paths['/api/pagamento']);
  });
});

describe('payment discovery without payments', () => {
  let gw: Gateway;
  before(async () => {
    gw = await listeningGateway();
  });
  after(async () => gw.dispose());

  it('says calls are free and offers neither x402 nor credit', async () => {
    const res = await fetch(`${gw.origin}/api/pagamento`);
    assert.equal(res.status, 200);
    const doc = (await res.json()) as Document;
    assert.equal(doc.x402, null);
    assert.equal(doc.credito, null);
    assert.deepEqual(doc.quota.paid, []);
    // No `limits` section: the default per-key limit is enforced, so it is listed.
    assert.deepEqual(doc.quota.free, [
      { o_que: 'requisições por chave de API', limite: 600, janela: 'minuto' },
    ]);
    assert.match(doc.quota.how_to_pay, /não cobra/);
    assert.deepEqual((doc as Document & { meios: unknown }).meios, { x402: false, pix: false, asaas: false });
  });
});
