// The internal service key and the gateway client the contracts and insights services use.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isWellFormed } from '../../src/platform/identity/api-key-secrets.js';
import {
  defaultGatewayTarget,
  ensureInternalKey,
  INTERNAL_EMAIL,
  internalKeySecret,
} from '../../src/platform/identity/internal-key.js';
import { createGatewayClient, GatewayError } from '../../src/platform/gateway-client.js';
import { testGateway } from '../helpers/gateway.js';
import { Browser, ORIGIN } from './accounts/helpers.js';

type Gateway = Awaited<ReturnType<typeof testGateway>>;

describe('internal service key and gateway client', () => {
  let gw: Gateway;
  let url: string;
  before(async () => {
    gw = await testGateway({ PUBLIC_ORIGIN: ORIGIN });
    url = await gw.app.listen({ host: '127.0.0.1', port: 0 });
    gw.ctx.runtime.gatewayUrl = url;
  });
  after(() => gw.dispose());

  it('derives one well-formed key per secret, idempotently stored', async () => {
    const a = internalKeySecret('secret-a-secret-a-secret-a-secret-a-00');
    assert.ok(isWellFormed(a));
    assert.equal(a, internalKeySecret('secret-a-secret-a-secret-a-secret-a-00'));
    assert.notEqual(a, internalKeySecret('secret-b-secret-b-secret-b-secret-b-00'));
    const [k1, k2] = await Promise.all([ensureInternalKey(gw.ctx), ensureInternalKey(gw.ctx)]);
    assert.equal(k1, k2);
    const keys = await gw.ctx.db.kysely
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .select('api_keys.id')
      .where('accounts.email', '=', INTERNAL_EMAIL)
      .execute();
    assert.equal(keys.length, 1);
  });

  it('reaches the running gateway with the internal key; its calls cross the barrier', async () => {
    const client = createGatewayClient(defaultGatewayTarget(gw.ctx));
    const cleaned = await client.clean('CPF 529.982.247-25');
    assert.equal(cleaned.clean_text, 'CPF [CPF_1]');
    assert.ok((await client.models()).length > 0);
  });

  it('the internal account cannot sign in', async () => {
    await ensureInternalKey(gw.ctx);
    const browser = new Browser(gw.app);
    assert.equal((await browser.get('/api/auth/bootstrap')).status, 200);
    for (const password of ['!', '', 'qualquer-senha-longa']) {
      const login = await browser.post('/api/auth/login', { email: INTERNAL_EMAIL, password });
      assert.equal(login.status, 401, password);
      assert.equal(login.json.error, 'invalid_credentials');
    }
  });

  it('reports gateway refusals as status and code only', async () => {
    const client = createGatewayClient({ url: () => url, apiKey: async () => 'svck_' + 'A'.repeat(38) });
    await assert.rejects(
      client.clean('x'),
      (err: unknown) => err instanceof GatewayError && err.status === 401 && err.code === 'invalid_api_key',
    );
  });
});
