// Lease tokens and worker keys against a second worker holding the same WORKER_TOKEN: it
// cannot complete another worker's job with a guessed token (`x-lease-token: 1`) or with its
// own lease's token, cannot lease or re-register under another worker's id, and the
// organisation receives the real result.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { workerGateway } from './helpers.js';

type Gw = Awaited<ReturnType<typeof workerGateway>>;

describe('worker leases: random tokens bound to the worker that leased', () => {
  let gw: Gw;
  let honest: string;
  let rogue: string;
  const key = () => gw.asKey(gw.key.secret);

  before(async () => {
    gw = await workerGateway({ waits: { speech: 0 }, lease_seconds: 30 });
    honest = (await gw.worker.register(['svc.speech'], 'honesto')).json.worker_id;
    rogue = (await gw.worker.register(['svc.speech'], 'intruso')).json.worker_id;
  });
  after(() => gw.dispose());

  it('each worker gets its own key; a lease token carries 128 random bits and differs per lease', async () => {
    const a = gw.worker.keys.get(honest);
    const b = gw.worker.keys.get(rogue);
    assert.ok(typeof a === 'string' && typeof b === 'string' && a !== b, 'two keys');
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      await gw.call('POST', '/v1/audio/speech', { text: `lease ${i}` }, key());
      const job = (await gw.worker.lease(honest, ['svc.speech'])).json.job;
      assert.equal(typeof job.lease_token, 'string');
      assert.ok(Buffer.from(job.lease_token, 'base64url').length >= 16, `token ${job.lease_token}`);
      tokens.add(job.lease_token);
      assert.equal((await gw.worker.fail(job.id, job.lease_token, 'teste')).status, 200);
    }
    assert.equal(tokens.size, 3);
  });

  it("a forged `x-lease-token: 1` and another lease's token are refused; the owner gets the real result", async () => {
    const created = await gw.call('POST', '/v1/audio/speech', { text: 'a vítima' }, key());
    const job = (await gw.worker.lease(honest, ['svc.speech'])).json.job;
    assert.equal(job.id, created.json.id);
    await gw.call('POST', '/v1/audio/speech', { text: 'outra' }, key());
    const own = (await gw.worker.lease(rogue, ['svc.speech'])).json.job;
    assert.ok(own, 'the rogue worker holds a lease of its own');

    const asRogue = { ...gw.asWorker, 'x-worker-key': gw.worker.keys.get(rogue)! };
    for (const token of ['1', '0', String(job.attempt), own.lease_token]) {
      const forged = await gw.call('POST', `/api/worker/jobs/${job.id}/complete`, Buffer.from('falso'), {
        ...asRogue,
        'content-type': 'audio/mpeg',
        'x-lease-token': token,
      });
      assert.equal(forged.status, 409, `token ${token}: ${forged.text}`);
      assert.equal(forged.json.error, 'lease_lost');
    }
    // The right token with the rogue's key: the lease is bound to the worker that took it.
    const stolen = await gw.call('POST', `/api/worker/jobs/${job.id}/heartbeat`, undefined, {
      ...asRogue,
      'x-lease-token': job.lease_token,
    });
    assert.equal(stolen.status, 409);

    const done = await gw.worker.complete(job.id, job.lease_token, Buffer.from('verdadeiro'), 'audio/mpeg');
    assert.equal(done.status, 200);
    const result = await gw.call('GET', `/v1/jobs/${job.id}/result`, undefined, key());
    assert.equal(result.text, 'verdadeiro');
  });

  it("`lease` and `register` refuse another worker's id without its key (403 worker_key_invalid)", async () => {
    const asRogue = { ...gw.asWorker, 'x-worker-key': gw.worker.keys.get(rogue)! };
    const lease = await gw.call('POST', '/api/worker/lease', { worker_id: honest, wait_seconds: 0 }, asRogue);
    assert.equal(lease.status, 403);
    assert.equal(lease.json.error, 'worker_key_invalid');
    const bare = await gw.call(
      'POST',
      '/api/worker/lease',
      { worker_id: honest, wait_seconds: 0 },
      gw.asWorker,
    );
    assert.equal(bare.status, 403);
    const takeover = await gw.call(
      'POST',
      '/api/worker/register',
      { name: 'intruso', version: '1', capabilities: ['svc.speech'], worker_id: honest },
      asRogue,
    );
    assert.equal(takeover.status, 403);
    assert.equal(takeover.json.error, 'worker_key_invalid');
    // The worker itself refreshes its registration with its key.
    const refresh = await gw.call(
      'POST',
      '/api/worker/register',
      { name: 'honesto', version: '2', capabilities: ['svc.speech'], worker_id: honest },
      { ...gw.asWorker, 'x-worker-key': gw.worker.keys.get(honest)! },
    );
    assert.equal(refresh.status, 200);
    assert.equal(refresh.json.worker_id, honest);
  });
});
