// The console's playground on the session: the barrier and svc/eco in the chosen
// organisation's settings (policy, restoration), refused like a key of that organisation
// would be, and no API key created.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../../../src/gateway/accounts/store.js';
import { createOrganization, setMember, updateOrganization } from '../../../src/gateway/orgs/store.js';
import { testGateway } from '../../helpers/gateway.js';
import { Browser, ORIGIN, PASSWORD } from '../accounts/helpers.js';

const TEXT = 'Sou Maria Souza, CPF 529.982.247-25.';

describe('playground on the session', () => {
  let gw: Awaited<ReturnType<typeof testGateway>>;
  let browser: Browser;
  let restoring: string;
  let redacting: string;
  let foreign: string;

  before(async () => {
    gw = await testGateway({ PUBLIC_ORIGIN: ORIGIN });
    const db = gw.ctx.db.kysely;
    const account = await createAccount(db, { email: 'playground@example.com', password: PASSWORD });
    restoring = (await createOrganization(db, 'Restaura')).id;
    await updateOrganization(db, restoring, { restore_placeholders: 1 });
    redacting = (await createOrganization(db, 'Remove')).id;
    await updateOrganization(db, redacting, { privacy_policy: 'redact' });
    foreign = (await createOrganization(db, 'Alheia')).id;
    await setMember(db, restoring, account.id, 'member');
    await setMember(db, redacting, account.id, 'member');
    browser = new Browser(gw.app);
    assert.equal((await browser.login(account.email)).status, 200);
  });
  after(() => gw?.dispose());

  const keyCount = async () =>
    Number(
      (
        await gw.ctx.db.kysely
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("cleans in the chosen organisation's policy", async () => {
    const personal = await browser.post('/api/account/playground/clean', {
      organizationId: null,
      text: TEXT,
    });
    assert.equal(personal.status, 200, JSON.stringify(personal.json));
    assert.equal(personal.json.clean_text, 'Sou [NOME_1], CPF [CPF_1].');
    const redacted = await browser.post('/api/account/playground/clean', {
      organizationId: redacting,
      text: TEXT,
    });
    assert.equal(redacted.status, 200);
    assert.ok(!String(redacted.json.clean_text).includes('529.982.247-25'));
    assert.ok(!String(redacted.json.clean_text).includes('[CPF_1]'), 'redact, the organisation’s policy');
    const blocked = await browser.post('/api/account/playground/clean', {
      organizationId: restoring,
      text: TEXT,
      policy: 'block',
    });
    assert.equal(blocked.status, 422);
    assert.equal(await keyCount(), 0, 'no API key was created');
  });

  it("answers with the organisation's restoration: on puts the values back, off keeps placeholders", async () => {
    const models = await browser.get(`/api/account/playground/models?organizationId=${restoring}`);
    assert.deepEqual(
      (models.json.data as { id: string }[]).map((m) => m.id),
      ['svc/eco'],
    );
    const restored = await browser.post('/api/account/playground/chat', {
      organizationId: restoring,
      model: 'svc/eco',
      text: TEXT,
    });
    assert.equal(restored.status, 200, JSON.stringify(restored.json));
    assert.match(String(restored.json.content), /529\.982\.247-25/);
    const kept = await browser.post('/api/account/playground/chat', {
      organizationId: null,
      model: 'svc/eco',
      text: TEXT,
    });
    assert.match(String(kept.json.content), /\[CPF_1\]/);
    assert.equal(await keyCount(), 0);
  });

  it('refuses an organisation the account is not in, and a caller without a session', async () => {
    const res = await browser.post('/api/account/playground/clean', { organizationId: foreign, text: TEXT });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'organization_forbidden');
    const anonymous = new Browser(gw.app);
    await anonymous.bootstrap();
    const refused = await anonymous.post('/api/account/playground/clean', {
      organizationId: null,
      text: TEXT,
    });
    assert.equal(refused.status, 401);
  });
});
