// The key check keeps the key's row for KEY_ROW_MS (gateway/keys/auth.ts): what this
// process changes — through the key routes or any store — applies to its very next request;
// what another process or instance changes applies within KEY_ROW_MS.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../../src/gateway/accounts/store.js';
import { KEY_ROW_MS } from '../../src/gateway/keys/auth.js';
import { updateOrganization } from '../../src/gateway/orgs/store.js';
import { openDb } from '../../src/platform/db/index.js';
import { ORIGIN, Browser } from './accounts/helpers.js';
import { makeKey, testGateway } from '../helpers/gateway.js';
import { waitFor } from '../helpers/wait.js';
import { oneOpenAIModel } from './models/helpers.js';

type Gateway = Awaited<ReturnType<typeof testGateway>>;
const PASSWORD = 'senha-de-teste-bem-longa';

describe('key rows kept by the key check', () => {
  let gw: Gateway;
  before(async () => {
    // One model in the catalogue (never called: the model list is enough here).
    gw = await testGateway({ PUBLIC_ORIGIN: ORIGIN, SVC_CONFIG: oneOpenAIModel('http://127.0.0.1:9', 8192) });
  });
  after(() => gw.dispose());

  const clean = (secret: string, remoteAddress?: string) =>
    gw.app
      .inject({
        method: 'POST',
        url: '/v1/privacy/clean',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        payload: { text: 'olá' },
        remoteAddress,
      })
      .then((r) => r.statusCode);

  /** A signed-in person with an account key made through the key route. */
  async function personWithKey(email: string) {
    await createAccount(gw.ctx.db.kysely, { email, password: PASSWORD, released: true, trialEndsAt: null });
    const browser = new Browser(gw.app);
    assert.equal((await browser.login(email, PASSWORD)).status, 200);
    const created = await browser.post('/api/account/keys/create', { name: 'kept', organizationId: null });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const { secret, key } = created.json as { secret: string; key: { id: string } };
    return { browser, secret, keyId: key.id };
  }

  it('refuses a key revoked through the key route on the next request', async () => {
    const { browser, secret, keyId } = await personWithKey('revoga@example.com');
    assert.equal(await clean(secret), 200);
    assert.equal(await clean(secret), 200, 'served from the kept row');
    const revoked = await browser.post('/api/account/keys/revoke', { id: keyId });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.json));
    assert.equal(await clean(secret), 401);
  });

  it('applies controls changed through the key route on the next request', async () => {
    const { browser, secret, keyId } = await personWithKey('controles@example.com');
    const listed = async () => {
      const res = await gw.app.inject({
        method: 'GET',
        url: '/v1/models',
        headers: { authorization: `Bearer ${secret}` },
      });
      assert.equal(res.statusCode, 200);
      return (res.json().data as { id: string }[]).map((m) => m.id).filter((id) => id === 'svc/gpt');
    };
    assert.deepEqual(await listed(), ['svc/gpt']);
    const updated = await browser.post('/api/account/keys/update', { id: keyId, models: ['svc/outro'] });
    assert.equal(updated.status, 200, JSON.stringify(updated.json));
    assert.deepEqual(await listed(), [], 'the key may no longer call svc/gpt');
  });

  it("applies an organisation's change written by this process on the next request", async () => {
    const k = await makeKey(gw.ctx);
    assert.equal(await clean(k.secret, '198.51.100.1'), 200);
    await updateOrganization(gw.ctx.db.kysely, k.organizationId!, {
      allowed_cidrs: JSON.stringify(['203.0.113.0/24']),
    });
    assert.equal(await clean(k.secret, '198.51.100.1'), 403);
  });

  it('refuses a key revoked by another process within KEY_ROW_MS', async () => {
    const k = await makeKey(gw.ctx);
    assert.equal(await clean(k.secret), 200);
    // Another process: its own connection to the same storage, whose writes this one does not see.
    const other = openDb(gw.ctx.config);
    try {
      await other.kysely
        .updateTable('api_keys')
        .set({ revoked_at: Date.now() })
        .where('id', '=', k.keyId)
        .execute();
    } finally {
      await other.close();
    }
    // The bound, with room for a loaded machine: the copy is never read past KEY_ROW_MS.
    await waitFor('the revoke to apply here', async () => (await clean(k.secret)) === 401, {
      timeoutMs: KEY_ROW_MS + 5_000,
    });
  });
});
