// The key controls on the key routes: set on creation, shown in the list, changed and
// cleared by /api/account/keys/update, and every broken value refused with its code.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { onPostgres } from '../../helpers/db.js';
import { Browser, type Harness, harness, signedIn } from './helpers.js';

const dialect = onPostgres ? 'postgres' : 'sqlite';
const CREATE = '/api/account/keys/create';
const UPDATE = '/api/account/keys/update';
const DAY = 86_400_000;

/** A date this many days from the harness clock, as YYYY-MM-DD. */
const dayFrom = (h: Harness, days: number) => new Date(h.clock.t + days * DAY).toISOString().slice(0, 10);

describe(`key controls on the key routes (${dialect})`, () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  async function keyOf(browser: Browser, id: string) {
    const list = await browser.get('/api/account/keys');
    return (list.json.keys as Record<string, unknown>[]).find((k) => k.id === id)!;
  }

  it('sets the controls on creation and lists them; a key without them lists nulls', async () => {
    const { browser } = await signedIn(h);
    const expires = dayFrom(h, 30);
    const res = await browser.post(CREATE, {
      name: 'Com controles',
      organizationId: null,
      budgetUsd: 12.5,
      expiresAt: expires,
      models: ['svc/eco', 'gpt-4o-mini', 'svc/eco'],
      requestsPerMinute: 30,
      tokensPerMinute: 5000,
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const key = await keyOf(browser, (res.json.key as { id: string }).id);
    assert.deepEqual(
      {
        budgetUsd: key.budgetUsd,
        expiresAt: key.expiresAt,
        models: key.models,
        requestsPerMinute: key.requestsPerMinute,
        tokensPerMinute: key.tokensPerMinute,
      },
      {
        budgetUsd: 12.5,
        expiresAt: `${expires}T00:00:00.000Z`,
        models: ['svc/eco', 'gpt-4o-mini'],
        requestsPerMinute: 30,
        tokensPerMinute: 5000,
      },
    );
    // The harness has no counters: what is spent is unknown, not zero.
    assert.equal(key.spentUsd, null);
    const plain = await browser.post(CREATE, { name: 'Sem controles', organizationId: null });
    const bare = await keyOf(browser, (plain.json.key as { id: string }).id);
    assert.deepEqual(
      [bare.budgetUsd, bare.expiresAt, bare.models, bare.requestsPerMinute, bare.tokensPerMinute],
      [null, null, null, null, null],
    );
  });

  it('changes the fields it is given, clears those sent as null, keeps the rest', async () => {
    const { browser } = await signedIn(h);
    const created = await browser.post(CREATE, {
      name: 'Muda',
      organizationId: null,
      budgetUsd: 1,
      models: ['svc/eco'],
      requestsPerMinute: 10,
    });
    const id = (created.json.key as { id: string }).id;
    const res = await browser.post(UPDATE, { id, budgetUsd: 2.25, models: null, tokensPerMinute: 900 });
    assert.equal(res.status, 200, JSON.stringify(res.json));
    const key = res.json.key as Record<string, unknown>;
    assert.deepEqual(
      [key.budgetUsd, key.models, key.requestsPerMinute, key.tokensPerMinute, key.expiresAt],
      [2.25, null, 10, 900, null],
    );
    assert.deepEqual(await keyOf(browser, id), key);
    // An ISO date-time is kept to the second.
    const at = new Date(h.clock.t + 2 * DAY).toISOString();
    const timed = await browser.post(UPDATE, { id, expiresAt: at });
    assert.equal((timed.json.key as { expiresAt: string }).expiresAt, at);
  });

  const BROKEN: [string, Record<string, unknown>][] = [
    ['a budget as text', { budgetUsd: '10' }],
    ['a budget of zero', { budgetUsd: 0 }],
    ['a negative budget', { budgetUsd: -5 }],
    ['an absurd budget', { budgetUsd: 1e12 }],
    ['an expiry that is not a date', { expiresAt: 'amanhã' }],
    ['an expiry as a number', { expiresAt: 1_900_000_000_000 }],
    ['an expiry in the past', { expiresAt: '2020-01-01' }],
    ['models as a string', { models: 'svc/eco' }],
    ['an empty model list', { models: [] }],
    ['a model that is not a string', { models: ['svc/eco', 7] }],
    ['a blank model', { models: [' '] }],
    ['a model with a control character', { models: ['svc/eco\n'] }],
    ['requests per minute not whole', { requestsPerMinute: 1.5 }],
    ['requests per minute of zero', { requestsPerMinute: 0 }],
    ['tokens per minute as text', { tokensPerMinute: '100' }],
  ];

  it('400 invalid_key_controls for every broken control, on creation and on change, naming the field', async () => {
    const { browser } = await signedIn(h);
    const created = await browser.post(CREATE, { name: 'Alvo', organizationId: null });
    const id = (created.json.key as { id: string }).id;
    const before = await keyOf(browser, id);
    for (const [what, fields] of BROKEN) {
      const field = Object.keys(fields)[0]!;
      for (const res of [
        await browser.post(CREATE, { name: 'Quebrada', organizationId: null, ...fields }),
        await browser.post(UPDATE, { id, ...fields }),
      ]) {
        assert.equal(res.status, 400, what);
        assert.equal(res.json.error, 'invalid_key_controls', what);
        assert.match(String(res.json.message), new RegExp(`^${field}:`), what);
      }
    }
    assert.deepEqual(await keyOf(browser, id), before, 'nothing changed');
    const list = await browser.get('/api/account/keys');
    assert.equal((list.json.keys as unknown[]).length, 1, 'no broken key was created');
  });

  it('404 key_not_found for an unknown key or another account’s; 400 invalid_key_id without an id', async () => {
    const owner = await signedIn(h);
    const created = await owner.browser.post(CREATE, { name: 'Alheia', organizationId: null });
    const id = (created.json.key as { id: string }).id;
    const { browser } = await signedIn(h);
    for (const body of [
      { id, budgetUsd: 1000 },
      { id: 'key_desconhecida', budgetUsd: 1 },
    ]) {
      const res = await browser.post(UPDATE, body);
      assert.equal(res.status, 404);
      assert.equal(res.json.error, 'key_not_found');
    }
    assert.equal((await keyOf(owner.browser, id)).budgetUsd, null);
    for (const body of [{}, { id: 7 }, { id: ' ' }, []]) {
      const res = await browser.post(UPDATE, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.json.error, 'invalid_key_id');
    }
  });

  it('401 without a session, 401 reauth_required after five minutes', async () => {
    const anonymous = new Browser(h.app);
    await anonymous.bootstrap();
    const res = await anonymous.post(UPDATE, { id: 'key_x', budgetUsd: 1 });
    assert.equal(res.status, 401);
    assert.equal(res.json.error, 'invalid_session');
    const { browser } = await signedIn(h);
    const created = await browser.post(CREATE, { name: 'Velha', organizationId: null });
    h.clock.t += 6 * 60_000;
    try {
      const late = await browser.post(UPDATE, { id: (created.json.key as { id: string }).id, budgetUsd: 1 });
      assert.equal(late.status, 401);
      assert.equal(late.json.error, 'reauth_required');
    } finally {
      h.clock.t -= 6 * 60_000;
    }
  });
});
