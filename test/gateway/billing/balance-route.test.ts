// GET /api/credito: the `credit` scheme (X-Credito) and the balance record.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { reserve, settle } from '../../../src/gateway/billing/ledger.js';
import { issueCreditToken, tokenWallet } from '../../../src/gateway/billing/tokens.js';
import { testGateway } from '../../helpers/gateway.js';
import { paymentsConfig } from './config.js';

type Gateway = Awaited<ReturnType<typeof testGateway>>;

describe('GET /api/credito', () => {
  let gw: Gateway;
  let bare: Gateway;
  before(async () => {
    gw = await testGateway(paymentsConfig());
    bare = await testGateway();
  });
  after(async () => {
    await gw.dispose();
    await bare.dispose();
  });

  const read = (g: Gateway, headers: Record<string, string> = {}) =>
    g.app.inject({ method: 'GET', url: '/api/credito', headers });

  it('answers the balance record of the token, never the token', async () => {
    const { id, token } = await issueCreditToken(gw.ctx.db, {
      secret: gw.ctx.secret,
      usd: 5,
      source: 'x402',
      reference: 'route-1',
      active: true,
    });
    await reserve(gw.ctx.db, {
      wallet: tokenWallet(id),
      micros: 3_000,
      reference: 'route-call-1',
      product: 'v1',
      resource: 'svc/m',
    });
    await settle(gw.ctx.db, { reservation: 'route-call-1', actualMicros: 1_250 });
    const res = await read(gw, { 'x-credito': ` ${token} ` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.ok(!res.body.includes(token.slice(5)));
    const body = res.json();
    assert.equal(body.saldo_micros, 4_998_750);
    assert.equal(body.saldo_usd, '4.99875');
    assert.equal(body.estado, 'ativo');
    assert.equal(body.pacote_usd, 5);
    assert.equal(body.comprado_micros, 5_000_000);
    assert.equal(body.gasto_micros, 1_250);
    assert.match(body.criado_em, /^\d{4}-\d\d-\d\dT/);
    assert.match(body.ultimo_uso, /^\d{4}-\d\d-\d\dT/);
    assert.deepEqual(
      body.movimentos.map(
        (m: { tipo: string; micros: number; produto: string | null; recurso: string | null }) => [
          m.tipo,
          m.micros,
          m.produto,
          m.recurso,
        ],
      ),
      [
        // The settlement names the product of the spend it closes.
        ['acerto', 1_750, 'v1', 'svc/m'],
        ['reserva', -3_000, 'v1', 'svc/m'],
        ['compra', 5_000_000, 'credito:x402', null],
      ],
    );
  });

  it('shows a pending token as pendente with no balance', async () => {
    const { token } = await issueCreditToken(gw.ctx.db, {
      secret: gw.ctx.secret,
      usd: 10,
      source: 'pix',
      reference: 'route-2',
      active: false,
    });
    const body = (await read(gw, { 'x-credito': token })).json();
    assert.equal(body.estado, 'pendente');
    assert.equal(body.saldo_micros, 0);
    assert.equal(body.ultimo_uso, null);
    assert.deepEqual(body.movimentos, []);
  });

  it('answers 401 for a missing, malformed or unknown token', async () => {
    const { token } = await issueCreditToken(gw.ctx.db, {
      secret: gw.ctx.secret,
      usd: 1,
      source: 'x402',
      reference: 'route-3',
      active: true,
    });
    const flipped = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    const variants: Record<string, string>[] = [
      {},
      { 'x-credito': '' },
      { 'x-credito': 'cred_x' },
      { 'x-credito': flipped },
      { 'x-credito': `svck_${token.slice(5)}` },
      { authorization: `Bearer ${token}` },
    ];
    for (const headers of variants) {
      const res = await read(gw, headers);
      assert.equal(res.statusCode, 401, JSON.stringify(headers));
      assert.equal(res.json().error, 'invalid_credit_token');
      assert.match(res.json().message, /crédito/);
    }
    // Well formed, never issued.
    const other = await issueCreditToken(bare.ctx.db, {
      secret: bare.ctx.secret,
      usd: 1,
      source: 'x402',
      reference: 'elsewhere',
      active: true,
    });
    assert.equal((await read(gw, { 'x-credito': other.token })).statusCode, 401);
  });

  it('answers 503 payments_not_configured without a payments section', async () => {
    const res = await read(bare, { 'x-credito': 'cred_whatever' });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().error, 'payments_not_configured');
  });
});
