// POST /v1/audio/transcriptions answered by a worker: a gateway without a transcription
// provider of its own and the reference worker (`svc worker`) forwarding svc.transcription
// to a fake OpenAI-compatible provider on loopback, in real processes, called with the
// official openai client. The transcript comes back cleaned, the database keeps only the
// cleaned text, and a worker slower than the wait gives 504 with the job to poll.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import OpenAI, { toFile } from 'openai';
import { FakeTranscription, wav } from '../fakes/transcription.js';
import { dumpJobs } from '../gateway/workers/helpers.js';
import { type Cluster, cluster, waitUntil } from './setup.js';

const CPF = '529.982.247-25';
const SEEDED = [CPF, '52998224725', 'Maria Aparecida Souza', 'Aparecida', 'entrevista-maria'];
const CLEANED = 'Olá, meu nome é [NOME_1] e meu CPF é [CPF_1].';

describe('transcription through a worker', () => {
  let c: Cluster;
  let fake: FakeTranscription;
  let url: string;
  let client: OpenAI;

  before(async () => {
    fake = await new FakeTranscription().start();
    c = await cluster(
      { waits: { speech: 3 }, lease_seconds: 30 },
      { transcription: { base_url: fake.url, model: 'whisper-large-v3', api_key: 'sk-up' } },
    );
    url = (await c.gateway()).url;
    await c.worker(url, ['--capabilities', 'svc.transcription']);
    client = new OpenAI({ apiKey: c.key.secret, baseURL: `${url}/v1`, maxRetries: 0 });
  });
  after(async () => {
    await c.dispose();
    await fake.close();
  });

  it('the official client gets the transcript cleaned; the provider gets the audio unchanged', async () => {
    const audio = wav(2);
    const { data, response } = await client.audio.transcriptions
      .create({ file: await toFile(audio, 'entrevista-maria.wav'), model: 'whisper-1', language: 'pt' })
      .withResponse();
    assert.equal(data.text, CLEANED);
    assert.equal(response.headers.get('x-svc-privacy'), 'cpf=1, nome=1');
    const heard = fake.received.at(-1)!;
    assert.equal(heard.headers.authorization, 'Bearer sk-up');
    assert.equal(heard.fields.model, 'whisper-large-v3');
    assert.equal(heard.fields.language, 'pt');
    assert.ok(heard.audio.equals(audio), 'the audio reaches the provider unchanged');
    assert.ok(!heard.fileName.includes('maria'), 'the caller’s file name stays with the gateway');

    const text = await client.audio.transcriptions.create({
      file: await toFile(wav(1), 'a.wav'),
      model: 'whisper-1',
      response_format: 'text',
    });
    assert.equal(text, CLEANED);
  });

  it('the database holds the cleaned transcript only', async () => {
    const dump = await dumpJobs({ ctx: c.ctx } as never);
    assert.ok(dump.includes('[CPF_1]'));
    for (const v of SEEDED) assert.ok(!dump.includes(v), `the job tables hold ${v}`);
  });

  it('a worker slower than the wait: 504 naming the job, whose result is then read by polling', async () => {
    fake.delayMs = 6_000;
    try {
      const res = await fetch(`${url}/v1/audio/transcriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.key.secret}` },
        body: (() => {
          const form = new FormData();
          form.append('file', new Blob([wav(1)], { type: 'audio/wav' }), 'a.wav');
          form.append('model', 'whisper-1');
          return form;
        })(),
      });
      assert.equal(res.status, 504);
      const body = (await res.json()) as { error: { code: string; message: string } };
      assert.equal(body.error.code, 'transcription_pending');
      const location = res.headers.get('location');
      assert.match(location ?? '', /^\/v1\/jobs\/svcj_/);
      assert.ok(body.error.message.includes(location!.slice('/v1/jobs/'.length)));
      let job: { status: string; result: { text: string } | null } | undefined;
      await waitUntil(
        async () => {
          const r = await fetch(`${url}${location}`, {
            headers: { authorization: `Bearer ${c.key.secret}` },
          });
          job = (await r.json()) as typeof job;
          return job!.status === 'completed';
        },
        60_000,
        200,
      );
      assert.equal(job!.result!.text, CLEANED);
    } finally {
      fake.delayMs = 0;
    }
  });
});
