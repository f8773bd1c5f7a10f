// Automatic Pix through a fake Asaas speaking the v3 shapes on loopback: charges for a
// package and for an organisation's balance, the payer forwarded and never stored, the
// webhook (token, duplicates, out-of-order delivery, re-reading the payment), the
// reconciliation job paying a charge whose webhook was lost, and 5xx on create.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { balanceOf, reserve } from '../../../src/gateway/billing/ledger.js';
import { findCreditToken, tokenWallet } from '../../../src/gateway/billing/tokens.js';
import { setMember } from '../../../src/gateway/orgs/store.js';
import { testGateway } from '../../helpers/gateway.js';
import { type FakeAsaas, startFakeAsaas } from '../../fakes/asaas.js';
import { paymentsConfig } from './config.js';
import { dumpAllTables, signedIn } from './pix-helpers.js';
import { kyselyOf } from '../../../src/modules.js';
import { stuckMoney } from '../../../src/gateway/billing/stuck.js';

type Gateway = Awaited<ReturnType<typeof testGateway>>;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
const j = (res: Response): Promise<any> => res.json();

const WEBHOOK_TOKEN = 'asaas-webhook-token-0123456789';
const PAYER = {
  documento: '529.982.247-25',
  nome: 'Joana Pereira Quintela',
  email: 'joana.pagadora@example.org',
};
const CNPJ = '11.222.333/0001-81';

function asaasConfig(fake: FakeAsaas, extra: Record<string, unknown> = {}) {
  return paymentsConfig(
    {},
    {
      asaas: {
        base_url: fake.url,
        api_key: fake.apiKey,
        webhook_token: WEBHOOK_TOKEN,
        brl_por_usd: 5,
        ...extra,
      },
    },
  );
}

describe('automatic Pix (Asaas)', () => {
  let fake: FakeAsaas;
  let gw: Gateway;
  let base: string;

  before(async () => {
    fake = await startFakeAsaas();
    gw = await testGateway(
      asaasConfig(fake, { daily_cap_per_network: 100, pending_per_address: 100, pending_per_network: 100 }),
    );
    base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await gw.dispose();
    await fake.close();
  });

  const buy = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/credito/asaas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const state = async (id: string) => j(await fetch(`${base}/api/credito/asaas/${id}`));
  const hook = `/api/credito/asaas/webhook`;
  const paymentOf = (id: string) => {
    const [p] = fake.paymentsFor(id);
    assert.ok(p, `a payment for ${id}`);
    return p;
  };

  it('GET tells what is available', async () => {
    const body = await j(await fetch(`${base}/api/credito/asaas`));
    assert.equal(body.disponivel, true);
    assert.equal(body.precisa_documento, true);
    assert.deepEqual(
      body.pacotes.map((p: { usd: number; brl_centavos: number }) => [p.usd, p.brl_centavos]),
      [
        [1, 500],
        [5, 2500],
        [10, 5000],
        [25, 12500],
      ],
    );
    assert.equal(body.saldo.pode_comprar, false, 'no session: no balance purchase');
  });

  it('a package: customer and Pix payment at Asaas with our id, a pending token, paid by the webhook', async () => {
    const res = await buy({ oferta: { pacote: { usd: 5 } }, pagador: PAYER, pagina: '/precos' });
    assert.equal(res.status, 200);
    const body = await j(res);
    assert.match(body.id, /^[0-9a-f]{32}$/);
    assert.match(body.credito, /^cred_/);
    assert.match(body.pix.imagem, /^data:image\/png;base64,/);
    assert.match(body.pix.copia_e_cola, /^000201/);
    assert.match(body.pix.expira_em, /^\d{4}-/);
    const payment = paymentOf(body.id);
    assert.equal(payment.value, 25);
    const customer = fake.customers.get(payment.customer);
    assert.equal(customer?.cpfCnpj, '52998224725', 'the document goes to Asaas as digits');
    assert.equal(customer?.name, PAYER.nome);
    assert.deepEqual(await state(body.id), { estado: 'pendente', pago_em: null });
    assert.equal((await findCreditToken(gw.ctx.db, body.credito, gw.ctx.secret))?.state, 'pendente');

    // The event arrives before Asaas shows the payment as received: re-read, nothing to do.
    const early = await fake.deliver(base + hook, WEBHOOK_TOKEN, { event: 'PAYMENT_RECEIVED', payment });
    assert.equal(early.status, 200);
    assert.equal((await state(body.id)).estado, 'pendente', 'the event alone proves nothing');

    fake.setStatus(payment.id, 'RECEIVED');
    const id = 'evt_paid_1';
    const paid = await fake.deliver(base + hook, WEBHOOK_TOKEN, { id, event: 'PAYMENT_RECEIVED', payment });
    assert.equal(paid.status, 200);
    assert.deepEqual(JSON.parse(paid.body), { recebido: true, repetido: false });
    const after = await state(body.id);
    assert.equal(after.estado, 'pago');
    assert.match(after.pago_em, /^\d{4}-/);
    const token = await findCreditToken(gw.ctx.db, body.credito, gw.ctx.secret);
    assert.equal(token?.state, 'ativo');
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(token!.id)), 5_000_000);

    // The same event again, and an older OVERDUE event arriving late: nothing changes.
    const again = await fake.deliver(base + hook, WEBHOOK_TOKEN, { id, event: 'PAYMENT_RECEIVED', payment });
    assert.deepEqual(JSON.parse(again.body), { recebido: true, repetido: true });
    const late = await fake.deliver(base + hook, WEBHOOK_TOKEN, {
      event: 'PAYMENT_OVERDUE',
      payment: { ...payment, status: 'OVERDUE' },
    });
    assert.equal(late.status, 200);
    assert.equal((await state(body.id)).estado, 'pago');
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(token!.id)), 5_000_000, 'credited once');
  });

  it('paid after expiry still counts', async () => {
    const body = await j(await buy({ oferta: { pacote: { usd: 1 } }, ...PAYER }));
    const payment = paymentOf(body.id);
    fake.setStatus(payment.id, 'OVERDUE');
    await fake.deliver(base + hook, WEBHOOK_TOKEN, { event: 'PAYMENT_OVERDUE', payment });
    assert.equal((await state(body.id)).estado, 'vencido');
    fake.setStatus(payment.id, 'RECEIVED');
    await fake.deliver(base + hook, WEBHOOK_TOKEN, { event: 'PAYMENT_RECEIVED', payment });
    assert.equal((await state(body.id)).estado, 'pago');
    const token = await findCreditToken(gw.ctx.db, body.credito, gw.ctx.secret);
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(token!.id)), 1_000_000);
  });

  it('a refund before payment and a deleted charge: the token never becomes valid', async () => {
    const refunded = await j(await buy({ oferta: { pacote: { usd: 1 } }, pagador: PAYER }));
    fake.setStatus(paymentOf(refunded.id).id, 'REFUNDED');
    await fake.deliver(base + hook, WEBHOOK_TOKEN, {
      event: 'PAYMENT_REFUNDED',
      payment: paymentOf(refunded.id),
    });
    assert.equal((await state(refunded.id)).estado, 'estornado');
    const deleted = await j(await buy({ oferta: { pacote: { usd: 1 } }, pagador: PAYER }));
    paymentOf(deleted.id).deleted = true;
    await fake.deliver(base + hook, WEBHOOK_TOKEN, {
      event: 'PAYMENT_DELETED',
      payment: paymentOf(deleted.id),
    });
    assert.equal((await state(deleted.id)).estado, 'falhou');
    for (const b of [refunded, deleted])
      assert.equal((await findCreditToken(gw.ctx.db, b.credito, gw.ctx.secret))?.state, 'recusado');
  });

  it('a refund after payment takes back what is left of the credit, once, never below zero', async () => {
    const body = await j(await buy({ oferta: { pacote: { usd: 5 } }, pagador: PAYER }));
    const payment = paymentOf(body.id);
    fake.setStatus(payment.id, 'RECEIVED');
    await fake.deliver(base + hook, WEBHOOK_TOKEN, { event: 'PAYMENT_RECEIVED', payment });
    const token = await findCreditToken(gw.ctx.db, body.credito, gw.ctx.secret);
    const wallet = tokenWallet(token!.id);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 5_000_000);
    // US$ 2 of it already spent on calls: only the other 3 can come back.
    const spent = await reserve(gw.ctx.db, { wallet, micros: 2_000_000, reference: `spend-${body.id}` });
    assert.equal(spent.ok, true);

    fake.setStatus(payment.id, 'REFUNDED');
    for (const id of ['evt_refund_1', 'evt_refund_2']) {
      const res = await fake.deliver(base + hook, WEBHOOK_TOKEN, { id, event: 'PAYMENT_REFUNDED', payment });
      assert.equal(res.status, 200);
    }
    // Also delivered without an event id (deduplicated by the charge's state, not the event).
    await fake.deliver(base + hook, WEBHOOK_TOKEN, { event: 'PAYMENT_REFUNDED', payment });
    assert.equal((await state(body.id)).estado, 'estornado');
    assert.equal(await balanceOf(gw.ctx.db, wallet), 0);
    const refunds = await gw.ctx.db.kysely
      .selectFrom('credit_movements')
      .select(['amount_micros'])
      .where('kind', '=', 'refund')
      .where('reference', '=', `asaas-estorno:${body.id}`)
      .execute();
    assert.deepEqual(
      refunds.map((r) => Number(r.amount_micros)),
      [-3_000_000],
    );
  });

  it('the webhook refuses a missing or wrong token (401) and bad bodies (400)', async () => {
    const send = (headers: Record<string, string>, body: string) =>
      fetch(base + hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const event = JSON.stringify({ id: 'evt_x', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_x' } });
    const refused: Record<string, string>[] = [
      {},
      { 'asaas-access-token': 'errado' },
      { 'asaas-access-token': `${WEBHOOK_TOKEN}x` },
    ];
    for (const headers of refused) {
      const res = await send(headers, event);
      assert.equal(res.status, 401);
      assert.equal((await j(res)).error, 'unauthorized');
    }
    const ok = { 'asaas-access-token': WEBHOOK_TOKEN };
    assert.equal((await send(ok, '{"id":')).status, 400);
    assert.equal((await send(ok, JSON.stringify({ event: 'PAYMENT_RECEIVED' }))).status, 400);
    assert.equal((await send(ok, JSON.stringify({ id: 7, event: 'X' }))).status, 400);
    // A payment that is not ours: acknowledged, nothing read.
    const calls = fake.calls.length;
    assert.equal((await send(ok, event)).status, 200);
    assert.equal(fake.calls.length, calls);
  });

  it('a lost webhook: the reconciliation job pays the charge', async () => {
    const body = await j(await buy({ oferta: { pacote: { usd: 10 } }, pagador: PAYER }));
    fake.setStatus(paymentOf(body.id).id, 'RECEIVED_IN_CASH');
    assert.equal((await state(body.id)).estado, 'pendente');
    assert.ok(gw.app.asaas, 'the reconciler runs when Asaas is configured');
    await gw.app.asaas.reconcileNow();
    assert.equal((await state(body.id)).estado, 'pago');
    const token = await findCreditToken(gw.ctx.db, body.credito, gw.ctx.secret);
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(token!.id)), 10_000_000);
    await gw.app.asaas.reconcileNow();
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(token!.id)), 10_000_000, 'once');
  });

  it('a process killed around the create: the reconciliation pays the charge it made once, and fails one never made', async () => {
    const tokenState = async (credito: string) =>
      (await findCreditToken(gw.ctx.db, credito, gw.ctx.secret))?.state;
    // What a process killed mid-create leaves: the charge recorded, no payment id stored, an
    // hour ago. A: the create reached Asaas (and the buyer paid); B: it never left.
    const made = await j(await buy({ oferta: { pacote: { usd: 5 } }, pagador: PAYER }));
    const never = await j(await buy({ oferta: { pacote: { usd: 5 } }, pagador: PAYER }));
    fake.setStatus(paymentOf(made.id).id, 'RECEIVED');
    fake.payments.delete(paymentOf(never.id).id);
    await kyselyOf(gw.ctx.db)
      .updateTable('asaas_charges')
      .set({ payment_id: null, asaas_status: null, created_at: Date.now() - 2 * 3_600_000 })
      .where('id', 'in', [made.id, never.id])
      .execute();
    const listed = (await stuckMoney(gw.ctx.db)).asaas.map((c) => c.id).sort();
    assert.deepEqual(listed, [made.id, never.id].sort());

    await gw.app.asaas!.reconcileNow();
    assert.equal((await state(made.id)).estado, 'pago');
    assert.equal(await tokenState(made.credito), 'ativo');
    const token = await findCreditToken(gw.ctx.db, made.credito, gw.ctx.secret);
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(token!.id)), 5_000_000);
    assert.equal((await state(never.id)).estado, 'falhou');
    assert.equal(await tokenState(never.credito), 'recusado');
    assert.deepEqual((await stuckMoney(gw.ctx.db)).asaas, []);
    await gw.app.asaas!.reconcileNow();
    assert.equal(await balanceOf(gw.ctx.db, tokenWallet(token!.id)), 5_000_000, 'once');
  });

  it('Asaas 5xx on create: 502 and the charge recorded falhou; a create whose answer was lost is found, not repeated', async () => {
    const falhou = async () =>
      (
        await kyselyOf(gw.ctx.db)
          .selectFrom('asaas_charges')
          .select('id')
          .where('state', '=', 'falhou')
          .execute()
      ).map((r) => r.id);
    const failedBefore = new Set(await falhou());
    fake.failCreates = 2;
    const failed = await buy({ oferta: { pacote: { usd: 5 } }, pagador: PAYER });
    assert.equal(failed.status, 502);
    const error = await j(failed);
    assert.equal(error.error, 'pix_not_generated');
    const recorded = (await falhou()).filter((id) => !failedBefore.has(id));
    assert.equal(recorded.length, 1, 'the charge is recorded as falhou');
    assert.equal(fake.paymentsFor(recorded[0]!).length, 0, 'no charge at Asaas');
    assert.equal((await state(recorded[0]!)).estado, 'falhou');

    fake.createThenFail = 1;
    const creates = fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/payments')).length;
    const res = await buy({ oferta: { pacote: { usd: 5 } }, pagador: PAYER });
    assert.equal(res.status, 200);
    const body = await j(res);
    assert.equal(fake.paymentsFor(body.id).length, 1, 'exactly one charge');
    assert.equal(
      fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/payments')).length,
      creates + 1,
    );

    fake.down = true;
    try {
      const down = await buy({ oferta: { pacote: { usd: 5 } }, pagador: PAYER });
      assert.equal(down.status, 502);
      // Asaas down when the webhook re-reads the payment: 502, and the event is not marked
      // as handled, so Asaas's next delivery of it does the work.
      fake.setStatus(paymentOf(body.id).id, 'RECEIVED');
      const r = await fake.deliver(base + hook, WEBHOOK_TOKEN, {
        id: 'evt_retry',
        event: 'PAYMENT_RECEIVED',
        payment: paymentOf(body.id),
      });
      assert.equal(r.status, 502);
      assert.equal((await state(body.id)).estado, 'pendente');
    } finally {
      fake.down = false;
    }
    const retried = await fake.deliver(base + hook, WEBHOOK_TOKEN, {
      id: 'evt_retry',
      event: 'PAYMENT_RECEIVED',
      payment: paymentOf(body.id),
    });
    assert.deepEqual(JSON.parse(retried.body), { recebido: true, repetido: false });
    assert.equal((await state(body.id)).estado, 'pago');
  });

  it('400 for a bad offer or payer', async () => {
    const cases: [unknown, string][] = [
      [{ oferta: { pacote: { usd: 3 } }, pagador: PAYER }, 'invalid_package'],
      [{ oferta: { saldo: { centavos: 10 } }, pagador: PAYER }, 'invalid_amount'],
      [{ oferta: {}, pagador: PAYER }, 'invalid_request'],
      [{ pagador: PAYER }, 'invalid_request'],
      [{ oferta: { pacote: { usd: 5 } } }, 'invalid_document'],
      [
        { oferta: { pacote: { usd: 5 } }, pagador: { ...PAYER, documento: '529.982.247-24' } },
        'invalid_document',
      ],
      [
        { oferta: { pacote: { usd: 5 } }, pagador: { ...PAYER, documento: '111.111.111-11' } },
        'invalid_document',
      ],
      [{ oferta: { pacote: { usd: 5 } }, pagador: { documento: PAYER.documento } }, 'invalid_name'],
      [{ oferta: { pacote: { usd: 5 } }, pagador: { ...PAYER, email: 'nao-e-email' } }, 'invalid_email'],
      [{ oferta: { pacote: { usd: '5' } }, pagador: PAYER }, 'invalid_request'],
      [{ oferta: { pacote: { usd: 5 } }, pagador: PAYER, extra: 1 }, 'invalid_request'],
    ];
    for (const [body, code] of cases) {
      const res = await buy(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const json = await j(res);
      assert.equal(json.error, code, JSON.stringify(body));
      for (const v of Object.values(PAYER))
        assert.ok(!JSON.stringify(json).includes(v), 'no payer data in errors');
    }
    const malformed = await fetch(`${base}/api/credito/asaas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"oferta":',
    });
    assert.equal(malformed.status, 400);
    const text = await fetch(`${base}/api/credito/asaas`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    assert.equal(text.status, 415);
    const big = await buy({ oferta: { pacote: { usd: 5 } }, pagador: PAYER, pagina: 'p'.repeat(20_000) });
    assert.equal(big.status, 413);
    assert.equal((await fetch(`${base}/api/credito/asaas/${'f'.repeat(32)}`)).status, 404);
  });

  it('payer keys at the top level and a CNPJ are accepted', async () => {
    const res = await buy({ oferta: { pacote: { usd: 1 } }, documento: CNPJ, nome: 'Empresa Exemplo Ltda' });
    assert.equal(res.status, 200);
    const customer = fake.customers.get(paymentOf((await j(res)).id).customer);
    assert.equal(customer?.cpfCnpj, '11222333000181');
  });

  it('a balance purchase credits the organisation of the signed-in account; the next purchase needs no document', async () => {
    const session = await signedIn(gw.ctx);
    const anonymous = await buy({ oferta: { saldo: { centavos: 5_000 } }, pagador: PAYER });
    assert.equal(anonymous.status, 401);
    // A valid session whose account administers no organisation: forbidden, not unauthenticated.
    const plain = await signedIn(gw.ctx);
    await setMember(gw.ctx.db.kysely, plain.organizationId, plain.accountId, 'member');
    const member = await buy({ oferta: { saldo: { centavos: 5_000 } }, pagador: PAYER }, plain.write);
    assert.equal(member.status, 403);
    assert.equal((await j(member)).error, 'organization_forbidden');
    const offers = await j(await fetch(`${base}/api/credito/asaas`, { headers: { cookie: session.cookie } }));
    assert.equal(offers.saldo.pode_comprar, true);
    const res = await buy({ oferta: { saldo: { centavos: 5_000 } }, pagador: PAYER }, session.write);
    assert.equal(res.status, 200);
    const body = await j(res);
    assert.equal(body.credito, null);
    const payment = paymentOf(body.id);
    assert.equal(payment.value, 50);
    fake.setStatus(payment.id, 'RECEIVED');
    await fake.deliver(base + hook, WEBHOOK_TOKEN, { event: 'PAYMENT_RECEIVED', payment });
    assert.equal(await balanceOf(gw.ctx.db, { kind: 'org', id: session.organizationId }), 10_000_000);

    const known = await j(await fetch(`${base}/api/credito/asaas`, { headers: { cookie: session.cookie } }));
    assert.equal(known.precisa_documento, false);
    const second = await buy({ oferta: { pacote: { usd: 1 } } }, session.write);
    assert.equal(second.status, 200);
    assert.equal(paymentOf((await j(second)).id).customer, payment.customer, 'the same Asaas customer');
  });

  it('a cross-site balance charge is refused: the cookie path needs the Origin and the CSRF value', async () => {
    const session = await signedIn(gw.ctx);
    const charges = () => gw.ctx.db.kysely.selectFrom('asaas_charges').select('id').execute();
    const before = (await charges()).length;
    const saldo = { oferta: { saldo: { centavos: 5_000 } }, pagador: PAYER };
    const refusals: [Record<string, string>, string][] = [
      [{ cookie: session.cookie, origin: 'https://atacante.example' }, 'invalid_origin'],
      [{ cookie: session.cookie }, 'invalid_origin'],
      [{ cookie: session.cookie, origin: gw.ctx.origins.primary }, 'invalid_csrf'],
      [{ ...session.write, 'x-csrf-token': 'x'.repeat(64) }, 'invalid_csrf'],
      [{ ...session.write, 'sec-fetch-site': 'cross-site' }, 'invalid_csrf'],
    ];
    for (const [headers, code] of refusals) {
      const res = await buy(saldo, headers);
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.equal((await j(res)).error, code);
    }
    assert.equal((await charges()).length, before, 'no charge created');
    // Without a cookie a package stays open to anyone (agents buy with no session).
    assert.equal((await buy({ oferta: { pacote: { usd: 1 } }, pagador: PAYER })).status, 200);
  });

  it('the payer’s document, name and e-mail are in no row and no log line', async () => {
    const dump = await dumpAllTables(gw.ctx);
    const seeded = [
      PAYER.documento,
      PAYER.documento.replace(/\D/g, ''),
      PAYER.nome,
      PAYER.email,
      '11222333000181',
    ];
    for (const v of seeded) {
      assert.ok(!dump.includes(v), `database holds ${v}`);
      assert.ok(!gw.ctx.logs.text.includes(v), `log holds ${v}`);
    }
    assert.ok(
      fake.calls.some((c) => c.raw.includes(PAYER.nome)),
      'the name did reach Asaas',
    );
  });
});

describe('automatic Pix limits', () => {
  let fake: FakeAsaas;
  before(async () => {
    fake = await startFakeAsaas();
  });
  after(async () => fake.close());
  const order = { oferta: { pacote: { usd: 1 } }, pagador: PAYER };
  const buyOn = (base: string) =>
    fetch(`${base}/api/credito/asaas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(order),
    });

  it('429 once the network generated the day’s charges', async () => {
    const gw = await testGateway(asaasConfig(fake, { daily_cap_per_network: 2 }));
    try {
      const base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
      assert.equal((await buyOn(base)).status, 200);
      assert.equal((await buyOn(base)).status, 200);
      const third = await buyOn(base);
      assert.equal(third.status, 429);
      assert.equal((await j(third)).error, 'daily_limit');
    } finally {
      await gw.dispose();
    }
  });

  it('503 with too many charges awaiting payment, and when Asaas is not configured', async () => {
    const gw = await testGateway(asaasConfig(fake, { max_pending: 1 }));
    const bare = await testGateway(paymentsConfig());
    try {
      const base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
      assert.equal((await buyOn(base)).status, 200);
      const full = await buyOn(base);
      assert.equal(full.status, 503);
      assert.equal((await j(full)).error, 'too_many_pending');
      const bareBase = await bare.app.listen({ port: 0, host: '127.0.0.1' });
      const off = await buyOn(bareBase);
      assert.equal(off.status, 503);
      assert.equal((await j(off)).error, 'asaas_unavailable');
      const offers = await j(await fetch(`${bareBase}/api/credito/asaas`));
      assert.equal(offers.disponivel, false);
      // No rate anywhere: nothing is priced in reais (never R$ 0,00 for a US$ 5 package).
      assert.deepEqual(offers.pacotes, []);
      const hook = await fetch(`${bareBase}/api/credito/asaas/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'asaas-access-token': WEBHOOK_TOKEN },
        body: JSON.stringify({ id: 'evt_1', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_1' } }),
      });
      assert.equal(hook.status, 503);
    } finally {
      await Promise.all([gw.dispose(), bare.dispose()]);
    }
  });
});
