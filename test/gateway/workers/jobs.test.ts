// Worker jobs over HTTP, with the worker protocol spoken by hand (fetch): the state machine,
// fencing, cancellation, ownership, the synchronous wait, the barrier on inputs and results,
// and bad input of every kind.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { workerSettings } from '../../../src/gateway/workers/settings.js';
import { sweepWorkerJobs } from '../../../src/gateway/workers/store.js';
import { detectNames } from '../../../src/privacy/names/index.js';
import { makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import { CPF, dumpJobs, EMAIL, SEEDED, workerGateway } from './helpers.js';

type Gw = Awaited<ReturnType<typeof workerGateway>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('worker jobs', () => {
  let gw: Gw;
  let workerId: string;
  const key = () => gw.asKey(gw.key.secret);
  /** The job's lease expired and the sweep put it back in the queue. */
  const backInQueue = (id: string) =>
    waitFor(
      `job ${id} back in the queue`,
      async () => (await gw.call('GET', `/v1/jobs/${id}`, undefined, key())).json.status === 'queued',
    );

  before(async () => {
    gw = await workerGateway({
      waits: { embeddings: 1.5, speech: 0, ocr: 1.5 },
      // long enough that a loaded machine does not expire leases the tests hold on purpose
      lease_seconds: 3,
      max_attempts: 2,
    });
  });
  after(() => gw.dispose());

  it('answers 503 no_workers while no worker offers the capability', async () => {
    const res = await gw.call('POST', '/v1/audio/speech', { text: 'olá' }, key());
    assert.equal(res.status, 503);
    assert.equal(res.json.error.code, 'no_workers');
    const caps = await gw.call('GET', '/v1/capabilities', undefined, key());
    assert.deepEqual(caps.json, { capabilities: [], workers: [] });
  });

  it('registers a worker; /v1/capabilities lists it', async () => {
    const reg = await gw.worker.register(
      ['svc.speech', 'svc.embeddings', 'svc.ocr', 'svc.documents.review', 'svc.images.generations'],
      'w1',
    );
    assert.equal(reg.status, 200);
    workerId = reg.json.worker_id;
    assert.match(workerId, /^wrk_/);
    const caps = await gw.call('GET', '/v1/capabilities', undefined, key());
    assert.equal(caps.status, 200);
    assert.deepEqual(caps.json.capabilities, [
      'svc.documents.review',
      'svc.embeddings',
      'svc.images.generations',
      'svc.ocr',
      'svc.speech',
    ]);
    assert.equal(caps.json.workers[0].name, 'w1');
    assert.ok(Date.parse(caps.json.workers[0].seen_at) > Date.now() - 60_000);
  });

  it('a job goes queued → leased → completed; the worker and the database see placeholders only', async () => {
    const text = `Ligar para Joana Prado, CPF ${CPF}, e-mail ${EMAIL}.`;
    const created = await gw.call('POST', '/v1/audio/speech', { text }, key());
    assert.equal(created.status, 202);
    assert.match(created.json.id, /^svcj_/);
    assert.equal(created.json.status, 'queued');
    assert.equal(created.json.status_url, `/v1/jobs/${created.json.id}`);
    assert.equal(created.headers.get('location'), created.json.status_url);
    assert.equal(created.headers.get('retry-after'), '2');

    const leased = await gw.worker.lease(workerId, ['svc.speech']);
    assert.equal(leased.status, 200);
    const job = leased.json.job;
    assert.equal(job.id, created.json.id);
    assert.equal(job.capability, 'svc.speech');
    assert.equal(job.attempt, 1);
    for (const v of SEEDED) assert.ok(!leased.text.includes(v), `worker saw ${v}`);
    assert.match(job.input.text, /\[CPF_1\]/);
    for (const v of SEEDED) assert.ok(!(await dumpJobs(gw)).includes(v), `database holds ${v}`);

    const status = await gw.call('GET', created.json.status_url, undefined, key());
    assert.equal(status.json.status, 'leased');

    const beat = await gw.worker.heartbeat(job.id, job.lease_token);
    assert.equal(beat.status, 200);
    assert.equal(beat.json.cancelled, false);

    const audio = Buffer.from('ID3-fake-mp3-bytes');
    const done = await gw.worker.complete(job.id, job.lease_token, audio, 'audio/mpeg');
    assert.equal(done.status, 200);
    const final = await gw.call('GET', created.json.status_url, undefined, key());
    assert.equal(final.json.status, 'completed');
    assert.equal(final.json.result_url, `/v1/jobs/${job.id}/result`);
    assert.equal(final.json.result_content_type, 'audio/mpeg');
    assert.ok(final.json.finished_at);
    const bin = await fetch(`${gw.url}${final.json.result_url}`, { headers: key() });
    assert.equal(bin.headers.get('content-type'), 'audio/mpeg');
    assert.deepEqual(Buffer.from(await bin.arrayBuffer()), audio);
    // finished: the lease token no longer writes anything
    const again = await gw.worker.complete(job.id, job.lease_token, { x: 1 });
    assert.equal(again.status, 409);
    assert.equal(again.json.error, 'lease_lost');
  });

  it('another organisation gets 404 for the job, its result and its cancel', async () => {
    const other = await makeKey(gw.ctx);
    const created = await gw.call('POST', '/v1/images/generations', { prompt: 'um gato' }, key());
    assert.equal(created.status, 202);
    for (const [method, path] of [
      ['GET', `/v1/jobs/${created.json.id}`],
      ['GET', `/v1/jobs/${created.json.id}/result`],
      ['POST', `/v1/jobs/${created.json.id}/cancel`],
    ] as const) {
      const res = await gw.call(method, path, undefined, gw.asKey(other.secret));
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.json.error.code, 'job_not_found');
    }
    await gw.call('POST', `/v1/jobs/${created.json.id}/cancel`, undefined, key());
  });

  it('cancels a queued job (never leased) and a leased one (heartbeat says so, completion refused)', async () => {
    const queued = await gw.call('POST', '/v1/audio/speech', { text: 'um' }, key());
    const c1 = await gw.call('POST', `/v1/jobs/${queued.json.id}/cancel`, undefined, key());
    assert.equal(c1.status, 200);
    assert.equal(c1.json.status, 'cancelled');
    assert.deepEqual(c1.json.error, { code: 'cancelled' });
    const none = await gw.worker.lease(workerId, ['svc.speech']);
    assert.equal(none.status, 204);

    await gw.call('POST', '/v1/audio/speech', { text: 'dois' }, key());
    const { job } = (await gw.worker.lease(workerId, ['svc.speech'])).json;
    const c2 = await gw.call('POST', `/v1/jobs/${job.id}/cancel`, undefined, key());
    assert.equal(c2.json.status, 'cancelled');
    const beat = await gw.worker.heartbeat(job.id, job.lease_token);
    assert.equal(beat.status, 200);
    assert.equal(beat.json.cancelled, true);
    const done = await gw.worker.complete(job.id, job.lease_token, Buffer.from('x'), 'audio/mpeg');
    assert.equal(done.status, 409);
    assert.equal(done.json.error, 'job_cancelled');
    const twice = await gw.call('POST', `/v1/jobs/${job.id}/cancel`, undefined, key());
    assert.equal(twice.status, 409);
    assert.equal(twice.json.error.code, 'job_finished');
  });

  it('an expired lease goes back to the queue; the old lease token gets 409 everywhere', async () => {
    await gw.call('POST', '/v1/audio/speech', { text: 'três' }, key());
    const first = (await gw.worker.lease(workerId, ['svc.speech'])).json.job;
    await backInQueue(first.id); // lease 3 s, swept every 0.75 s
    const second = (await gw.worker.lease(workerId, ['svc.speech'], 5)).json.job;
    assert.equal(second.id, first.id);
    assert.equal(second.attempt, 2);
    assert.notEqual(second.lease_token, first.lease_token);
    for (const res of [
      await gw.worker.heartbeat(first.id, first.lease_token),
      await gw.worker.complete(first.id, first.lease_token, Buffer.from('x'), 'audio/mpeg'),
      await gw.worker.fail(first.id, first.lease_token, 'boom'),
    ]) {
      assert.equal(res.status, 409);
      assert.equal(res.json.error, 'lease_lost');
    }
    const ok = await gw.worker.complete(second.id, second.lease_token, Buffer.from('y'), 'audio/mpeg');
    assert.equal(ok.status, 200);
  });

  it('attempts run out: a job whose leases keep expiring fails with lease_expired', async () => {
    const created = await gw.call('POST', '/v1/audio/speech', { text: 'quatro' }, key());
    await gw.worker.lease(workerId, ['svc.speech']);
    await backInQueue(created.json.id);
    await gw.worker.lease(workerId, ['svc.speech'], 5);
    const status = await waitFor('the job failed', async () => {
      const res = await gw.call('GET', `/v1/jobs/${created.json.id}`, undefined, key());
      return res.json.status === 'failed' && res;
    });
    assert.equal(status.json.status, 'failed');
    assert.deepEqual(status.json.error, { code: 'lease_expired' });
  });

  it('sync wait: done in time → 200 with the OpenAI embeddings fields; late → 202, then the result by polling', async () => {
    const worker = (async () => {
      const { job } = (await gw.worker.lease(workerId, ['svc.embeddings'], 5)).json;
      assert.deepEqual(job.input.input, ['um [CPF_1]', 'dois']);
      await gw.worker.complete(job.id, job.lease_token, {
        object: 'list',
        data: [
          { object: 'embedding', index: 0, embedding: [0.5, 1] },
          { object: 'embedding', index: 1, embedding: [0.25, 2] },
        ],
        model: 'fake',
        usage: { prompt_tokens: 4, total_tokens: 4 },
      });
    })();
    const res = await gw.call('POST', '/v1/embeddings', { input: [`um ${CPF}`, 'dois'] }, key());
    await worker;
    assert.equal(res.status, 200);
    assert.equal(res.json.status, 'completed');
    assert.match(res.json.id, /^svcj_/);
    assert.equal(res.json.object, 'list');
    assert.deepEqual(
      res.json.data.map((d: { embedding: number[] }) => d.embedding),
      [
        [0.5, 1],
        [0.25, 2],
      ],
    );
    assert.deepEqual(res.json.usage, { prompt_tokens: 4, total_tokens: 4 });

    // base64 as the official client asks: float32 little-endian
    const w2 = (async () => {
      const { job } = (await gw.worker.lease(workerId, ['svc.embeddings'], 5)).json;
      await gw.worker.complete(job.id, job.lease_token, { data: [{ index: 0, embedding: [0.5, -2] }] });
    })();
    const b64 = await gw.call('POST', '/v1/embeddings', { input: 'x', encoding_format: 'base64' }, key());
    await w2;
    const floats = new Float32Array(new Uint8Array(Buffer.from(b64.json.data[0].embedding, 'base64')).buffer);
    assert.deepEqual([...floats], [0.5, -2]);

    const late = await gw.call('POST', '/v1/embeddings', { input: 'tarde' }, key());
    assert.equal(late.status, 202);
    assert.equal(late.headers.get('location'), `/v1/jobs/${late.json.id}`);
    const { job } = (await gw.worker.lease(workerId, ['svc.embeddings'])).json;
    await gw.worker.complete(job.id, job.lease_token, { data: [{ index: 0, embedding: [3] }] });
    const polled = await gw.call('GET', `/v1/jobs/${late.json.id}`, undefined, key());
    assert.equal(polled.json.status, 'completed');
    assert.deepEqual(polled.json.result.data[0].embedding, [3]);
  });

  it('a caller that hangs up does not cancel the job', async () => {
    const ac = new AbortController();
    const pending = fetch(`${gw.url}/v1/embeddings`, {
      method: 'POST',
      headers: { ...key(), 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'desisto' }),
      signal: ac.signal,
    }).catch(() => 'aborted');
    const { job } = (await gw.worker.lease(workerId, ['svc.embeddings'], 5)).json;
    ac.abort();
    assert.equal(await pending, 'aborted');
    // A moment for a wrong cancellation to happen: the caller leaving must not touch the job.
    await sleep(100);
    const status = await gw.call('GET', `/v1/jobs/${job.id}`, undefined, key());
    assert.equal(status.json.status, 'leased');
    const ok = await gw.worker.complete(job.id, job.lease_token, { data: [] });
    assert.equal(ok.status, 200);
  });

  it('a failed job answers the synchronous caller 502 job_failed and shows its code', async () => {
    const worker = (async () => {
      const { job } = (await gw.worker.lease(workerId, ['svc.embeddings'], 5)).json;
      assert.equal((await gw.worker.fail(job.id, job.lease_token, 'upstream_500')).status, 200);
      return job.id as string;
    })();
    const res = await gw.call('POST', '/v1/embeddings', { input: 'falha' }, key());
    const id = await worker;
    assert.equal(res.status, 502);
    assert.equal(res.json.error.code, 'job_failed');
    const status = await gw.call('GET', `/v1/jobs/${id}`, undefined, key());
    assert.deepEqual(status.json.error, { code: 'upstream_500' });
  });

  it('OCR: the file goes to the worker as is; the text result passes the barrier before it is stored', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const worker = (async () => {
      const { job } = (await gw.worker.lease(workerId, ['svc.ocr'], 5)).json;
      assert.equal(job.file.content_type, 'image/png');
      assert.deepEqual(Buffer.from(job.file.base64, 'base64'), png);
      assert.equal(job.input.language, 'por');
      await gw.worker.complete(job.id, job.lease_token, {
        text: `Nome: Joana Prado CPF ${CPF}`,
        pages: [{ page: 1, text: `CPF ${CPF} e-mail ${EMAIL}` }],
      });
    })();
    const res = await gw.call('POST', '/v1/ocr', png, { ...key(), 'content-type': 'image/png' });
    await worker;
    assert.equal(res.status, 200);
    assert.match(res.json.result.text, /\[CPF_1\]/);
    assert.match(res.json.result.pages[0].text, /\[EMAIL_1\]/);
    for (const v of SEEDED) assert.ok(!res.text.includes(v), `answer holds ${v}`);
    for (const v of SEEDED) assert.ok(!(await dumpJobs(gw)).includes(v), `database holds ${v}`);
    const logs = gw.ctx.logs.text;
    for (const v of SEEDED) assert.ok(!logs.includes(v), `logs hold ${v}`);
  });

  it('text inputs are cleaned with the organisation’s name sensitivity', async () => {
    // A surname alone where the model hesitates: `strict` masks it, `balanced` does not.
    const text = 'O Brandão passou aqui.';
    assert.equal(detectNames(text).length, 0);
    assert.equal(detectNames(text, { sensitivity: 'strict' }).length, 1);
    const strict = await makeKey(gw.ctx, { org: { name_sensitivity: 'strict' } });
    const review = (secret: string) =>
      gw.call('POST', '/v1/documents/review/jobs', { document: text }, gw.asKey(secret));
    const masked = await review(strict.secret);
    const plain = await review(gw.key.secret);
    assert.equal(masked.status, 202);
    assert.equal(plain.status, 202);
    const inputOf = async (id: string) =>
      (
        await gw.ctx.db.kysely
          .withTables<{ jobs: { id: string; payload: string } }>()
          .selectFrom('jobs')
          .select('payload')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).payload;
    assert.match(await inputOf(masked.json.id), /O \[NOME_1\] passou aqui/);
    assert.match(await inputOf(plain.json.id), /O Brandão passou aqui/);
  });

  it('the block policy refuses personal data with 422 pii_blocked, and stores no job', async () => {
    const blocked = await makeKey(gw.ctx, { org: { privacy_policy: 'block' } });
    const before = await dumpJobs(gw);
    const res = await gw.call(
      'POST',
      '/v1/documents/review/jobs',
      { document: `CPF ${CPF}` },
      gw.asKey(blocked.secret),
    );
    assert.equal(res.status, 422);
    assert.equal(res.json.error.code, 'pii_blocked');
    assert.equal(await dumpJobs(gw), before);
  });

  it('bad input: 400 wrong types and missing fields, malformed JSON, 413 too large, 415 wrong file type, 401', async () => {
    const cases: [string, unknown, number][] = [
      ['/v1/embeddings', { input: 42 }, 400],
      ['/v1/embeddings', {}, 400],
      ['/v1/embeddings', { input: [] }, 400],
      ['/v1/audio/speech', { voz: 'x' }, 400],
      ['/v1/audio/music', { style: 'samba', seconds: 30 }, 400],
      ['/v1/documents/review/jobs', { document: 7 }, 400],
      ['/v1/images/generations', '{"prompt": ', 400],
      ['/v1/audio/speech', { text: 'x'.repeat(1_100_000) }, 413],
    ];
    for (const [path, body, status] of cases) {
      const res = await gw.call('POST', path, body, key());
      assert.equal(res.status, status, `${path} ${JSON.stringify(body).slice(0, 40)}`);
      assert.ok(res.json.error?.message, 'OpenAI error shape');
    }
    const text = await gw.call('POST', '/v1/ocr', Buffer.from('oi'), {
      ...key(),
      'content-type': 'text/plain',
    });
    assert.equal(text.status, 415);
    const gif = await gw.call('POST', '/v1/ocr', Buffer.from('GIF89a'), {
      ...key(),
      'content-type': 'image/gif',
    });
    assert.equal(gif.status, 415);
    const big = await gw.call('POST', '/v1/ocr', Buffer.alloc(26 * 1024 * 1024), {
      ...key(),
      'content-type': 'image/png',
    });
    assert.equal(big.status, 413);
    const anon = await gw.call('POST', '/v1/audio/speech', { text: 'x' });
    assert.equal(anon.status, 401);
    const noToken = await gw.call('POST', '/api/worker/lease', { worker_id: workerId });
    assert.equal(noToken.status, 401);
    const keyAsWorker = await gw.call('POST', '/api/worker/lease', { worker_id: workerId }, key());
    assert.equal(keyAsWorker.status, 401);
    const unknownCap = await gw.worker.register(['svc.teleport']);
    assert.equal(unknownCap.status, 400);
    assert.equal(unknownCap.json.error, 'unknown_capability');
    const unknownWorker = await gw.worker.lease('wrk_nao_existe', undefined, 0);
    assert.equal(unknownWorker.status, 404);
    const badToken = await gw.call('POST', '/api/worker/jobs/svcj_x/heartbeat', undefined, gw.asWorker);
    assert.equal(badToken.status, 400);
    const unknownJob = await gw.call('GET', '/v1/jobs/svcj_nao_existe', undefined, key());
    assert.equal(unknownJob.status, 404);
  });

  it('concurrent leases: 20 jobs, 5 workers polling at once, each job completed exactly once', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const r = await gw.call('POST', '/v1/images/generations', { prompt: `imagem ${i}` }, key());
      ids.add(r.json.id);
    }
    const completed: string[] = [];
    let refused = 0;
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        for (;;) {
          const r = await gw.worker.lease(workerId, ['svc.images.generations']);
          if (r.status === 204) return;
          const done = await gw.worker.complete(
            r.json.job.id,
            r.json.job.lease_token,
            Buffer.from('png'),
            'image/png',
          );
          if (done.status === 200) completed.push(r.json.job.id);
          else refused++; // only when a lease expired on a stalled machine and the job was leased again
        }
      }),
    );
    assert.equal(completed.length, 20, `completions (${refused} refused)`);
    assert.deepEqual(new Set(completed), ids);
  });

  it('heartbeats keep a lease past its first expiry; release hands the job back at once', async () => {
    const created = await gw.call('POST', '/v1/audio/speech', { text: 'cinco' }, key());
    const job = (await gw.worker.lease(workerId, ['svc.speech'])).json.job;
    for (let i = 0; i < 8; i++) {
      await sleep(500);
      assert.equal((await gw.worker.heartbeat(job.id, job.lease_token)).json.cancelled, false);
    }
    // 4 s after the claim, with a 3 s lease: still ours
    assert.equal(
      (await gw.call('GET', `/v1/jobs/${created.json.id}`, undefined, key())).json.status,
      'leased',
    );
    const released = await gw.call('POST', `/api/worker/jobs/${job.id}/release`, undefined, {
      ...gw.asWorker,
      'x-lease-token': String(job.lease_token),
    });
    assert.equal(released.status, 200);
    const again = (await gw.worker.lease(workerId, ['svc.speech'])).json.job;
    assert.equal(again.id, job.id);
    assert.equal((await gw.worker.heartbeat(job.id, job.lease_token)).status, 409);
    await gw.worker.complete(again.id, again.lease_token, Buffer.from('z'), 'audio/mpeg');
  });

  it('retention: unleased jobs expire after the queue TTL; finished jobs and results go after the result TTL', async () => {
    const settings = workerSettings(gw.ctx.config);
    const waiting = await gw.call('POST', '/v1/audio/speech', { text: 'seis' }, key());
    const done = await gw.call('GET', `/v1/jobs/${waiting.json.id}`, undefined, key());
    assert.equal(done.json.status, 'queued');
    await sweepWorkerJobs(gw.ctx.db, settings, Date.now() + settings.queueTtlMs + 1000);
    const expired = await gw.call('GET', `/v1/jobs/${waiting.json.id}`, undefined, key());
    assert.equal(expired.json.status, 'failed');
    assert.deepEqual(expired.json.error, { code: 'expired' });
    const r = await sweepWorkerJobs(
      gw.ctx.db,
      settings,
      Date.now() + settings.queueTtlMs + settings.resultTtlMs + 2000,
    );
    assert.ok(r.deleted > 0);
    const gone = await gw.call('GET', `/v1/jobs/${waiting.json.id}`, undefined, key());
    assert.equal(gone.status, 404);
    const left = await gw.ctx.db.kysely.selectFrom('worker_jobs').select('id').execute();
    assert.deepEqual(left, []);
  });
});
