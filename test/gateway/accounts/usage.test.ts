// The console's two read routes: the account's organisations and its usage report.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createOrganization, setMember } from '../../../src/gateway/orgs/store.js';
import { Browser, type Harness, harness, signedIn } from './helpers.js';

describe('GET /api/account/organizations and /api/account/usage', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('refuse an anonymous browser with 401 invalid_session', async () => {
    const browser = new Browser(h.app);
    await browser.bootstrap();
    for (const url of ['/api/account/organizations', '/api/account/usage']) {
      const res = await browser.get(url);
      assert.equal(res.status, 401, url);
      assert.equal(res.json.error, 'invalid_session');
    }
  });

  it("list the account's organisations with its role, and report usage per day and model", async () => {
    const { account, browser } = await signedIn(h);
    const org = await createOrganization(h.ctx.db.kysely, 'Padaria Exemplo');
    await setMember(h.ctx.db.kysely, org.id, account.id, 'admin');
    await createOrganization(h.ctx.db.kysely, 'Outra');
    const orgs = await browser.get('/api/account/organizations');
    assert.equal(orgs.status, 200);
    assert.deepEqual(orgs.json.organizations, [
      { id: org.id, name: 'Padaria Exemplo', role: 'admin', mfaRequired: false, productEnabled: true },
    ]);

    const today = new Date(h.clock.t).toISOString().slice(0, 10);
    const rows = [
      { organization_id: org.id, model: 'svc/eco', requests: 3, input_tokens: 30, output_tokens: 12 },
      { organization_id: org.id, model: 'svc/gpt', requests: 1, input_tokens: 100, output_tokens: 50 },
      { organization_id: null, model: 'svc/eco', requests: 2, input_tokens: 5, output_tokens: 5 },
      {
        organization_id: 'org_of_someone_else',
        model: 'svc/eco',
        requests: 9,
        input_tokens: 9,
        output_tokens: 9,
      },
    ];
    let n = 0;
    for (const r of rows) {
      await h.ctx.db.kysely
        .insertInto('usage_daily')
        .values({ day: today, key_id: `key_${++n}`, account_id: account.id, ...r })
        .execute();
    }
    const mine = await browser.get('/api/account/usage?days=7');
    assert.equal(mine.status, 200);
    const days = mine.json.days as { day: string; requests: number }[];
    assert.equal(days.length, 7);
    assert.equal(days.at(-1)?.day, today);
    assert.equal(days.at(-1)?.requests, 2);
    assert.equal(
      days.slice(0, 6).reduce((s, d) => s + d.requests, 0),
      0,
    );

    const theirs = await browser.get(`/api/account/usage?organizationId=${org.id}`);
    assert.equal(theirs.status, 200);
    assert.equal((theirs.json.days as unknown[]).length, 30);
    assert.deepEqual(theirs.json.models, [
      { model: 'svc/gpt', requests: 1, input_tokens: 100, output_tokens: 50 },
      { model: 'svc/eco', requests: 3, input_tokens: 30, output_tokens: 12 },
    ]);
  });

  it("refuse another organisation's usage (403) and bad parameters (400)", async () => {
    const { browser } = await signedIn(h);
    const org = await createOrganization(h.ctx.db.kysely, 'Alheia');
    const res = await browser.get(`/api/account/usage?organizationId=${org.id}`);
    assert.equal(res.status, 403);
    assert.equal(res.json.error, 'organization_forbidden');
    for (const q of ['days=0', 'days=91', 'days=abc', 'outro=1']) {
      const bad = await browser.get(`/api/account/usage?${q}`);
      assert.equal(bad.status, 400, q);
    }
  });
});
