// Images in model requests, with the official clients, through the gateway to fake vendors
// on loopback: under `redact` the vendor receives the image with the personal data filled
// solid (the test decodes what it received and reads it again with the OCR), under
// `refuse` the SPEC's 400 is unchanged, and bad images get their documented errors.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import sharp from 'sharp';
import { OcrPool } from '../../../src/documents/index.js';
import { fakeAnthropic } from '../../fakes/anthropic.js';
import { fakeOpenAI } from '../../fakes/openai.js';
import type { FakeUpstream, Wire } from '../../fakes/upstream.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { blankImage, scannedPdf, textPdf } from '../../documents/fixtures.js';
import { listeningGateway, writeConfig } from '../models/helpers.js';
import { DECOYS, dataUri, formImage, PERSON, PERSONAL_WORDS, readable } from './fixtures.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;

const REFUSAL =
  'Conteúdo do tipo "image_url" não é aceito aqui: a barreira de privacidade lê apenas texto. Extraia antes o texto do arquivo (PDF ou imagem) com POST /v1/privacy/extract e envie esse texto.';

describe('images in model requests', () => {
  let gw: Gateway;
  let refusing: KeyFixture;
  let redacting: KeyFixture;
  let blocking: KeyFixture;
  let oa: FakeUpstream;
  let an: FakeUpstream;
  const ocr = new OcrPool({ size: 1 });
  const png = formImage('png');

  before(async () => {
    oa = await fakeOpenAI();
    an = await fakeAnthropic();
    const config = writeConfig({
      providers: {
        oa: { type: 'openai', base_url: `${oa.url}/v1` },
        oaresp: { type: 'openai', base_url: `${oa.url}/v1`, responses_api: true },
        an: { type: 'anthropic', base_url: an.url },
      },
      models: [
        {
          id: 'svc/gpt',
          provider: 'oa',
          upstream_model: 'gpt-x',
          display_name: 'G',
          context_window: 128000,
          description: 'g',
        },
        { id: 'svc/resp', provider: 'oaresp', upstream_model: 'gpt-resp' },
        {
          id: 'svc/claude',
          provider: 'an',
          upstream_model: 'claude-x',
          display_name: 'C',
          context_window: 200000,
          description: 'c',
        },
      ],
      extraction: { max_pixels: 4_000_000, ocr_threads: 1 },
    });
    gw = await listeningGateway({ SVC_CONFIG: config });
    refusing = await makeKey(gw.ctx);
    redacting = await makeKey(gw.ctx, { org: { images: 'redact' } });
    blocking = await makeKey(gw.ctx, { org: { images: 'redact', privacy_policy: 'block' } });
  });
  after(async () => {
    await gw.dispose();
    await oa.stop();
    await an.stop();
    await ocr.close();
  });
  beforeEach(() => {
    oa.reset();
    an.reset();
  });

  /** What the vendor received, read again: the seeded words gone, the decoys still there. */
  async function assertRedacted(image: Buffer, where: string) {
    const meta = await sharp(image).metadata();
    assert.equal(meta.exif, undefined, `${where}: no EXIF`);
    const grey = await sharp(image)
      .greyscale()
      .resize({ width: (meta.width ?? 0) * 2 })
      .png()
      .toBuffer();
    const { text } = await ocr.recognize(grey);
    for (const word of PERSONAL_WORDS)
      assert.ok(!readable(text, word), `${where}: a personal word is still readable`);
    for (const word of DECOYS) assert.ok(readable(text, word), `${where}: decoy "${word}" unreadable`);
  }

  it('under refuse (the default), an image part gets the SPEC’s 400, unchanged', async () => {
    const res = await fetch(`${gw.origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${refusing.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'svc/gpt',
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: dataUri(png) } }] }],
      }),
    });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      error: {
        message: REFUSAL,
        type: 'invalid_request_error',
        param: 'messages.0.content.0',
        code: 'unsupported_content',
      },
    });
    assert.equal(oa.received.length, 0);
  });

  it('openai chat with an image_url data URI: the vendor receives the image redacted', async () => {
    // The photo's metadata (a camera, a place) must not travel either.
    const tagged = await sharp(png)
      .withExif({ IFD0: { Make: 'Camera da Joana', Artist: PERSON.name } })
      .png()
      .toBuffer();
    const { data, response } = await gw
      .openai(redacting.secret)
      .chat.completions.create({
        model: 'svc/gpt',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'O que diz este recibo?' },
              { type: 'image_url', image_url: { url: dataUri(tagged), detail: 'high' } },
            ],
          },
        ],
      })
      .withResponse();
    assert.match(data.choices[0]!.message.content ?? '', /O que diz este recibo/);
    const privacy = response.headers.get('x-svc-privacy') ?? '';
    for (const category of ['cpf', 'email', 'telefone', 'nome'])
      assert.match(privacy, new RegExp(`${category}=1`));
    const sent: Wire = oa.received[0]!.body;
    const parts = sent.messages[0].content;
    assert.equal(parts[0].text, 'O que diz este recibo?');
    assert.equal(parts[1].image_url.detail, 'high');
    const url: string = parts[1].image_url.url;
    assert.match(url, /^data:image\/png;base64,/);
    assert.ok(!oa.everything.includes('Camera da Joana') && !oa.everything.includes(PERSON.name));
    await assertRedacted(Buffer.from(url.split(',')[1]!, 'base64'), 'openai');
  });

  it('@anthropic-ai/sdk with a base64 image block (JPEG): the vendor receives it redacted, as JPEG', async () => {
    const jpeg = formImage('jpeg');
    const message = await gw.anthropic(redacting.secret).messages.create({
      model: 'svc/claude',
      max_tokens: 50,
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/jpeg', data: jpeg.toString('base64') },
            },
            { type: 'text', text: 'Resuma.' },
          ],
        },
      ],
    });
    assert.equal(message.content[0]!.type, 'text');
    const block = an.received[0]!.body.messages[0].content[0];
    assert.equal(block.type, 'image');
    assert.equal(block.source.media_type, 'image/jpeg');
    await assertRedacted(Buffer.from(block.source.data, 'base64'), 'anthropic');
  });

  it('a chat image sent on to the messages vendor, and X-SVC-Images: refuse asks for the refusal', async () => {
    await gw.openai(redacting.secret).chat.completions.create({
      model: 'svc/claude',
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: dataUri(png) } }] }],
    });
    const block = an.received[0]!.body.messages[0].content[0];
    await assertRedacted(Buffer.from(block.source.data, 'base64'), 'chat → anthropic');
    await assert.rejects(
      gw.openai(redacting.secret).chat.completions.create(
        {
          model: 'svc/gpt',
          messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: dataUri(png) } }] }],
        },
        { headers: { 'x-svc-images': 'refuse' } },
      ),
      (err: unknown) => err instanceof OpenAI.BadRequestError && err.code === 'unsupported_content',
    );
  });

  it('the Responses API: an input_image reaches a Responses vendor and a chat vendor redacted', async () => {
    const input = [
      {
        role: 'user' as const,
        content: [
          { type: 'input_text' as const, text: 'O que diz este recibo?' },
          { type: 'input_image' as const, image_url: dataUri(png), detail: 'low' as const },
        ],
      },
    ];
    await gw.openai(redacting.secret).responses.create({ model: 'svc/resp', input });
    const sent: Wire = oa.received[0]!.body;
    assert.match(oa.received[0]!.path, /\/responses$/);
    const part = sent.input[0].content[1];
    assert.equal(part.type, 'input_image');
    assert.equal(part.detail, 'low');
    await assertRedacted(
      Buffer.from(String(part.image_url).split(',')[1]!, 'base64'),
      'responses → responses',
    );
    await gw.openai(redacting.secret).responses.create({ model: 'svc/gpt', input });
    const url: string = oa.received[1]!.body.messages[0].content[1].image_url.url;
    await assertRedacted(Buffer.from(url.split(',')[1]!, 'base64'), 'responses → chat');
    // Under refuse, the part gets the same 400 as on chat; a URL is never fetched.
    await assert.rejects(
      gw.openai(refusing.secret).responses.create({ model: 'svc/resp', input }),
      (err: unknown) => err instanceof OpenAI.BadRequestError && err.code === 'unsupported_content',
    );
    await assert.rejects(
      gw.openai(redacting.secret).responses.create({
        model: 'svc/resp',
        input: [
          {
            role: 'user',
            content: [{ type: 'input_image', image_url: 'https://exemplo.com/rg.png', detail: 'auto' }],
          },
        ],
      }),
      (err: unknown) => err instanceof OpenAI.BadRequestError && err.code === 'file_not_inline',
    );
    assert.equal(oa.received.length, 2);
  });

  it('PDF parts: the text layer goes as cleaned text, a scanned page as a redacted image', async () => {
    const pdf = await textPdf([[`Contratante: ${PERSON.name}`, `CPF ${PERSON.cpf}`]]);
    await gw.openai(redacting.secret).chat.completions.create({
      model: 'svc/gpt',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'file', file: { filename: 'contrato.pdf', file_data: dataUri(pdf, 'application/pdf') } },
          ],
        },
      ],
    });
    const content = oa.received[0]!.body.messages[0].content;
    assert.equal(typeof content, 'string');
    assert.match(content, /\[CPF_1\]/);
    assert.ok(!oa.everything.includes(PERSON.cpf));
    oa.reset();
    await gw.anthropic(redacting.secret).messages.create({
      model: 'svc/gpt',
      max_tokens: 20,
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'document',
              source: {
                type: 'base64',
                media_type: 'application/pdf',
                data: (await scannedPdf()).toString('base64'),
              },
            },
          ],
        },
      ],
    });
    const parts = oa.received[0]!.body.messages[0].content;
    assert.equal(parts[0].type, 'image_url');
    const url: string = parts[0].image_url.url;
    assert.match(url, /^data:image\/png;base64,/);
    const page = Buffer.from(url.split(',')[1]!, 'base64');
    const { text } = await ocr.recognize(await sharp(page).greyscale().png().toBuffer());
    for (const word of ['529.982.247-25', 'Aparecida', 'Souza']) assert.ok(!readable(text, word), word);
    assert.ok(readable(text, 'Contrato de locação'), 'the rest of the page is still there');
  });

  it('under block, personal data in an image refuses the request (422) and nothing is sent', async () => {
    await assert.rejects(
      gw.openai(blocking.secret).chat.completions.create({
        model: 'svc/gpt',
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: dataUri(png) } }] }],
      }),
      (err: unknown) => err instanceof OpenAI.UnprocessableEntityError && err.code === 'pii_blocked',
    );
    assert.equal(oa.received.length, 0);
  });

  it('bad images get their documented errors, and nothing is sent', async () => {
    const send = (url: string) =>
      gw.openai(redacting.secret).chat.completions.create({
        model: 'svc/gpt',
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }],
      });
    const cases: [string, string, number, string][] = [
      ['an http URL', 'https://exemplo.com.br/rg.png', 400, 'file_not_inline'],
      [
        'text named as an image',
        `data:image/png;base64,${Buffer.from('não é imagem').toString('base64')}`,
        400,
        'invalid_file',
      ],
      ['not base64', 'data:image/png;base64,@@@@', 400, 'invalid_file'],
      ['a truncated PNG', dataUri(png.subarray(0, 400)), 422, 'unreadable_image'],
      ['too many pixels', dataUri(await blankImage(3000, 2000)), 413, 'image_too_large'],
      ['a PDF in an image part', dataUri(await textPdf(), 'image/png'), 400, 'invalid_file'],
    ];
    for (const [what, url, status, code] of cases) {
      await assert.rejects(
        send(url),
        (err: unknown) => err instanceof OpenAI.APIError && err.status === status && err.code === code,
        what,
      );
    }
    await assert.rejects(
      gw.anthropic(redacting.secret).messages.create({
        model: 'svc/claude',
        max_tokens: 10,
        messages: [
          {
            role: 'user',
            content: [{ type: 'image', source: { type: 'url', url: 'https://exemplo.com.br/a.png' } }],
          },
        ],
      }),
      (err: unknown) => err instanceof Anthropic.BadRequestError && /data URI|base64/.test(err.message),
    );
    assert.equal(oa.received.length + an.received.length, 0);
  });

  it('no personal value in the logs', () => {
    for (const v of [PERSON.name, PERSON.cpf, PERSON.email, '98765-4321'])
      assert.ok(!gw.ctx.logs.text.includes(v), 'a seeded value in the logs');
  });
});
