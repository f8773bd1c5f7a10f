// POST /api/account/organizations: a signed-in, released account founds an organisation and
// becomes its owner; every refusal has its documented code and creates nothing; names are
// unique, an account owns at most five, and the log holds ids, never the name.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../../../src/gateway/accounts/store.js';
import { MAX_OWNED_ORGANIZATIONS } from '../../../src/gateway/orgs/founding.js';
import { createOrganization, getRole, setMember } from '../../../src/gateway/orgs/store.js';
import { onPostgres } from '../../helpers/db.js';
import { Browser, type Harness, harness, signedIn } from './helpers.js';

const URL_ = '/api/account/organizations';

describe(`founding an organisation from a session (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  const countOrganizations = async () =>
    Number(
      (
        await h.ctx.db.kysely
          .selectFrom('organizations')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('the founder becomes owner; the list, the store and the barrier agree', async () => {
    const { account, browser } = await signedIn(h);
    const res = await browser.post(URL_, { name: '  Maria Souza   Consultoria ' });
    assert.equal(res.status, 200, res.body);
    const org = res.json.organization as Record<string, unknown>;
    assert.match(String(org.id), /^org_/);
    assert.deepEqual(
      { ...org, id: 'x' },
      { id: 'x', name: 'Maria Souza Consultoria', role: 'owner', mfaRequired: false, productEnabled: true },
    );
    assert.equal(await getRole(h.ctx.db.kysely, String(org.id), account.id), 'owner');
    const list = await browser.get(URL_);
    assert.deepEqual(list.json.organizations, [org]);
    const barrier = await browser.get(`${URL_}/${org.id}/privacy`);
    assert.equal(barrier.status, 200, barrier.body);
    assert.equal(barrier.json.role, 'owner');
    assert.equal(barrier.json.policy, 'placeholder');
    // The log names the organisation by id: its name may be a person's.
    const line = h.ctx.logs.text.split('\n').find((l) => l.includes('organisation founded'));
    assert.ok(line?.includes(String(org.id)), 'the founding is logged with the id');
    assert.doesNotMatch(h.ctx.logs.text, /Maria Souza/);
  });

  it('bad names and bodies: 400 with their code, nothing created', async () => {
    const { browser } = await signedIn(h);
    const before = await countOrganizations();
    const cases: [string, unknown, string][] = [
      ['no name', {}, 'invalid_organization_name'],
      ['a number', { name: 42 }, 'invalid_organization_name'],
      ['null', { name: null }, 'invalid_organization_name'],
      ['blank', { name: '   ' }, 'invalid_organization_name'],
      ['one letter', { name: ' a ' }, 'invalid_organization_name'],
      ['too long', { name: 'x'.repeat(81) }, 'invalid_organization_name'],
      ['control character', { name: 'Acme\u0007 Ltda' }, 'invalid_organization_name'],
      ['an id', { name: 'org_0123456789' }, 'invalid_organization_name'],
      ['an array body', ['Acme'], 'invalid_organization_name'],
      ['an unknown field', { name: 'Campo Extra Ltda', slug: 'campo' }, 'invalid_request'],
    ];
    for (const [what, body, code] of cases) {
      const res = await browser.post(URL_, body);
      assert.equal(res.status, 400, what);
      assert.equal(res.json.error, code, what);
      assert.equal(typeof res.json.message, 'string', what);
      assert.doesNotMatch(res.body, /at \w+ \(|stack/i, what);
    }
    const text = await browser.send('POST', URL_, {
      payload: 'name=Acme',
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(text.status, 415, text.body);
    assert.equal(text.json.error, 'unsupported_media_type');
    const eighty = await browser.post(URL_, { name: 'é'.repeat(80) });
    assert.equal(eighty.status, 200, 'eighty characters are allowed');
    assert.equal(await countOrganizations(), before + 1);
  });

  it('a name is taken once: the same name, another case, an existing organisation', async () => {
    await createOrganization(h.ctx.db.kysely, 'Acme');
    const first = (await signedIn(h)).browser;
    const second = (await signedIn(h)).browser;
    assert.equal((await first.post(URL_, { name: 'Ação Social' })).status, 200);
    const before = await countOrganizations();
    for (const [browser, name] of [
      [second, 'Ação Social'],
      [second, ' Ação   Social '],
      [first, 'Ação Social'],
      [second, 'ACME'],
      [second, 'acme'],
    ] as const) {
      const res = await browser.post(URL_, { name });
      assert.equal(res.status, 409, name);
      assert.equal(res.json.error, 'organization_name_taken', name);
    }
    assert.equal(await countOrganizations(), before);
  });

  it(`at most ${MAX_OWNED_ORGANIZATIONS} owned; membership elsewhere does not count`, async () => {
    const { account, browser } = await signedIn(h);
    const elsewhere = await createOrganization(h.ctx.db.kysely, 'Outra Casa');
    await setMember(h.ctx.db.kysely, elsewhere.id, account.id, 'member');
    for (let i = 1; i <= MAX_OWNED_ORGANIZATIONS; i++) {
      const res = await browser.post(URL_, { name: `Filial ${account.id} ${i}` });
      assert.equal(res.status, 200, res.body);
    }
    const over = await browser.post(URL_, { name: `Filial ${account.id} extra` });
    assert.equal(over.status, 409);
    assert.equal(over.json.error, 'organization_limit_reached');
    const list = (await browser.get(URL_)).json.organizations as unknown[];
    assert.equal(list.length, MAX_OWNED_ORGANIZATIONS + 1);
  });

  it('simultaneous requests: one name, one organisation; the limit holds', async () => {
    const browsers = await Promise.all([1, 2, 3, 4].map(() => signedIn(h).then((s) => s.browser)));
    const same = await Promise.all(browsers.map((b) => b.post(URL_, { name: 'Corrida Ltda' })));
    assert.deepEqual(same.map((r) => r.status).sort(), [200, 409, 409, 409]);

    const { browser } = await signedIn(h);
    for (let i = 1; i < MAX_OWNED_ORGANIZATIONS; i++) {
      assert.equal(
        (await browser.post(URL_, { name: `Quase ${i} ${browser.csrf.slice(0, 8)}` })).status,
        200,
      );
    }
    const racing = await Promise.all(
      [1, 2, 3].map((i) => browser.post(URL_, { name: `Ultima ${i} ${browser.csrf.slice(0, 8)}` })),
    );
    assert.deepEqual(racing.map((r) => r.status).sort(), [200, 409, 409]);
  });

  it('an account awaiting release: 403 account_not_released', async () => {
    const pending = await createAccount(h.ctx.db.kysely, {
      email: 'aguarda@example.com',
      password: 'correct horse battery staple',
      released: false,
    });
    const browser = new Browser(h.app);
    assert.equal((await browser.login(pending.email)).status, 200);
    const res = await browser.post(URL_, { name: 'Aguardando Ltda' });
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'account_not_released');
  });

  it('no session 401; a foreign Origin or no CSRF value 403; nothing created', async () => {
    const before = await countOrganizations();
    const anonymous = new Browser(h.app);
    await anonymous.bootstrap();
    const none = await anonymous.post(URL_, { name: 'Sem Sessao' });
    assert.equal(none.status, 401);
    assert.equal(none.json.error, 'invalid_session');
    const { browser } = await signedIn(h);
    const noCsrf = await browser.post(URL_, { name: 'Sem Csrf' }, { noCsrf: true });
    assert.equal(noCsrf.status, 403);
    assert.equal(noCsrf.json.error, 'invalid_csrf');
    const foreign = await browser.post(
      URL_,
      { name: 'Outra Origem' },
      { headers: { origin: 'https://evil.example' } },
    );
    assert.equal(foreign.status, 403);
    assert.equal(foreign.json.error, 'invalid_origin');
    assert.equal(await countOrganizations(), before);
  });
});
