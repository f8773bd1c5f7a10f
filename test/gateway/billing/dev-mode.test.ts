// `payments.mode: dev` (SPEC: calls pass unpaid and the 402 is simulated): the purchase
// still quotes, and mints on a matching X-PAYMENT without any facilitator (none is
// running: its URL is a closed port); prepaid calls pass with no credit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

import { balanceOf } from '../../../src/gateway/billing/ledger.js';
import { updateOrganization } from '../../../src/gateway/orgs/store.js';
import { openaiEcho } from '../../fakes/openai.js';
import { FakeUpstream } from '../../fakes/upstream.js';
import { catalogueModel, openaiVendor, PRICE } from '../../helpers/catalogue.js';
import { makeKey } from '../../helpers/gateway.js';
import { listeningGateway } from '../models/helpers.js';
import { paymentsConfig } from './config.js';
import { payingFetch } from '../../helpers/x402.js';

describe('payments in dev mode', () => {
  let gw: Awaited<ReturnType<typeof listeningGateway>>;
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await new FakeUpstream(openaiEcho).start();
    gw = await listeningGateway(
      paymentsConfig(
        openaiVendor(upstream.url, [catalogueModel('svc/gpt', { contextWindow: 1000, price: PRICE })]),
        { mode: 'dev' },
      ),
    );
  });
  after(async () => {
    await gw.dispose();
    await upstream.stop();
  });

  it('quotes, then mints on a matching payment without a facilitator', async () => {
    const unpaid = await fetch(`${gw.origin}/api/credito?usd=1`, { method: 'POST' });
    assert.equal(unpaid.status, 402);
    const pay = payingFetch(fetch, privateKeyToAccount(generatePrivateKey()), 1_000_000n);
    const res = await pay(`${gw.origin}/api/credito?usd=1`, { method: 'POST' });
    assert.equal(res.status, 200);
    const receipt = JSON.parse(Buffer.from(res.headers.get('x-payment-response')!, 'base64').toString());
    assert.match(receipt.transaction, /^simulado:/);
  });

  it('lets a prepaid call with no credit pass, saying what it would cost', async () => {
    const key = await makeKey(gw.ctx);
    await updateOrganization(gw.ctx.db.kysely, key.organizationId!, { billing: 'prepaid' });
    const { response } = await gw
      .openai(key.secret)
      .chat.completions.create({
        model: 'svc/gpt',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'oi' }],
      })
      .withResponse();
    assert.equal(response.headers.get('x-svc-pagamento'), 'simulado');
    assert.equal(response.headers.get('x-svc-custo-usd'), '0.025');
    assert.equal(await balanceOf(gw.ctx.db, { kind: 'org', id: key.organizationId! }), 0);
  });
});
