// POST /api/pagamento/aberto: the three header rules, 202 counted or 204 ignored, always
// no-store, and nothing started: no row but the day's counter.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BROWSER_UA, type Gateways, gateways, type Instance, ORIGIN } from './helpers.js';

const GOOD = { origin: ORIGIN, 'sec-fetch-site': 'same-origin', 'x-svc-payment-view': '1' };

describe('POST /api/pagamento/aberto', () => {
  let gw: Gateways;
  let g: Instance;
  const open = (headers: Record<string, string>, body?: string) =>
    fetch(`${g.url}/api/pagamento/aberto`, {
      method: 'POST',
      headers: { 'user-agent': BROWSER_UA, ...headers },
      body,
    });
  const counted = async () => {
    const row = await g.ctx.db.kysely
      .selectFrom('telemetry_daily')
      .select('count')
      .where('name', '=', 'pagamento_aberto')
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  };
  before(async () => {
    gw = await gateways(1);
    g = gw.list[0]!;
  });
  after(async () => gw.dispose());

  it('202 with no body when the three headers are right, counted once per call', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await open(GOOD);
      assert.equal(res.status, 202);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(await res.text(), '');
    }
    assert.equal(await counted(), 3);
  });

  it('204 and not counted when any header rule fails', async () => {
    const before = await counted();
    const { origin: _o, ...noOrigin } = GOOD;
    const { 'sec-fetch-site': _s, ...noSite } = GOOD;
    const { 'x-svc-payment-view': _v, ...noView } = GOOD;
    for (const headers of [
      noOrigin,
      noSite,
      noView,
      { ...GOOD, origin: 'https://evil.example' },
      { ...GOOD, origin: `${ORIGIN}/` },
      { ...GOOD, 'sec-fetch-site': 'cross-site' },
      { ...GOOD, 'sec-fetch-site': 'same-site' },
      { ...GOOD, 'x-svc-payment-view': '2' },
    ]) {
      const res = await open(headers);
      assert.equal(res.status, 204, JSON.stringify(headers));
      assert.equal(res.headers.get('cache-control'), 'no-store');
    }
    assert.equal(await counted(), before);
  });

  it('a body changes nothing and grants nothing (no cookie, no token)', async () => {
    const res = await open({ ...GOOD, 'content-type': 'application/json' }, '{"usd": 25, "pago": true}');
    assert.equal(res.status, 202);
    assert.equal(res.headers.get('set-cookie'), null);
    const bad = await open({ ...GOOD, 'content-type': 'application/json' }, '{not json');
    assert.equal(bad.status, 202);
    const huge = await open({ ...GOOD, 'content-type': 'text/plain' }, 'x'.repeat(200_000));
    assert.equal(huge.status, 204);
    const get = await fetch(`${g.url}/api/pagamento/aberto`);
    assert.equal(get.status, 405);
  });
});
