// GET/PUT /api/account/organizations/:id/privacy: members read the barrier settings; owners
// and administrators in a session with its second factor change them; everything else gets
// its documented refusal, and a refusal changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createOrganization,
  findOrganization,
  type Role,
  setMember,
} from '../../../src/gateway/orgs/store.js';
import { barrierOf } from '../../../src/gateway/orgs/cleaning-choice.js';
import { CATEGORIES, LABEL } from '../../../src/privacy/index.js';
import { onPostgres } from '../../helpers/db.js';
import { type Harness, harness, signedIn } from './helpers.js';

const url = (id: string) => `/api/account/organizations/${id}/privacy`;
const CHANGE = { policy: 'redact', nameSensitivity: 'strict', maskedCategories: ['cpf', 'cnpj', 'email'] };

describe(`organisation barrier settings in the session API (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let h: Harness;
  let orgId: string;

  before(async () => {
    h = await harness();
    orgId = (await createOrganization(h.ctx.db.kysely, 'Acme')).id;
  });
  after(() => h.dispose());

  const member = async (role: Role, totp: boolean) => {
    const s = await signedIn(h, { totp });
    await setMember(h.ctx.db.kysely, orgId, s.account.id, role);
    return s.browser;
  };
  const stored = async () => barrierOf(await findOrganization(h.ctx.db.kysely, orgId));

  it('a member reads the defaults: every category masked, not editable', async () => {
    const browser = await member('member', false);
    const res = await browser.get(url(orgId));
    assert.equal(res.status, 200, res.body);
    assert.deepEqual(res.json, {
      organization: { id: orgId, name: 'Acme' },
      role: 'member',
      editable: false,
      policy: 'placeholder',
      nameSensitivity: 'balanced',
      categories: CATEGORIES.map((category) => ({ category, label: LABEL[category], masked: true })),
      images: 'refuse',
      requestLogDays: 30,
    });
  });

  it('an owner with a second factor changes them; the answer and the store agree', async () => {
    const browser = await member('owner', true);
    const res = await browser.send('PUT', url(orgId), { body: CHANGE });
    assert.equal(res.status, 200, res.body);
    assert.equal(res.json.policy, 'redact');
    assert.equal(res.json.nameSensitivity, 'strict');
    const masked = (res.json.categories as { category: string; masked: boolean }[])
      .filter((c) => c.masked)
      .map((c) => c.category);
    assert.deepEqual(masked.sort(), ['cnpj', 'cpf', 'email']);
    assert.deepEqual(await stored(), {
      policy: 'redact',
      nameSensitivity: 'strict',
      categories: CATEGORIES.filter((c) => CHANGE.maskedCategories.includes(c)),
      images: 'refuse',
    });
    assert.match(h.ctx.logs.text, /organisation barrier settings changed/);
  });

  it('images: redact when asked; a body without the field leaves it as it is', async () => {
    const browser = await member('owner', true);
    const on = await browser.send('PUT', url(orgId), { body: { ...CHANGE, images: 'redact' } });
    assert.equal(on.status, 200, on.body);
    assert.equal(on.json.images, 'redact');
    assert.equal((await browser.send('PUT', url(orgId), { body: CHANGE })).json.images, 'redact');
    assert.equal((await stored()).images, 'redact');
    const bad = await browser.send('PUT', url(orgId), { body: { ...CHANGE, images: 'sometimes' } });
    assert.equal(bad.status, 400);
    const off = await browser.send('PUT', url(orgId), { body: { ...CHANGE, images: 'refuse' } });
    assert.equal(off.json.images, 'refuse');
  });

  it('refusals change nothing: member 403, no second factor 403, outsider 404, bad bodies 400', async () => {
    const before = await stored();
    const back = { policy: 'placeholder', nameSensitivity: 'balanced', maskedCategories: [...CATEGORIES] };

    const plain = await member('member', true);
    const asMember = await plain.send('PUT', url(orgId), { body: back });
    assert.equal(asMember.status, 403);
    assert.equal(asMember.json.error, 'organization_forbidden');

    const admin = await member('admin', false);
    const noMfa = await admin.send('PUT', url(orgId), { body: back });
    assert.equal(noMfa.status, 403);
    assert.equal(noMfa.json.error, 'organization_mfa_required');

    const outsider = (await signedIn(h, { totp: true })).browser;
    for (const id of [orgId, 'org_desconhecida', 'Acme']) {
      assert.equal((await outsider.get(url(id))).json.error, 'organization_not_found', id);
      const put = await outsider.send('PUT', url(id), { body: back });
      assert.equal(put.status, 404, id);
      assert.equal(put.json.error, 'organization_not_found');
    }

    const owner = await member('owner', true);
    const bad: [string, unknown][] = [
      ['unknown category', { ...back, maskedCategories: ['cpf', 'rg-inexistente'] }],
      ['repeated category', { ...back, maskedCategories: ['cpf', 'cpf'] }],
      ['loose policy', { ...back, policy: 'nenhuma' }],
      ['missing field', { policy: 'redact', nameSensitivity: 'strict' }],
      ['extra field', { ...back, restore: true }],
      ['not a list', { ...back, maskedCategories: 'cpf' }],
      ['wrong type', { ...back, nameSensitivity: 1 }],
    ];
    for (const [label, body] of bad) {
      const res = await owner.send('PUT', url(orgId), { body });
      assert.equal(res.status, 400, label);
      assert.equal(res.json.error, 'invalid_request', label);
    }
    const noCsrf = await owner.send('PUT', url(orgId), { body: back, noCsrf: true });
    assert.equal(noCsrf.status, 403);
    assert.deepEqual(await stored(), before);
  });

  it('an empty list masks nothing; masking everything again stores the default', async () => {
    const owner = await member('admin', true);
    const none = await owner.send('PUT', url(orgId), { body: { ...CHANGE, maskedCategories: [] } });
    assert.equal(none.status, 200, none.body);
    assert.deepEqual((await stored()).categories, []);
    const all = await owner.send('PUT', url(orgId), {
      body: { ...CHANGE, maskedCategories: [...CATEGORIES] },
    });
    assert.equal(all.status, 200);
    assert.equal((await findOrganization(h.ctx.db.kysely, orgId))!.unmasked_categories, null);
  });
});
