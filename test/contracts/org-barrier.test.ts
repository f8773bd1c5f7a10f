// Which organisation's barrier settings apply to the contracts service's model calls. It
// calls the gateway over HTTP with GATEWAY_API_KEY when the operator sets one (an
// organisation's key: that organisation's policy, name sensitivity and categories apply),
// else with the internal service key, which belongs to no organisation and gets the
// defaults (placeholder, balanced, every category). svc/eco answers with what the model saw.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { onPostgres } from '../helpers/db.js';
import { makeKey } from '../helpers/gateway.js';
import { sensitivityExample } from '../helpers/sensitivity.js';
import { type Harness, harness, SAMPLE_CONTRACT, type TestUser } from './helpers.js';

// A surname alone that `balanced` leaves and `strict` masks where the contracts service
// sends the question: after "Pergunta: ".
const { surname, text: QUESTION } = sensitivityExample(
  (w) => `O ${w} passou aqui com o CPF 529.982.247-25?`,
  'Pergunta: ',
);

describe(`contracts: the barrier settings of the gateway key (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let h: Harness;
  let user: TestUser;
  let contractId: string;

  before(async () => {
    h = await harness();
    user = await h.user({ plan: 'profissional' });
    const created = await h.app.inject({
      method: 'POST',
      url: '/contracts',
      headers: user.auth,
      payload: { title: 'Contrato', text: SAMPLE_CONTRACT },
    });
    contractId = created.json().id;
  });
  after(() => h.dispose());

  const ask = async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/chat',
      headers: user.auth,
      payload: { contract_id: contractId, question: QUESTION },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().model, 'svc/eco');
    return res.json().answer as string;
  };

  it('the internal service key gets the defaults', async () => {
    const seen = await ask();
    assert.ok(seen.includes(`Pergunta: O ${surname} passou aqui com o CPF [CPF_1]?`), seen);
  });

  it('an organisation key in GATEWAY_API_KEY brings its organisation’s settings', async () => {
    const key = await makeKey(h.ctx, {
      org: { privacy_policy: 'redact', name_sensitivity: 'strict', unmasked_categories: '["cpf"]' },
    });
    // As an operator sets GATEWAY_API_KEY to a key made beforehand; read on every call.
    h.ctx.config.gatewayApiKey = key.secret;
    const seen = await ask();
    assert.ok(seen.includes('Pergunta: O [NOME removido] passou aqui com o CPF 529.982.247-25?'), seen);
    assert.ok(!seen.includes(surname));
  });
});
