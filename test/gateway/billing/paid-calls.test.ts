// Paid model calls of a prepaid organisation, with the official openai client against a
// fake vendor on loopback: reserve the maximum, settle the real usage (JSON, streams,
// aborted streams, upstream errors), pay from X-Credito or the organisation, 402 with an
// x402 quote that the official x402 client (@x402/fetch) pays, and free organisations unchanged.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

import { balanceOf, type Wallet } from '../../../src/gateway/billing/ledger.js';
import { issueCreditToken, tokenWallet } from '../../../src/gateway/billing/tokens.js';
import { FakeFacilitator } from '../../fakes/facilitator.js';
import { openaiEcho } from '../../fakes/openai.js';
import { FakeUpstream } from '../../fakes/upstream.js';
import { catalogueModel, openaiVendor, PRICE } from '../../helpers/catalogue.js';
import { makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import { prepaidKey } from './prepaid.js';
import { listeningGateway } from '../models/helpers.js';
import { paymentsConfig, x402Via } from './config.js';
import { payingFetch, paymentHeaderOf } from '../../helpers/x402.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;
// At PRICE (1000 micro-dollars per input token, 2000 per output token): the fake reports 11 in, 7 out.
const ECHO_COST = 11 * 1000 + 7 * 2000;

describe('paid calls', () => {
  let gw: Gateway;
  let upstream: FakeUpstream;
  let facilitator: FakeFacilitator;

  before(async () => {
    upstream = await new FakeUpstream(openaiEcho).start();
    facilitator = await new FakeFacilitator(84532).start();
    gw = await listeningGateway(
      paymentsConfig(
        openaiVendor(upstream.url, [
          catalogueModel('svc/gpt', { contextWindow: 1000, price: PRICE }),
          catalogueModel('svc/gratis', { contextWindow: 1000 }),
        ]),
        { x402: x402Via(facilitator.url) },
      ),
    );
  });
  after(async () => {
    await gw.dispose();
    await upstream.stop();
    await facilitator.stop();
  });

  const prepaid = (micros: number) => prepaidKey(gw.ctx, micros);

  const openReservations = async () =>
    Number(
      (
        await gw.ctx.db.kysely
          .selectFrom('credit_reservations')
          .select((eb) => eb.fn.countAll().as('c'))
          .where('state', '=', 'open')
          .executeTakeFirst()
      )?.c,
    );

  async function settled(wallet: Wallet, expected: number) {
    await waitFor(`balance ${expected}`, async () => (await balanceOf(gw.ctx.db, wallet)) === expected);
  }

  it('charges a JSON call its real usage and says so in headers', async () => {
    const { key, wallet } = await prepaid(5_000_000);
    const { data, response } = await gw
      .openai(key.secret)
      .chat.completions.create({
        model: 'svc/gpt',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'olá' }],
      })
      .withResponse();
    assert.equal(data.choices[0]?.message.content, 'eco: olá');
    assert.equal(response.headers.get('x-svc-custo-usd'), '0.025');
    assert.equal(response.headers.get('x-svc-saldo-usd'), '4.975');
    assert.match(response.headers.get('x-svc-reserva-usd') ?? '', /^0\.1\d+$/);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 5_000_000 - ECHO_COST);
    assert.equal(upstream.received.at(-1)?.body.max_tokens, 50);
  });

  it('bounds a call without max_tokens by setting it', async () => {
    const { key, wallet } = await prepaid(5_000_000);
    await gw
      .openai(key.secret)
      .chat.completions.create({ model: 'svc/gpt', messages: [{ role: 'user', content: 'oi' }] });
    assert.equal(upstream.received.at(-1)?.body.max_tokens, 1000, 'min(4096, context window)');
    assert.equal(await balanceOf(gw.ctx.db, wallet), 5_000_000 - ECHO_COST);
  });

  it('settles a stream at its reported usage', async () => {
    const { key, wallet } = await prepaid(5_000_000);
    const stream = await gw.openai(key.secret).chat.completions.create({
      model: 'svc/gpt',
      max_tokens: 50,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'olá mundo' }],
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    assert.equal(text, 'eco: olá mundo');
    await settled(wallet, 5_000_000 - ECHO_COST);
  });

  it('charges /v1/responses the same way: max_output_tokens bounds it, JSON and streams settle at usage', async () => {
    const { key, wallet } = await prepaid(5_000_000);
    const client = gw.openai(key.secret);
    const { data, response } = await client.responses
      .create({ model: 'svc/gpt', max_output_tokens: 50, input: 'olá' })
      .withResponse();
    assert.equal(data.output_text, 'eco: olá');
    assert.equal(response.headers.get('x-svc-custo-usd'), '0.025');
    assert.equal(upstream.received.at(-1)?.body.max_tokens, 50);
    await client.responses.create({ model: 'svc/gpt', input: 'oi' });
    assert.equal(upstream.received.at(-1)?.body.max_tokens, 1000, 'bounded: min(4096, context window)');
    const streamed = await client.responses.stream({ model: 'svc/gpt', input: 'olá mundo' }).finalResponse();
    assert.equal(streamed.output_text, 'eco: olá mundo');
    await settled(wallet, 5_000_000 - 3 * ECHO_COST);
  });

  it('charges an aborted stream what it streamed, not its maximum', async () => {
    const { key, wallet } = await prepaid(5_000_000);
    upstream.handler = (req) => {
      const plan = openaiEcho({
        ...req,
        body: { ...req.body, messages: [{ role: 'user', content: 'x'.repeat(400) }] },
      });
      return 'events' in plan ? { ...plan, split: 40, interval: 30 } : plan;
    };
    try {
      const controller = new AbortController();
      const stream = await gw
        .openai(key.secret)
        .chat.completions.create(
          { model: 'svc/gpt', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'conte' }] },
          { signal: controller.signal },
        );
      let got = 0;
      try {
        for await (const chunk of stream) {
          got += (chunk.choices[0]?.delta.content ?? '').length;
          if (got > 20) controller.abort();
        }
      } catch {
        // The SDK may end the loop or throw on abort; either way the caller hung up.
      }
      assert.ok(got < 400, 'the caller hung up early');
      await waitFor('no open reservation', async () => (await openReservations()) === 0);
      const spent = 5_000_000 - (await balanceOf(gw.ctx.db, wallet));
      const reservation = await gw.ctx.db.kysely
        .selectFrom('credit_reservations')
        .select(['reserved_micros', 'actual_micros'])
        .where('wallet', '=', `org:${wallet.id}`)
        .executeTakeFirstOrThrow();
      assert.equal(spent, Number(reservation.actual_micros));
      assert.ok(spent > 0, 'the streamed text is paid');
      assert.ok(spent < Number(reservation.reserved_micros), 'not the whole reservation');
    } finally {
      upstream.handler = upstream.defaultHandler;
    }
  });

  it('costs nothing when the upstream fails', async () => {
    const { key, wallet } = await prepaid(5_000_000);
    upstream.handler = () => ({
      status: 400,
      json: { error: { message: 'bad', type: 'invalid_request_error' } },
    });
    try {
      await assert.rejects(
        gw.openai(key.secret).chat.completions.create({
          model: 'svc/gpt',
          max_tokens: 50,
          messages: [{ role: 'user', content: 'oi' }],
        }),
      );
    } finally {
      upstream.handler = upstream.defaultHandler;
    }
    assert.equal(await balanceOf(gw.ctx.db, wallet), 5_000_000);
    assert.equal(await openReservations(), 0);
  });

  it('spends from the X-Credito token when presented, and refuses unknown or pending tokens', async () => {
    const { key, wallet } = await prepaid(5_000_000);
    const paid = await issueCreditToken(gw.ctx.db, {
      secret: gw.ctx.secret,
      usd: 1,
      source: 'x402',
      reference: `tok-${key.keyId}`,
      active: true,
    });
    const client = (token: string) =>
      gw
        .openai(key.secret)
        .chat.completions.create(
          { model: 'svc/gpt', max_tokens: 50, messages: [{ role: 'user', content: 'oi' }] },
          { headers: { 'X-Credito': token } },
        );
    await client(paid.token);
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(paid.id)), 1_000_000 - ECHO_COST);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 5_000_000);
    const pending = await issueCreditToken(gw.ctx.db, {
      secret: gw.ctx.secret,
      usd: 1,
      source: 'pix',
      reference: `pend-${key.keyId}`,
      active: false,
    });
    // The paid token with its last character changed (to another one: it may already be "x").
    const altered = `${paid.token.slice(0, -1)}${paid.token.endsWith('x') ? 'y' : 'x'}`;
    for (const token of [pending.token, 'cred_nope', altered]) {
      await assert.rejects(
        client(token),
        (err: { status?: number; code?: string }) =>
          err.status === 401 && err.code === 'invalid_credit_token',
      );
    }
  });

  it('answers 402 with an x402 quote for the call, which the official x402 client (@x402/fetch) pays', async () => {
    const { key, wallet } = await prepaid(0);
    const init = {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'svc/gpt',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'pague' }],
      }),
    };
    const refused = await fetch(`${gw.origin}/v1/chat/completions`, init);
    assert.equal(refused.status, 402);
    const quote = (await refused.json()) as {
      x402Version: number;
      error: string;
      accepts: { maxAmountRequired: string; resource: string; payTo: string }[];
    };
    assert.equal(quote.x402Version, 1);
    assert.match(quote.error, /Crédito insuficiente/);
    const max = Number(quote.accepts[0]!.maxAmountRequired);
    assert.ok(max > ECHO_COST);
    assert.equal(quote.accepts[0]!.resource, `${gw.ctx.config.publicOrigin}/v1/chat/completions`);
    assert.equal(await openReservations(), 0);

    const pay = payingFetch(fetch, privateKeyToAccount(generatePrivateKey()), 1_000_000n);
    const res = await pay(`${gw.origin}/v1/chat/completions`, init);
    assert.equal(res.status, 200);
    assert.ok(res.headers.get('x-payment-response'));
    assert.equal(res.headers.get('x-svc-custo-usd'), '0.025');
    // Paid the quoted maximum; what the call did not use stays as the organisation's credit.
    assert.equal(await balanceOf(gw.ctx.db, wallet), max - ECHO_COST);
  });

  /** A paid call's request, and a fetch that remembers the X-PAYMENT header the official x402 client (@x402/fetch) sent. */
  function paidCall(secret: string) {
    const init = {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'svc/gpt',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'pague' }],
      }),
    };
    const sent: string[] = [];
    const spy: typeof fetch = async (input, options) => {
      const header = paymentHeaderOf(input, options);
      if (header) sent.push(header);
      return fetch(input, options);
    };
    return { init, sent, spy };
  }

  const settleCalls = () => facilitator.calls.filter((c) => c.path.endsWith('/settle')).length;

  it('a replayed X-PAYMENT pays for one call only, alone or concurrently', async () => {
    const { key, wallet } = await prepaid(0);
    const { init, sent, spy } = paidCall(key.secret);
    const pay = payingFetch(spy, privateKeyToAccount(generatePrivateKey()), 1_000_000n);
    assert.equal((await pay(`${gw.origin}/v1/chat/completions`, init)).status, 200);
    const paid = sent[0]!;
    const balance = await balanceOf(gw.ctx.db, wallet);
    const settles = settleCalls();
    const upstreamCalls = upstream.received.length;
    const replay = () =>
      fetch(`${gw.origin}/v1/chat/completions`, { ...init, headers: { ...init.headers, 'x-payment': paid } });
    const answers = await Promise.all([replay(), replay(), replay()]);
    for (const res of answers) {
      assert.equal(res.status, 402);
      assert.match(((await res.json()) as { error: string }).error, /./);
    }
    assert.equal(settleCalls(), settles, 'a used nonce never reaches the facilitator again');
    assert.equal(upstream.received.length, upstreamCalls, 'nothing sent upstream');
    assert.equal(await balanceOf(gw.ctx.db, wallet), balance);
    assert.equal(await openReservations(), 0);
  });

  // the official x402 client (@x402/fetch) signs what the quote asks; a tampered quote makes it sign the wrong thing.
  type Requirements = Record<string, unknown>;
  const tampers: [string, (a: Requirements) => Requirements][] = [
    ['another payTo', (a) => ({ ...a, payTo: '0x000000000000000000000000000000000000dEaD' })],
    ['too small an amount', (a) => ({ ...a, maxAmountRequired: '1' })],
    ['an authorisation already expired', (a) => ({ ...a, maxTimeoutSeconds: -3600 })],
  ];
  for (const [name, tamper] of tampers) {
    it(`refuses a payment for ${name}: 402, nothing credited, nothing sent upstream`, async () => {
      const { key, wallet } = await prepaid(0);
      const { init } = paidCall(key.secret);
      const tampering: typeof fetch = async (input, options) => {
        const res = await fetch(input, options);
        if (res.status !== 402 || paymentHeaderOf(input, options)) return res;
        const quote = (await res.json()) as { accepts: Record<string, unknown>[] };
        quote.accepts = quote.accepts.map(tamper);
        return new Response(JSON.stringify(quote), { status: 402, headers: res.headers });
      };
      const upstreamCalls = upstream.received.length;
      const pay = payingFetch(tampering, privateKeyToAccount(generatePrivateKey()), 1_000_000n);
      const res = await pay(`${gw.origin}/v1/chat/completions`, init);
      assert.equal(res.status, 402);
      assert.equal(upstream.received.length, upstreamCalls);
      assert.equal(await balanceOf(gw.ctx.db, wallet), 0);
      assert.equal(await openReservations(), 0);
    });
  }

  it('a facilitator that is down leaves the call unpaid: 402, nothing credited', async () => {
    const { key, wallet } = await prepaid(0);
    const { init } = paidCall(key.secret);
    facilitator.settleError = 'unexpected_settle_error';
    try {
      const pay = payingFetch(fetch, privateKeyToAccount(generatePrivateKey()), 1_000_000n);
      const upstreamCalls = upstream.received.length;
      const res = await pay(`${gw.origin}/v1/chat/completions`, init);
      assert.equal(res.status, 402);
      assert.equal(upstream.received.length, upstreamCalls);
      assert.equal(await balanceOf(gw.ctx.db, wallet), 0);
    } finally {
      facilitator.settleError = undefined;
    }
  });

  it('leaves free organisations and unpriced models as they were', async () => {
    const free = await makeKey(gw.ctx);
    const { response } = await gw
      .openai(free.secret)
      .chat.completions.create({ model: 'svc/gpt', messages: [{ role: 'user', content: 'oi' }] })
      .withResponse();
    assert.equal(response.headers.get('x-svc-custo-usd'), null);
    assert.equal(upstream.received.at(-1)?.body.max_tokens, undefined, 'a free call is sent as asked');
    const { key, wallet } = await prepaid(0);
    const unpriced = await gw
      .openai(key.secret)
      .chat.completions.create({ model: 'svc/gratis', messages: [{ role: 'user', content: 'oi' }] })
      .withResponse();
    assert.equal(unpriced.response.headers.get('x-svc-custo-usd'), null);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 0);
  });
});
