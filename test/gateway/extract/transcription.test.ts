// POST /v1/audio/transcriptions with the official openai client against a fake
// OpenAI-compatible transcription provider on loopback.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import OpenAI, { toFile } from 'openai';
import { onPostgres } from '../../helpers/db.js';
import { type KeyFixture, makeKey, testGateway } from '../../helpers/gateway.js';
import { FakeTranscription, wav } from '../../fakes/transcription.js';

const CPF = '529.982.247-25';
const NAME = 'Maria Aparecida Souza';
const SEEDED = [CPF, '52998224725', NAME, 'Aparecida', 'entrevista-maria'];

type Gateway = Awaited<ReturnType<typeof testGateway>>;

function configFile(section: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-transcription-'));
  const path = join(dir, 'svc.json');
  writeFileSync(path, JSON.stringify({ transcription: section }));
  return path;
}

describe(`POST /v1/audio/transcriptions (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let fake: FakeTranscription;
  let gw: Gateway;
  let key: KeyFixture;
  let base: string;
  let client: OpenAI;
  before(async () => {
    fake = await new FakeTranscription().start();
    gw = await testGateway({
      SVC_CONFIG: configFile({
        base_url: fake.url,
        api_key: '${TRANSCRIPTION_KEY}',
        model: 'whisper-large-v3',
        max_audio_seconds: 60,
        timeout_seconds: 1,
      }),
      TRANSCRIPTION_KEY: 'sk-fake-transcription',
    });
    key = await makeKey(gw.ctx);
    base = await gw.app.listen({ host: '127.0.0.1', port: 0 });
    client = new OpenAI({ apiKey: key.secret, baseURL: `${base}/v1`, maxRetries: 0 });
  });
  after(async () => {
    await gw.dispose();
    await fake.close();
  });

  it('transcribes with the official client and returns the text cleaned', async () => {
    const audio = wav(3);
    const { data, response } = await client.audio.transcriptions
      .create({ file: await toFile(audio, 'entrevista-maria.wav'), model: 'whisper-1', language: 'pt' })
      .withResponse();
    assert.equal(data.text, 'Olá, meu nome é [NOME_1] e meu CPF é [CPF_1].');
    assert.equal(response.headers.get('x-svc-privacy'), 'cpf=1, nome=1');
    const heard = fake.received.at(-1)!;
    assert.equal(heard.path, '/v1/audio/transcriptions');
    assert.equal(heard.headers.authorization, 'Bearer sk-fake-transcription');
    assert.deepEqual(heard.fields, { model: 'whisper-large-v3', response_format: 'json', language: 'pt' });
    // The caller's file name may name the person recorded: the provider gets a neutral one.
    assert.equal(heard.fileName, 'audio.wav');
    assert.ok(heard.audio.equals(audio), 'the audio reaches the provider unchanged');
  });

  it('answers plain text for response_format text', async () => {
    const text = await client.audio.transcriptions.create({
      file: await toFile(wav(1), 'a.wav'),
      model: 'whisper-1',
      response_format: 'text',
    });
    assert.equal(typeof text, 'string');
    assert.equal(text, 'Olá, meu nome é [NOME_1] e meu CPF é [CPF_1].');
  });

  it('applies the organisation policy: redact, and block → 422 pii_blocked', async () => {
    const redact = await makeKey(gw.ctx, { org: { privacy_policy: 'redact' } });
    const r = await new OpenAI({
      apiKey: redact.secret,
      baseURL: `${base}/v1`,
      maxRetries: 0,
    }).audio.transcriptions.create({ file: await toFile(wav(1), 'a.wav'), model: 'whisper-1' });
    assert.match(r.text, /meu CPF é \[CPF removido\]/);
    const block = await makeKey(gw.ctx, { org: { privacy_policy: 'block' } });
    const blocked = new OpenAI({ apiKey: block.secret, baseURL: `${base}/v1`, maxRetries: 0 });
    await assert.rejects(
      blocked.audio.transcriptions.create({ file: await toFile(wav(1), 'a.wav'), model: 'whisper-1' }),
      (err: unknown) => err instanceof OpenAI.UnprocessableEntityError && err.code === 'pii_blocked',
    );
  });

  it('refuses audio longer than the synchronous limit before sending it (504)', async () => {
    const before = fake.received.length;
    await assert.rejects(
      client.audio.transcriptions.create({ file: await toFile(wav(61), 'longo.wav'), model: 'whisper-1' }),
      (err: unknown) => err instanceof OpenAI.APIError && err.status === 504 && err.code === 'audio_too_long',
    );
    assert.equal(fake.received.length, before, 'nothing was sent to the provider');
  });

  it('answers 504 when the provider takes longer than the timeout', async () => {
    fake.delayMs = 2500;
    try {
      await assert.rejects(
        client.audio.transcriptions.create({ file: await toFile(wav(2), 'a.wav'), model: 'whisper-1' }),
        (err: unknown) =>
          err instanceof OpenAI.APIError && err.status === 504 && err.code === 'transcription_timeout',
      );
    } finally {
      fake.delayMs = 0;
    }
  });

  it('answers 422 when the provider cannot read the audio, without its error text', async () => {
    fake.failWith = 400;
    try {
      const res = await send({ file: new Blob([wav(1)]) });
      assert.equal(res.status, 422);
      assert.equal(res.body.error.code, 'unreadable_audio');
      for (const v of SEEDED) assert.ok(!JSON.stringify(res.body).includes(v), v);
    } finally {
      fake.failWith = null;
    }
    fake.failWith = 500;
    try {
      const res = await send({ file: new Blob([wav(1)]) });
      assert.equal(res.status, 502);
    } finally {
      fake.failWith = null;
    }
  });

  const send = async (parts: Record<string, Blob | string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, 'audio.bin');
    }
    const res = await fetch(`${base}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}` },
      body: form,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field
    const body: any = await res.json();
    return { status: res.status, body };
  };

  it('refuses what is not audio, bad fields, a missing file, 26 MB and other content types', async () => {
    const pdf = await send({ file: new Blob([Buffer.from('%PDF-1.7\nnão é áudio')]), model: 'whisper-1' });
    assert.equal(pdf.status, 415);
    assert.equal(pdf.body.error.code, 'unsupported_file_type');
    const missing = await send({ model: 'whisper-1' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.param, 'file');
    for (const [field, value] of [
      ['response_format', 'srt'],
      ['language', 'português'],
      ['temperature', 'quente'],
      ['temperature', '3'],
      ['policy', 'nenhuma'],
    ]) {
      const res = await send({ file: new Blob([wav(1)]), [field!]: value! });
      assert.equal(res.status, 400, `${field}=${value}`);
      assert.equal(res.body.error.param, field);
    }
    const stray = await send({ file: new Blob([wav(1)]), prompt: `fale de ${NAME}` });
    assert.equal(stray.status, 400);
    const big = await send({ file: new Blob([wav((26 * 1024 * 1024) / 32_000 + 1)]) });
    assert.equal(big.status, 413);
    assert.equal(big.body.error.code, 'file_too_large');
    const json = await fetch(`${base}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'UklGRg==', model: 'whisper-1' }),
    });
    assert.equal(json.status, 415);
    const anonymous = await fetch(`${base}/v1/audio/transcriptions`, {
      method: 'POST',
      body: new FormData(),
    });
    assert.equal(anonymous.status, 401);
  });

  it('keeps personal data out of the logs', () => {
    for (const v of SEEDED) assert.ok(!gw.ctx.logs.text.includes(v), v);
  });
});

describe('POST /v1/audio/transcriptions without a provider', () => {
  let gw: Gateway;
  before(async () => {
    gw = await testGateway();
  });
  after(() => gw.dispose());

  it('answers 503 transcription_not_configured', async () => {
    const key = await makeKey(gw.ctx);
    const base = await gw.app.listen({ host: '127.0.0.1', port: 0 });
    const client = new OpenAI({ apiKey: key.secret, baseURL: `${base}/v1`, maxRetries: 0 });
    await assert.rejects(
      client.audio.transcriptions.create({ file: await toFile(wav(1), 'a.wav'), model: 'whisper-1' }),
      (err: unknown) =>
        err instanceof OpenAI.APIError && err.status === 503 && err.code === 'transcription_not_configured',
    );
    // A file over 25 MB is refused for its size (413) before the missing provider (503).
    const form = new FormData();
    form.set('file', new Blob([wav((26 * 1024 * 1024) / 32_000 + 1)]), 'grande.wav');
    form.set('model', 'whisper-1');
    const big = await fetch(`${base}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.secret}` },
      body: form,
    });
    assert.equal(big.status, 413);
  });
});
