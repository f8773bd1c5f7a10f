// Strangers flooding the manual Pix review queue and the Asaas charges from 20 addresses,
// with the shipped limits: each address and each network gets its few pending places, the
// floods get 429 `pending_limit`, a new buyer from another network still gets through, the
// owner receives one mail per accepted request only, and pending ones leave the count once
// `pending_hours` have passed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { kyselyOf } from '../../../src/modules.js';
import { testGateway } from '../../helpers/gateway.js';
import { type SmtpPeer, startSmtp } from '../../helpers/smtp.js';
import { type FakeAsaas, startFakeAsaas } from '../../fakes/asaas.js';
import { paymentsConfig } from './config.js';
import { PIX } from './pix-helpers.js';

const PAYER = { documento: '529.982.247-25', nome: 'Joana Pereira Quintela', email: 'joana@example.org' };

/** 10 addresses in one /24 and 10 addresses each in its own /24. */
const FLOODERS = [
  ...Array.from({ length: 10 }, (_, i) => `198.51.100.${20 + i}`),
  ...Array.from({ length: 10 }, (_, i) => `203.0.${10 + i}.5`),
];
const NEWCOMER = '192.0.2.77';
/** The documented defaults (docs/payments.md "Limits"). */
const PIX_PENDING = { hours: 24, perAddress: 2, perNetwork: 4 };
const ASAAS_PENDING = { perAddress: 3, perNetwork: 6 };

interface Tally {
  ok: number;
  refused: Record<string, number>;
}

async function flood(send: (address: string) => Promise<Response>, perAddress: number): Promise<Tally> {
  const tally: Tally = { ok: 0, refused: {} };
  await Promise.all(
    FLOODERS.map(async (address) => {
      for (let i = 0; i < perAddress; i++) {
        const res = await send(address);
        if (res.status === 200) tally.ok++;
        else {
          const body = (await res.json()) as { error: string };
          assert.equal(res.status, 429, `${address}: ${res.status} ${body.error}`);
          assert.ok(Number(res.headers.get('retry-after')) > 0, 'Retry-After');
          tally.refused[body.error] = (tally.refused[body.error] ?? 0) + 1;
        }
      }
    }),
  );
  return tally;
}

describe('manual Pix: a flood from 20 addresses leaves room for a new buyer', () => {
  let smtp: SmtpPeer;
  let gw: Awaited<ReturnType<typeof testGateway>>;
  let base: string;
  let png: Buffer;

  before(async () => {
    smtp = await startSmtp();
    gw = await testGateway({
      ...paymentsConfig({}, { pix: PIX }), // the shipped limits: queue 50, 5 a day per address
      SMTP_URL: smtp.url,
      TRUSTED_PROXIES: '127.0.0.1',
    });
    base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
    png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
  });
  after(async () => {
    await gw.dispose();
    await smtp.close();
  });

  const send = (address: string) => {
    const f = new FormData();
    f.append('usd', '5');
    f.append('email', 'comprador@example.org');
    f.append('comprovante', new Blob([png], { type: 'image/png' }), 'c.png');
    return fetch(`${base}/api/credito/pix`, {
      method: 'POST',
      body: f,
      headers: { 'x-forwarded-for': address },
    });
  };

  it('each address and network holds its few places; the newcomer gets through; mails match', async () => {
    const tally = await flood(send, 3);
    // One /24 holds perNetwork places; each lone address holds perAddress.
    assert.equal(tally.ok, PIX_PENDING.perNetwork + 10 * PIX_PENDING.perAddress);
    assert.deepEqual(Object.keys(tally.refused), ['pending_limit']);
    const newcomer = await send(NEWCOMER);
    assert.equal(newcomer.status, 200, await newcomer.clone().text());
    // The owner got one mail per accepted request, nothing for the refused ones.
    await smtp.waitFor(tally.ok + 1);
    assert.equal(smtp.messages.length, tally.ok + 1);
  });

  it('after pending_hours a pending request no longer holds a place', async () => {
    assert.equal((await send(FLOODERS[15]!)).status, 429);
    const old = Date.now() - (PIX_PENDING.hours * 3_600_000 + 60_000);
    await kyselyOf(gw.ctx.db).updateTable('pix_requests').set({ created_at: old }).execute();
    assert.equal((await send(FLOODERS[15]!)).status, 200);
  });
});

describe('Asaas: a flood from 20 addresses leaves room for a new buyer', () => {
  let fake: FakeAsaas;
  let gw: Awaited<ReturnType<typeof testGateway>>;
  let base: string;

  before(async () => {
    fake = await startFakeAsaas();
    gw = await testGateway({
      // The shipped pending limits, with a total that 20 addresses could fill without them.
      ...paymentsConfig(
        {},
        {
          asaas: {
            base_url: fake.url,
            api_key: fake.apiKey,
            webhook_token: 'asaas-webhook-token-0123456789',
            brl_por_usd: 5,
            max_pending: 50,
          },
        },
      ),
      TRUSTED_PROXIES: '127.0.0.1',
    });
    base = await gw.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await gw.dispose();
    await fake.close();
  });

  const send = (address: string) =>
    fetch(`${base}/api/credito/asaas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ oferta: { pacote: { usd: 1 } }, pagador: PAYER }),
    });

  it('each address and network holds its few places; the newcomer gets through', async () => {
    const tally = await flood(send, 5);
    assert.equal(tally.ok, ASAAS_PENDING.perNetwork + 10 * ASAAS_PENDING.perAddress);
    assert.deepEqual(Object.keys(tally.refused), ['pending_limit']);
    const newcomer = await send(NEWCOMER);
    assert.equal(newcomer.status, 200, await newcomer.clone().text());
  });
});
