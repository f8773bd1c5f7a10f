// Personal data in a contract never reaches the model: a real provider (a fake
// OpenAI-compatible vendor on loopback) behind the gateway, and everything it received is
// searched for the seeded CPF, name, e-mail and phone. The logs are searched too.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fakeOpenAI } from '../fakes/openai.js';
import type { FakeUpstream } from '../fakes/upstream.js';
import { onPostgres } from '../helpers/db.js';
import { CPF, EMAIL, NAME, PHONE, SEEDED, writeConfig } from '../gateway/models/helpers.js';
import { type Harness, harness, SAMPLE_CONTRACT, type TestUser } from './helpers.js';

const CONTRACT = `${SAMPLE_CONTRACT}

CONTRATANTE: ${NAME}, brasileira, inscrita no CPF sob o nº ${CPF}, e-mail ${EMAIL}, telefone ${PHONE}.
Assinado eletronicamente por ${NAME}.`;

describe(`contracts: personal data never reaches the model (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let upstream: FakeUpstream;
  let h: Harness;
  let user: TestUser;

  before(async () => {
    upstream = await fakeOpenAI();
    const config = writeConfig({
      providers: { oa: { type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-upstream' } },
      models: [
        {
          id: 'svc/gpt',
          provider: 'oa',
          upstream_model: 'gpt-x',
          display_name: 'GPT',
          context_window: 128000,
          description: 'g',
        },
      ],
    });
    h = await harness({ SVC_CONFIG: config });
    user = await h.user({ plan: 'profissional' });
  });
  after(async () => {
    await h.dispose();
    upstream.server.close();
  });

  it('analysis summary and chat go through the barrier; the vendor sees placeholders only', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/contracts',
      headers: user.auth,
      payload: { title: 'Contrato com dados pessoais', text: CONTRACT },
    });
    assert.equal(created.statusCode, 201);
    const id = created.json().id;

    const analysis = await h.app.inject({
      method: 'POST',
      url: '/risk-analysis',
      headers: user.auth,
      payload: { contract_id: id },
    });
    assert.equal(analysis.statusCode, 201);
    const summary = analysis.json().summary;
    assert.ok(summary, 'a real model is configured: the analysis has a model summary');
    assert.notEqual(summary.model, 'svc/eco');
    assert.match(summary.text, /^eco: /);

    const chat = await h.app.inject({
      method: 'POST',
      url: '/chat',
      headers: user.auth,
      payload: { contract_id: id, question: `O CPF ${CPF} aparece no contrato?` },
    });
    assert.equal(chat.statusCode, 200, chat.body);
    assert.notEqual(chat.json().model, 'svc/eco');

    const sent = upstream.received.filter((r) => r.path.includes('/chat/completions'));
    assert.ok(sent.length >= 2, 'the vendor was called for the summary and the chat');
    const everything = upstream.received
      .map((r) => `${r.path}\n${JSON.stringify(r.headers)}\n${r.raw}`)
      .join('\n');
    for (const value of SEEDED) assert.ok(!everything.includes(value), `the vendor received a seeded value`);
    // The contract did reach the model, cleaned: its clauses are there, with placeholders.
    assert.match(everything, /multa de 30%/);
    assert.match(everything, /\[CPF_1\]/);
    assert.match(everything, /\[EMAIL_1\]/);

    const logs = h.ctx.logs.text;
    for (const value of [...SEEDED, user.email])
      assert.ok(!logs.includes(value), 'the logs hold personal data');
    assert.ok(!logs.includes('multa de 30%'), 'the logs hold contract text');
  });

  it('a company named after people keeps its name; the person who signs for it does not', async () => {
    const text = `${SAMPLE_CONTRACT}

CONTRATADA: Zanini Renk Equipamentos Industriais Ltda., CNPJ 11.222.333/0001-81, representada por ${NAME}.
Cláusula 9ª. A Zanini Renk entregará os redutores em até 60 (sessenta) dias.
Assinado eletronicamente por ${NAME}.`;
    const created = await h.app.inject({
      method: 'POST',
      url: '/contracts',
      headers: user.auth,
      payload: { title: 'Contrato com a Zanini Renk', text },
    });
    assert.equal(created.statusCode, 201);
    upstream.received.length = 0;
    const analysis = await h.app.inject({
      method: 'POST',
      url: '/risk-analysis',
      headers: user.auth,
      payload: { contract_id: created.json().id },
    });
    assert.equal(analysis.statusCode, 201);
    const everything = upstream.received.map((r) => r.raw).join('\n');
    assert.ok(everything.length > 0, 'the vendor was called');
    assert.ok(!everything.includes(NAME), 'the vendor received the name of the person who signs');
    // The clause still says who delivers: the company's short name is not a person.
    assert.match(everything, /A Zanini Renk entregará os redutores/);
  });
});
