// Worker jobs of prepaid organisations: the capability's price is reserved at submit (402
// with an x402 quote when short, nothing stored), kept when the job completes and given back
// when it fails, is cancelled or runs out of lease attempts — also when the settlement step
// was skipped (a crash), through the sweep. The worker protocol is spoken with plain fetch.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

import { balanceOf, type Wallet } from '../../../src/gateway/billing/ledger.js';
import { issueCreditToken, tokenWallet } from '../../../src/gateway/billing/tokens.js';
import { updateOrganization } from '../../../src/gateway/orgs/store.js';
import { FakeFacilitator } from '../../fakes/facilitator.js';
import { makeKey } from '../../helpers/gateway.js';
import { prepaidKey } from './prepaid.js';
import { workerGateway } from '../workers/helpers.js';
import { x402Via } from './config.js';
import { payingFetch } from '../../helpers/x402.js';
import { kyselyOf } from '../../../src/modules.js';
import { waitFor } from '../../helpers/wait.js';

type Gw = Awaited<ReturnType<typeof workerGateway>>;
const PRICE = 20_000; // US$ 0.02 per speech job, in micro-dollars

describe('paid worker jobs', () => {
  let gw: Gw;
  let facilitator: FakeFacilitator;
  let workerId: string;

  before(async () => {
    facilitator = await new FakeFacilitator(84532).start();
    gw = await workerGateway(
      { waits: { embeddings: 0, speech: 0, ocr: 0 }, lease_seconds: 2, max_attempts: 1 },
      {
        payments: {
          mode: 'live',
          x402: x402Via(facilitator.url),
          job_prices_usd: { 'svc.speech': PRICE / 1e6 },
        },
      },
    );
    workerId = (await gw.worker.register(['svc.speech', 'svc.music'])).json.worker_id;
  });
  after(async () => {
    await gw.dispose();
    await facilitator.stop();
  });

  async function prepaid(micros: number) {
    const { key, wallet } = await prepaidKey(gw.ctx, micros);
    return { key, wallet, auth: gw.asKey(key.secret) };
  }

  const speech = (auth: Record<string, string>, text = 'olá') =>
    gw.call('POST', '/v1/audio/speech', { text }, auth);

  /** Takes the next speech job off the queue. */
  async function leaseOne() {
    const { job } = (await gw.worker.lease(workerId, ['svc.speech'], 5)).json;
    assert.ok(job, 'a job to lease');
    return job as { id: string; lease_token: string };
  }

  async function balanceBecomes(wallet: Wallet, expected: number) {
    await waitFor(`balance ${expected}`, async () => (await balanceOf(gw.ctx.db, wallet)) === expected);
  }

  /** The job's reservation once it is settled (the settlement follows the completion). */
  const settledReservation = (jobId: string) =>
    waitFor(`the reservation of ${jobId} settled`, () =>
      gw.ctx.db.kysely
        .selectFrom('credit_reservations')
        .select(['state', 'actual_micros', 'source', 'resource'])
        .where('id', '=', jobId)
        .where('state', '=', 'settled')
        .executeTakeFirst(),
    );

  const jobCount = async () =>
    Number(
      (
        await kyselyOf(gw.ctx.db)
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('c'))
          .executeTakeFirst()
      )?.c,
    );

  it('reserves the price at submit and keeps it when the job completes', async () => {
    const { wallet, auth } = await prepaid(50_000);
    const created = await speech(auth);
    assert.equal(created.status, 202);
    assert.equal(created.headers.get('x-svc-reserva-usd'), '0.02');
    assert.equal(created.headers.get('x-svc-saldo-usd'), '0.03');
    const job = await leaseOne();
    assert.equal(job.id, created.json.id);
    assert.equal(
      (await gw.worker.complete(job.id, job.lease_token, Buffer.from('mp3'), 'audio/mpeg')).status,
      200,
    );
    const reservation = await settledReservation(job.id);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 30_000);
    assert.deepEqual(
      { ...reservation, actual_micros: Number(reservation.actual_micros) },
      { state: 'settled', actual_micros: PRICE, source: 'job', resource: 'svc.speech' },
    );
  });

  it('gives the price back when the job fails or is cancelled (queued or leased)', async () => {
    const { wallet, auth } = await prepaid(100_000);
    const failing = await speech(auth);
    const job = await leaseOne();
    assert.equal(job.id, failing.json.id);
    await gw.worker.fail(job.id, job.lease_token, 'voice_unavailable');
    await balanceBecomes(wallet, 100_000);

    const queued = await speech(auth);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 80_000);
    assert.equal((await gw.call('POST', `/v1/jobs/${queued.json.id}/cancel`, undefined, auth)).status, 200);
    await balanceBecomes(wallet, 100_000);

    const leased = await speech(auth);
    const held = await leaseOne();
    assert.equal(held.id, leased.json.id);
    assert.equal((await gw.call('POST', `/v1/jobs/${leased.json.id}/cancel`, undefined, auth)).status, 200);
    await balanceBecomes(wallet, 100_000);
    // The worker's late completion is refused and charges nothing.
    const late = await gw.worker.complete(held.id, held.lease_token, Buffer.from('mp3'), 'audio/mpeg');
    assert.equal(late.status, 409);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 100_000);
  });

  it('gives the price back when the job runs out of lease attempts (swept)', async () => {
    const { wallet, auth } = await prepaid(20_000);
    const created = await speech(auth);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 0);
    await leaseOne(); // and never heard of again: the lease (2 s) expires, one attempt only
    await waitFor(
      'the job failed',
      async () =>
        (await gw.call('GET', `/v1/jobs/${created.json.id}`, undefined, auth)).json.status === 'failed',
    );
    await balanceBecomes(wallet, 20_000);
  });

  it('a job finished without its settlement (a crash between the two) is settled by the sweep', async () => {
    const { wallet, auth } = await prepaid(20_000);
    const created = await speech(auth);
    // What a process killed right after the state change leaves: the job failed, the credit held.
    await kyselyOf(gw.ctx.db)
      .updateTable('jobs')
      .set({ status: 'failed', last_error: 'crash' })
      .where('id', '=', created.json.id)
      .execute();
    assert.equal(await balanceOf(gw.ctx.db, wallet), 0);
    await balanceBecomes(wallet, 20_000);
  });

  it('not enough credit: 402 with an x402 quote for the job, nothing stored; the official x402 client (@x402/fetch) pays it', async () => {
    const { wallet, key, auth } = await prepaid(5_000);
    const before = await jobCount();
    const refused = await speech(auth);
    assert.equal(refused.status, 402);
    assert.equal(refused.json.x402Version, 1);
    assert.match(refused.json.error, /Crédito insuficiente/);
    assert.equal(refused.json.accepts[0].maxAmountRequired, String(PRICE));
    assert.equal(refused.json.accepts[0].resource, `${gw.ctx.config.publicOrigin}/v1/audio/speech`);
    assert.equal(await jobCount(), before);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 5_000);

    const pay = payingFetch(fetch, privateKeyToAccount(generatePrivateKey()), 1_000_000n);
    const res = await pay(`${gw.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'pago com x402' }),
    });
    assert.equal(res.status, 202);
    assert.ok(res.headers.get('x-payment-response'));
    assert.equal(await jobCount(), before + 1);
    // Paid exactly the price, which the job now holds; the earlier credit is untouched.
    assert.equal(await balanceOf(gw.ctx.db, wallet), 5_000);
    const job = await leaseOne();
    await gw.worker.complete(job.id, job.lease_token, Buffer.from('mp3'), 'audio/mpeg');
    await settledReservation(job.id);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 5_000);
  });

  it('charges the X-Credito token presented instead of the organisation', async () => {
    const { wallet, key, auth } = await prepaid(0);
    const issued = await issueCreditToken(gw.ctx.db, {
      secret: gw.ctx.secret,
      usd: 1,
      source: 'x402',
      reference: `job-tok-${key.keyId}`,
      active: true,
    });
    const token = tokenWallet(issued.id);
    const created = await speech({ ...auth, 'x-credito': issued.token });
    assert.equal(created.status, 202);
    assert.equal(await balanceOf(gw.ctx.db, token), 1_000_000 - PRICE);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 0);
    const job = await leaseOne();
    await gw.worker.complete(job.id, job.lease_token, Buffer.from('mp3'), 'audio/mpeg');
    const bad = await speech({ ...auth, 'x-credito': 'cred_naoexiste' });
    assert.equal(bad.status, 401);
    assert.equal(bad.json.error.code, 'invalid_credit_token');
  });

  it('concurrent submits never spend more than the balance', async () => {
    const { wallet, auth } = await prepaid(3 * PRICE + 5_000);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => speech(auth, `paralelo ${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [202, 202, 202, 402, 402, 402, 402, 402, 402, 402]);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 5_000);
    for (let i = 0; i < 3; i++) {
      const job = await leaseOne();
      await gw.worker.fail(job.id, job.lease_token, 'x');
    }
    await balanceBecomes(wallet, 3 * PRICE + 5_000);
  });

  it('unpriced capabilities and free organisations are not charged', async () => {
    const { wallet, auth } = await prepaid(1_000);
    const music = await gw.call('POST', '/v1/audio/music', { style: 'samba' }, auth);
    assert.equal(music.status, 202);
    assert.equal(music.headers.get('x-svc-reserva-usd'), null);
    assert.equal(await balanceOf(gw.ctx.db, wallet), 1_000);
    const free = await speech(gw.asKey(gw.key.secret));
    assert.equal(free.status, 202);
    assert.equal(free.headers.get('x-svc-reserva-usd'), null);
    // Leave the queue empty for the next run of leaseOne.
    const job = await leaseOne();
    await gw.worker.fail(job.id, job.lease_token, 'x');
  });
});

describe('paid worker jobs in dev mode', () => {
  let gw: Gw;
  before(async () => {
    gw = await workerGateway(
      { waits: { embeddings: 0, speech: 0, ocr: 0 } },
      { payments: { mode: 'dev', job_prices_usd: { 'svc.speech': PRICE / 1e6 } } },
    );
    await gw.worker.register(['svc.speech']);
  });
  after(() => gw.dispose());

  it('a prepaid organisation with no credit passes, told what the job would cost', async () => {
    const key = await makeKey(gw.ctx);
    await updateOrganization(gw.ctx.db.kysely, key.organizationId!, { billing: 'prepaid' });
    const res = await gw.call('POST', '/v1/audio/speech', { text: 'olá' }, gw.asKey(key.secret));
    assert.equal(res.status, 202);
    assert.equal(res.headers.get('x-svc-reserva-usd'), '0.02');
    assert.equal(res.headers.get('x-svc-pagamento'), 'simulado');
    const held = await gw.ctx.db.kysely
      .selectFrom('credit_reservations')
      .select((eb) => eb.fn.countAll().as('c'))
      .executeTakeFirst();
    assert.equal(Number(held?.c), 0);
  });
});
