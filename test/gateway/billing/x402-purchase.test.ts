// Buying credit with x402: the unmodified official x402 client and a viem local account
// against the running gateway, paying through a verifying facilitator on loopback
// (test/fakes/facilitator.ts). Every failure — replay, wrong recipient, expired, too
// small, a bad signature, the facilitator down or slow — mints nothing.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';

import { FakeFacilitator } from '../../fakes/facilitator.js';
import { testGateway } from '../../helpers/gateway.js';
import { PAY_TO, paymentsConfig, x402Via } from './config.js';
import { decodePaymentResponseHeader, payingFetch, paymentHeaderOf } from '../../helpers/x402.js';

type Gateway = Awaited<ReturnType<typeof testGateway>>;
const USDC_SEPOLIA = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';

/** An X-PAYMENT header signed by hand, to send what the official client never would. */
async function signedHeader(
  account: PrivateKeyAccount,
  fields: {
    to?: string;
    value?: string;
    validAfter?: number;
    validBefore?: number;
    nonce?: string;
    signer?: PrivateKeyAccount;
  } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const authorization = {
    from: account.address,
    to: (fields.to ?? PAY_TO) as `0x${string}`,
    value: fields.value ?? '1000000',
    validAfter: String(fields.validAfter ?? now - 600),
    validBefore: String(fields.validBefore ?? now + 300),
    nonce: (fields.nonce ?? `0x${randomBytes(32).toString('hex')}`) as `0x${string}`,
  };
  const signature = await (fields.signer ?? account).signTypedData({
    domain: { name: 'USDC', version: '2', chainId: 84532, verifyingContract: USDC_SEPOLIA },
    types: {
      TransferWithAuthorization: [
        { name: 'from', type: 'address' },
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'validAfter', type: 'uint256' },
        { name: 'validBefore', type: 'uint256' },
        { name: 'nonce', type: 'bytes32' },
      ],
    },
    primaryType: 'TransferWithAuthorization',
    message: {
      ...authorization,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
    },
  });
  const payment = {
    x402Version: 1,
    scheme: 'exact',
    network: 'base-sepolia',
    payload: { signature, authorization },
  };
  return Buffer.from(JSON.stringify(payment)).toString('base64');
}

describe('POST /api/credito with x402', () => {
  let gw: Gateway;
  let facilitator: FakeFacilitator;
  let base = '';
  const account = privateKeyToAccount(generatePrivateKey());

  before(async () => {
    facilitator = await new FakeFacilitator(84532).start();
    gw = await testGateway(
      paymentsConfig(
        {},
        {
          x402: x402Via(facilitator.url, { facilitator_timeout_ms: 3_000 }),
        },
      ),
    );
    base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await gw.dispose();
    await facilitator.stop();
  });

  const tokens = async () =>
    Number(
      (
        await gw.ctx.db.kysely
          .selectFrom('credit_tokens')
          .select((eb) => eb.fn.countAll().as('c'))
          .executeTakeFirst()
      )?.c,
    );
  const buy = (usd: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/credito?usd=${usd}`, { method: 'POST', headers });

  it('sells a package to the unmodified official x402 client, minting after settle', async () => {
    const sent: string[] = [];
    // The client is unmodified; the fetch it wraps notes the X-PAYMENT it sends.
    const recording: typeof fetch = async (input, init) => {
      const header = paymentHeaderOf(input, init);
      if (header) sent.push(header);
      return fetch(input, init);
    };
    const pay = payingFetch(recording, account, 25_000_000n);
    const res = await pay(`${base}/api/credito?usd=5`, { method: 'POST' });
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, string>;
    assert.match(body.token!, /^cred_[0-9A-Za-z]{38}$/);
    assert.equal(body.saldo_usd, '5.00');
    assert.match(body.guarde!, /uma única vez/);
    assert.match(body.usar!, /X-Credito/);
    assert.equal(body.saldo_em, `${gw.ctx.config.publicOrigin}/api/credito`);
    const receipt = decodePaymentResponseHeader(res.headers.get('x-payment-response')!);
    assert.equal(receipt.success, true);
    assert.equal(receipt.network, 'base-sepolia');
    assert.equal(receipt.payer?.toLowerCase(), account.address.toLowerCase());
    assert.match(receipt.transaction, /^0x[0-9a-f]{64}$/);
    assert.deepEqual(
      facilitator.calls.map((c) => c.path),
      ['/verify', '/settle'],
    );
    const balance = await fetch(`${base}/api/credito`, { headers: { 'x-credito': body.token! } });
    assert.equal(((await balance.json()) as { saldo_micros: number }).saldo_micros, 5_000_000);

    // The same X-PAYMENT again: refused before the facilitator, nothing minted.
    const before = await tokens();
    const calls = facilitator.calls.length;
    const replay = await buy('5', { 'X-PAYMENT': sent[0]! });
    assert.equal(replay.status, 402);
    assert.match(((await replay.json()) as { error: string }).error, /já foi usado/);
    assert.equal(await tokens(), before);
    assert.equal(facilitator.calls.length, calls);
  });

  it('answers 402 with the full x402 v1 quote when unpaid', async () => {
    const res = await buy('1');
    assert.equal(res.status, 402);
    const body = (await res.json()) as {
      x402Version: number;
      error: string;
      accepts: Record<string, unknown>[];
    };
    assert.equal(body.x402Version, 1);
    assert.match(body.error, /X-PAYMENT/);
    assert.deepEqual(body.accepts, [
      {
        scheme: 'exact',
        network: 'base-sepolia',
        maxAmountRequired: '1000000',
        resource: `${gw.ctx.config.publicOrigin}/api/credito?usd=1`,
        description: 'Crédito pré-pago de US$ 1 no svc',
        mimeType: 'application/json',
        payTo: PAY_TO,
        maxTimeoutSeconds: 300,
        asset: USDC_SEPOLIA,
        extra: { name: 'USDC', version: '2' },
      },
    ]);
  });

  it('answers 400 for a package outside 1, 5, 10, 25, paid or not', async () => {
    for (const usd of ['7', '0', '-5', '5.0', 'abc', '100', '']) {
      const res = await buy(usd, { 'X-PAYMENT': await signedHeader(account) });
      assert.equal(res.status, 400, usd);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_package');
    }
    const none = await fetch(`${base}/api/credito`, { method: 'POST' });
    assert.equal(none.status, 400);
  });

  it('mints once when the same payment arrives five times at once', async () => {
    const before = await tokens();
    const header = await signedHeader(account);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => buy('1', { 'X-PAYMENT': header })));
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 402, 402, 402, 402]);
    assert.equal(await tokens(), before + 1);
  });

  it('mints nothing for a wrong recipient, an expired or too small authorisation, a forged signature or a malformed header', async () => {
    const before = await tokens();
    const now = Math.floor(Date.now() / 1000);
    const other = privateKeyToAccount(generatePrivateKey());
    const cases: [string, string, RegExp][] = [
      ['wrong payTo', await signedHeader(account, { to: other.address }), /endereço da cotação/],
      ['expired', await signedHeader(account, { validBefore: now - 1 }), /expirou/],
      ['too small', await signedHeader(account, { value: '999999' }), /menor que o da cotação/],
      // US$ 25 authorised for the US$ 1 package: refused, nothing settled, nothing minted.
      ['too large', await signedHeader(account, { value: '25000000' }), /maior que o da cotação/],
      [
        'not yet valid',
        await signedHeader(account, { validAfter: now + 600, validBefore: now + 900 }),
        /ainda não vale/,
      ],
      // Passes our own checks; only the facilitator's signature check can refuse it.
      [
        'signed by another key',
        await signedHeader(account, { signer: other }),
        /facilitador \(invalid_exact_evm_payload_signature\)/,
      ],
      ['malformed', 'bm90IGpzb24=', /X-PAYMENT inválido/],
    ];
    for (const [name, header, message] of cases) {
      const res = await buy('1', { 'X-PAYMENT': header });
      assert.equal(res.status, 402, name);
      const body = (await res.json()) as { x402Version: number; error: string; accepts: unknown[] };
      assert.match(body.error, message, name);
      assert.equal(body.accepts.length, 1, name);
    }
    assert.equal(await tokens(), before);
  });

  it('refuses an authorisation larger than the quote before the facilitator moves any money', async () => {
    const before = await tokens();
    const calls = facilitator.calls.length;
    const nonce = `0x${randomBytes(32).toString('hex')}`;
    const res = await buy('1', { 'X-PAYMENT': await signedHeader(account, { value: '25000000', nonce }) });
    assert.equal(res.status, 402);
    const body = (await res.json()) as {
      error: string;
      motivo: string;
      accepts: { maxAmountRequired: string }[];
    };
    assert.match(body.error, /maior que o da cotação/);
    assert.equal(body.motivo, 'amount_exceeds_quote');
    assert.equal(body.accepts[0]?.maxAmountRequired, '1000000');
    assert.equal(facilitator.calls.length, calls, 'neither verify nor settle was called');
    assert.ok(!facilitator.settledNonces.has(nonce));
    assert.equal(await tokens(), before);
  });

  it('the facilitator itself refuses a wrong recipient, a short amount and a used nonce', async () => {
    const requirements = {
      scheme: 'exact',
      network: 'base-sepolia',
      maxAmountRequired: '1000000',
      resource: 'http://x/',
      description: '',
      mimeType: 'application/json',
      payTo: PAY_TO,
      maxTimeoutSeconds: 300,
      asset: USDC_SEPOLIA,
      extra: { name: 'USDC', version: '2' },
    };
    const verify = async (header: string) => {
      const paymentPayload = JSON.parse(Buffer.from(header, 'base64').toString());
      const res = await fetch(`${facilitator.url}/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ x402Version: 1, paymentPayload, paymentRequirements: requirements }),
      });
      return (await res.json()) as { isValid: boolean; invalidReason?: string };
    };
    assert.deepEqual((await verify(await signedHeader(account))).isValid, true);
    const other = privateKeyToAccount(generatePrivateKey());
    assert.match(
      (await verify(await signedHeader(account, { to: other.address }))).invalidReason!,
      /recipient/,
    );
    assert.match((await verify(await signedHeader(account, { value: '10' }))).invalidReason!, /value/);
    const used = [...facilitator.settledNonces][0]!;
    assert.match((await verify(await signedHeader(account, { nonce: used }))).invalidReason!, /nonce_used/);
  });

  it('counts a facilitator that is slow, refuses to settle, or is down as unpaid', async () => {
    const before = await tokens();
    facilitator.delayMs = 6_000;
    const slow = await buy('1', { 'X-PAYMENT': await signedHeader(account) });
    assert.equal(slow.status, 402);
    assert.match(((await slow.json()) as { error: string }).error, /não respondeu a tempo/);
    facilitator.delayMs = 0;

    facilitator.settleError = 'insufficient_funds';
    const refused = await buy('1', { 'X-PAYMENT': await signedHeader(account) });
    assert.equal(refused.status, 402);
    assert.match(((await refused.json()) as { error: string }).error, /insufficient_funds/);
    facilitator.settleError = undefined;

    await facilitator.stop();
    try {
      const down = await buy('1', { 'X-PAYMENT': await signedHeader(account) });
      assert.equal(down.status, 402);
      assert.match(((await down.json()) as { error: string }).error, /indisponível/);
    } finally {
      await new Promise<void>((resolve) =>
        facilitator.server.listen(Number(new URL(facilitator.url).port), '127.0.0.1', resolve),
      );
    }
    assert.equal(await tokens(), before);
    const states = await gw.ctx.db.kysely
      .selectFrom('x402_payments')
      .select(['state', 'error'])
      .where('state', '!=', 'settled')
      .execute();
    assert.ok(states.some((s) => s.error === 'facilitator_unreachable'));
    assert.ok(states.some((s) => s.error === 'insufficient_funds'));
  });
});
