// Every category of the barrier end to end: a chat completion through the official
// `openai` client to a fake OpenAI-compatible vendor on loopback. The vendor never sees
// a value (plain or disguised), the X-SVC-Privacy header names each category, and an
// organisation that restores placeholders gets the values back in the answer.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { fakeOpenAI } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { collect, listeningGateway, oneOpenAIModel } from '../models/helpers.js';

type Gateway = Awaited<ReturnType<typeof listeningGateway>>;

const WORDS = ['zero', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove'];
const words = (digits: string) => [...digits].map((d) => WORDS[Number(d)]).join(' ');

/** [category, how it is written in the message, forms that must never reach the vendor]. */
const VALUES: [string, string, string[]][] = [
  ['rg', 'RG 31.203.131-2 SSP/SP', ['31.203.131', '312031312']],
  ['cnh', `CNH ${words('58316794534')}`, [words('58316794534'), '58316794534']],
  ['pis', 'PIS 2 9 5 . 8 4 6 7 5 . 3 2 - 0', ['2 9 5 . 8', '29584675320']],
  ['titulo_eleitor', 'título de eleitor 1023 8501\n0671', ['1023 8501', '102385010671']],
  ['cns', 'cartão do SUS 837 7857 4525 7028', ['837 7857', '837785745257028']],
  ['renavam', 'RENAVAM 86769597308', ['86769597308']],
  ['passaporte', 'passaporte FZ123456', ['FZ123456']],
  ['cartao', 'cartão 4111 1111 1111 1111', ['4111 1111', '4111111111111111']],
  ['conta_bancaria', 'agência 1234, conta corrente 12345-6', ['12345-6', '123456']],
  ['chave_pix', 'chave pix 9f0a4eb0-2fcb-4c6e-a69b-a1fde4be7767', ['9f0a4eb0']],
  ['placa', 'placa ABC1D23', ['ABC1D23']],
  ['endereco', 'moro na Rua das Flores, 120, apto 31', ['Flores, 120']],
  ['data_nascimento', 'nascida em 3 de março de 1990', ['março de 1990']],
  ['ip', 'acessou do IP 187.45.12.9', ['187.45.12.9']],
];
const TEXT = VALUES.map(([, written]) => written).join('.\n');

describe('every category, chat completions to a fake vendor', () => {
  let gw: Gateway;
  let key: KeyFixture;
  let restoring: KeyFixture;
  let oa: FakeUpstream;

  before(async () => {
    oa = await fakeOpenAI();
    gw = await listeningGateway({ SVC_CONFIG: oneOpenAIModel(oa.url, 128000) });
    key = await makeKey(gw.ctx);
    restoring = await makeKey(gw.ctx, { org: { restore_placeholders: 1 } });
  });
  after(async () => {
    await gw.dispose();
    await oa.stop();
  });
  beforeEach(() => oa.reset());

  const assertNothingLeaked = () => {
    assert.ok(oa.received.length > 0, 'the vendor was called');
    for (const [category, , forms] of VALUES) {
      for (const form of forms)
        assert.ok(!oa.everything.includes(form), `${category}: "${form}" reached the vendor`);
    }
  };

  it('masks every category before the vendor and names each one in X-SVC-Privacy', async () => {
    const { data, response } = await gw
      .openai(key.secret)
      .chat.completions.create({ model: 'svc/gpt', messages: [{ role: 'user', content: TEXT }] })
      .withResponse();
    assertNothingLeaked();
    const header = response.headers.get('x-svc-privacy') ?? '';
    for (const [category] of VALUES) assert.match(header, new RegExp(`(^|, )${category}=\\d`), category);
    assert.match(header, /conta_bancaria=2/, 'branch and account');
    const answer = data.choices[0]!.message.content!;
    assert.match(answer, /\[RG_1\][\s\S]*\[CNH_1\][\s\S]*\[NASCIMENTO_1\][\s\S]*\[IP_1\]/);
  });

  it('restores every placeholder in a streamed answer for an organisation that asks for it', async () => {
    const stream = await gw.openai(restoring.secret).chat.completions.create({
      model: 'svc/gpt',
      messages: [{ role: 'user', content: TEXT }],
      stream: true,
    });
    const answer = (await collect(stream)).map((c) => c.choices[0]?.delta.content ?? '').join('');
    assertNothingLeaked();
    assert.equal(answer, `eco: ${TEXT}`);
  });
});
