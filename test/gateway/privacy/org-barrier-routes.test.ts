// One organisation's barrier settings (policy `redact`, names `strict`, every category
// masked but `cpf`) honoured on every route that cleans, each called as its users call it: chat completions (official `openai`
// client), messages (official `@anthropic-ai/sdk`), /v1/privacy/clean and /jobs, a PDF on
// /v1/privacy/extract, audio on /v1/audio/transcriptions (a fake transcription vendor on
// loopback), a worker job's input and its result (the worker protocol by hand), and an MCP
// tool (the MCP SDK client). The contracts service is in test/contracts/org-barrier.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { toFile } from 'openai';
import { textPdf } from '../../documents/fixtures.js';
import { FakeTranscription, wav } from '../../fakes/transcription.js';
import { onPostgres } from '../../helpers/db.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { sensitivityExample } from '../../helpers/sensitivity.js';
import { firstText, mcpClient } from '../mcp/helpers.js';
import { dumpJobs, workerGateway } from '../workers/helpers.js';

// A surname alone that `balanced` leaves and `strict` masks, beside a CPF.
const { surname, text: TEXT } = sensitivityExample((w) => `O ${w} passou aqui com o CPF 529.982.247-25.`);
/** What the organisation masks and so must never leave. */
const SEEDED = [surname];
/** What the organisation's settings make of TEXT: the CPF is a category it switched off. */
const CLEANED = 'O [NOME removido] passou aqui com o CPF 529.982.247-25.';
/** What the defaults make of it: the surname stays. */
const DEFAULT_CLEANED = `O ${surname} passou aqui com o CPF [CPF_1].`;

describe(`organisation barrier settings on every route (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let gw: Awaited<ReturnType<typeof workerGateway>>;
  let fake: FakeTranscription;
  let org: KeyFixture;
  let workerId: string;

  before(async () => {
    fake = await new FakeTranscription().start();
    fake.transcript = TEXT;
    gw = await workerGateway(
      { waits: { embeddings: 0, speech: 0, ocr: 0 }, lease_seconds: 30 },
      { transcription: { base_url: fake.url, api_key: 'sk-fake-transcription', model: 'whisper-x' } },
    );
    org = await makeKey(gw.ctx, {
      org: { privacy_policy: 'redact', name_sensitivity: 'strict', unmasked_categories: '["cpf"]' },
    });
    workerId = (await gw.worker.register(['svc.embeddings', 'svc.ocr'])).json.worker_id;
  });
  after(async () => {
    await gw.dispose();
    await fake.close();
  });

  const auth = (secret = org.secret) => ({ authorization: `Bearer ${secret}` });

  it('chat completions and messages: the model sees the organisation’s cleaning', async () => {
    const openai = new OpenAI({ apiKey: org.secret, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    const chat = await openai.chat.completions.create({
      model: 'svc/eco',
      messages: [{ role: 'user', content: TEXT }],
    });
    assert.equal(chat.choices[0]!.message.content, `[user] ${CLEANED}`);

    const anthropic = new Anthropic({ apiKey: org.secret, baseURL: gw.url, maxRetries: 0 });
    const message = await anthropic.messages.create({
      model: 'svc/eco',
      max_tokens: 100,
      messages: [{ role: 'user', content: TEXT }],
    });
    const block = message.content[0];
    assert.equal(block?.type === 'text' ? block.text : undefined, `[user] ${CLEANED}`);
  });

  it('/v1/privacy/clean and /v1/privacy/jobs', async () => {
    const clean = await gw.call('POST', '/v1/privacy/clean', { text: TEXT }, auth());
    assert.equal(clean.status, 200, clean.text);
    assert.equal(clean.json.clean_text, CLEANED);

    const job = await gw.call('POST', '/v1/privacy/jobs', { items: [TEXT] }, auth());
    assert.equal(job.status, 202, job.text);
    const read = await gw.call('GET', `/v1/privacy/jobs/${job.json.id}`, undefined, auth());
    assert.deepEqual(read.json.privacy.counts, { nome: 1 });
  });

  it('/v1/privacy/extract: the text of a PDF', async () => {
    const form = new FormData();
    form.append('file', new Blob([await textPdf([[TEXT]])], { type: 'application/pdf' }), 'a.pdf');
    const res = await fetch(`${gw.url}/v1/privacy/extract`, { method: 'POST', headers: auth(), body: form });
    const body = (await res.json()) as { text: string };
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.text.trim(), CLEANED);
  });

  it('/v1/audio/transcriptions: the transcript', async () => {
    const openai = new OpenAI({ apiKey: org.secret, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    const t = await openai.audio.transcriptions.create({
      file: await toFile(wav(1), 'a.wav'),
      model: 'whisper-1',
    });
    assert.equal(t.text, CLEANED);
  });

  it('worker jobs: the input the worker leases and the result it hands back', async () => {
    const submitted = await gw.call('POST', '/v1/embeddings', { input: TEXT }, auth());
    assert.equal(submitted.status, 202, submitted.text);
    const embedding = (await gw.worker.lease(workerId, ['svc.embeddings'], 5)).json.job;
    assert.deepEqual(embedding.input.input, CLEANED);
    await gw.worker.complete(embedding.id, embedding.lease_token, { data: [] });

    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const ocr = await gw.call('POST', '/v1/ocr', png, { ...auth(), 'content-type': 'image/png' });
    assert.equal(ocr.status, 202, ocr.text);
    const leased = (await gw.worker.lease(workerId, ['svc.ocr'], 5)).json.job;
    const done = await gw.worker.complete(leased.id, leased.lease_token, {
      text: TEXT,
      pages: [{ page: 1, text: TEXT }],
    });
    assert.equal(done.status, 200, done.text);
    const read = await gw.call('GET', `/v1/jobs/${ocr.json.id}`, undefined, auth());
    assert.equal(read.json.result.text, CLEANED);
    assert.equal(read.json.result.pages[0].text, CLEANED);
  });

  it('MCP: a tool call', async () => {
    const client = await mcpClient(`${gw.url}/mcp`, org.secret);
    try {
      const result = await client.callTool({ name: 'svc_eco', arguments: { prompt: TEXT } });
      assert.equal(firstText(result), `[user] ${CLEANED}`);
    } finally {
      await client.close();
    }
  });

  it('an account without the settings gets the defaults on the same routes', async () => {
    const plain = await makeKey(gw.ctx);
    const clean = await gw.call('POST', '/v1/privacy/clean', { text: TEXT }, auth(plain.secret));
    assert.equal(clean.json.clean_text, DEFAULT_CLEANED);
    const form = new FormData();
    form.append('file', new Blob([await textPdf([[TEXT]])], { type: 'application/pdf' }), 'a.pdf');
    const res = await fetch(`${gw.url}/v1/privacy/extract`, {
      method: 'POST',
      headers: auth(plain.secret),
      body: form,
    });
    assert.equal(((await res.json()) as { text: string }).text.trim(), DEFAULT_CLEANED);
  });

  it('nothing seeded reached the logs or the worker-job tables', async () => {
    const logs = gw.ctx.logs.text;
    for (const v of SEEDED) assert.ok(!logs.includes(v), `the logs hold ${v}`);
    const stored = await dumpJobs(gw);
    for (const v of SEEDED) assert.ok(!stored.includes(v), `a worker job holds ${v}`);
  });
});
