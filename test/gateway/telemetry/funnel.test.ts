// POST /api/funil and the archive: what is stored and what never is, robots and smoke tests
// ignored, every rule of the batch checked, the daily ceilings and old days purged, and the
// archive read by following X-SVC-Funil-Proximo returning each batch exactly once while two
// instances write.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { FunnelStore } from '../../../src/gateway/telemetry/funnel-store.js';
import {
  BROWSER_UA,
  type Gateways,
  gateways,
  type Instance,
  OPERATOR_TOKEN,
  ORIGIN,
  WORKER_TOKEN,
} from './helpers.js';

const DAY_MS = 86_400_000;

function batch(overrides: Record<string, unknown> = {}) {
  return {
    v: 1,
    vid: randomUUID(),
    sid: 's1',
    sn: 1,
    pv: randomUUID().slice(0, 8),
    e: [{ t: 'view', n: 'pagina' }],
    ...overrides,
  };
}

async function send(g: Instance, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${g.url}/api/funil`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, origin: ORIGIN, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

async function storedLines(g: Instance): Promise<string[]> {
  const rows = await g.ctx.db.kysely
    .selectFrom('funnel_batches')
    .select('line')
    .orderBy('day')
    .orderBy('start_byte')
    .execute();
  return rows.map((r) => r.line);
}

/** Follows X-SVC-Funil-Proximo from 0 to the end of the day. */
async function readDay(g: Instance, dia: string): Promise<{ lines: string[]; pages: number }> {
  const lines: string[] = [];
  let desde = 0;
  let pages = 0;
  for (;;) {
    const res = await fetch(`${g.url}/api/funil/arquivo?dia=${dia}&desde=${desde}`, { headers: operator });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/x-ndjson/);
    const body = await res.text();
    assert.ok(Buffer.byteLength(body) <= 4 * 1024 * 1024);
    assert.ok(body === '' || body.endsWith('\n'), 'whole lines only');
    pages++;
    if (body) lines.push(...body.slice(0, -1).split('\n'));
    const next = Number(res.headers.get('x-svc-funil-proximo'));
    const size = Number(res.headers.get('x-svc-funil-tamanho'));
    assert.ok(next >= desde && next <= size);
    if (next >= size) break;
    assert.ok(next > desde, 'a page that is not the last moves forward');
    desde = next;
  }
  return { lines, pages };
}

describe('POST /api/funil', () => {
  let gw: Gateways;
  let g: Instance;
  before(async () => {
    gw = await gateways(1, { file: { funnel: { bytesDia: 4096, dias: 2 } } });
    g = gw.list[0]!;
  });
  after(async () => gw.dispose());

  it('stores the browser id, the path without query, the referrer host and utm values; never IP or e-mail', async () => {
    const vid = randomUUID();
    const res = await send(
      g,
      batch({
        vid,
        e: [
          {
            t: 'view',
            n: 'pagina',
            p: {
              path: '/precos?cupom=X&email=ana@exemplo.com',
              ref: 'https://www.google.com/search?q=ana@exemplo.com',
              utm_source: 'newsletter',
              nota: 'contato ana@exemplo.com 529.982.247-25',
            },
          },
          { t: 'click', n: 'comprar', p: { plano: 'pro', valor: 10, ok: true } },
        ],
      }),
      {
        referer: `${ORIGIN}/precos?utm_campaign=lancamento&email=ana@exemplo.com`,
        'x-forwarded-for': '198.51.100.23',
      },
    );
    assert.equal(res.status, 202);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(await res.text(), '');
    const lines = await storedLines(g);
    assert.equal(lines.length, 1);
    const record = JSON.parse(lines[0]!) as Record<string, unknown>;
    assert.equal(record.vid, vid);
    assert.equal(record.path, '/precos');
    assert.equal(record.ref, 'www.google.com');
    assert.deepEqual(record.utm, { utm_source: 'newsletter', utm_campaign: 'lancamento' });
    for (const bad of ['ana@exemplo.com', '529.982.247-25', '198.51.100.23', '127.0.0.1', 'cupom']) {
      assert.ok(!lines[0]!.includes(bad), `stored line holds ${bad}`);
    }
  });

  it('takes text/plain (sendBeacon) and answers no-store', async () => {
    const res = await send(g, batch(), { 'content-type': 'text/plain;charset=UTF-8' });
    assert.equal(res.status, 202);
    assert.equal(res.headers.get('cache-control'), 'no-store');
  });

  it('ignores robots, AI agents and declared smoke tests (204), counting robots only', async () => {
    const before = (await storedLines(g)).length;
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'curl/8.5.0',
      '',
    ]) {
      const res = await send(g, batch(), { 'user-agent': ua });
      assert.equal(res.status, 204, ua);
      assert.equal(res.headers.get('cache-control'), 'no-store');
    }
    const smoke = await send(g, batch(), { 'x-svc-smoke-test': '1' });
    assert.equal(smoke.status, 204);
    assert.equal((await storedLines(g)).length, before);
    const counters = await g.ctx.db.kysely.selectFrom('telemetry_daily').select(['name', 'count']).execute();
    const byName = Object.fromEntries(counters.map((c) => [c.name, Number(c.count)]));
    assert.equal(byName.pagina_ia, 1);
    assert.equal(byName.pagina_robo, 3);
    assert.equal(byName['agente:GPTBot'], 1);
  });

  it('checks every key and rule of the batch: anything off is ignored (204), nothing stored', async () => {
    const before = (await storedLines(g)).length;
    const { v: _v, ...noV } = batch();
    const cases: Array<[unknown, Record<string, string>?]> = [
      [noV],
      [{ ...batch(), extra: 1 }],
      [batch({ v: 2 })],
      [batch({ v: '1' })],
      [batch({ vid: 'not-a-uuid' })],
      [batch({ vid: '3b241101-e2bb-1255-8caf-4136c566a962' })], // v1, not v4
      [batch({ sid: '' })],
      [batch({ sn: -1 })],
      [batch({ sn: 1.5 })],
      [batch({ pv: 5 })],
      [batch({ e: {} })],
      [batch({ e: Array.from({ length: 41 }, () => ({ t: 'view', n: 'p' })) })],
      [batch({ e: [{ t: 'view' }] })],
      [batch({ e: [{ t: 'View', n: 'p' }] })],
      [batch({ e: [{ t: 'view', n: 'p', x: 1 }] })],
      [batch({ e: [{ t: 'view', n: 'p', p: { a: { nested: true } } }] })],
      [batch({ e: [{ t: 'view', n: 'p', p: { a: 'x'.repeat(201) } }] })],
      ['{"v":1,', {}],
      [batch(), { 'content-type': 'application/x-www-form-urlencoded' }],
      [batch(), { origin: 'https://evil.example' }],
      [batch(), { 'sec-fetch-site': 'cross-site' }],
      [JSON.stringify(batch({ e: [{ t: 'view', n: 'p', p: { a: 'x'.repeat(200) } }] })).padEnd(70_000, ' ')],
    ];
    for (const [body, headers] of cases) {
      const res = await send(g, body, headers);
      assert.equal(res.status, 204, JSON.stringify(body).slice(0, 100));
    }
    const noType = await fetch(`${g.url}/api/funil`, { method: 'POST', body: JSON.stringify(batch()) });
    assert.equal(noType.status, 204);
    assert.equal((await storedLines(g)).length, before);
    // A batch with 40 events is fine; no Origin header is fine.
    const forty = batch({ e: Array.from({ length: 40 }, () => ({ t: 'view', n: 'p' })) });
    const res = await fetch(`${g.url}/api/funil`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
      body: JSON.stringify(forty),
    });
    assert.equal(res.status, 202);
  });

  it('enforces bytesDia (204 once full) and keeps `dias` days, purging older ones', async () => {
    let accepted = 0;
    for (let i = 0; i < 40; i++) {
      const res = await send(g, batch());
      if (res.status === 202) accepted++;
      else assert.equal(res.status, 204);
    }
    const day0 = new Date(gw.clock.ms).toISOString().slice(0, 10);
    const index = await fetch(`${g.url}/api/funil/arquivos`, { headers: operator });
    assert.equal(index.status, 200);
    const body = (await index.json()) as {
      v: number;
      teto: unknown;
      dias: Array<{ dia: string; bytes: number }>;
    };
    assert.equal(body.v, 1);
    assert.deepEqual(body.teto, { bytesDia: 4096, dias: 2 });
    const today = body.dias.at(-1)!;
    assert.equal(today.dia, day0);
    assert.ok(today.bytes <= 4096 && today.bytes > 4096 - 400, `day size ${today.bytes}`);
    assert.ok(accepted < 40);

    gw.clock.advance(DAY_MS);
    assert.equal((await send(g, batch())).status, 202, 'a new day has room again');
    const two = (await (await fetch(`${g.url}/api/funil/arquivos`, { headers: operator })).json()) as {
      dias: Array<{ dia: string }>;
    };
    assert.deepEqual(
      two.dias.map((d) => d.dia),
      [day0, new Date(gw.clock.ms).toISOString().slice(0, 10)],
    );
    gw.clock.advance(DAY_MS);
    assert.equal((await send(g, batch())).status, 202);
    const three = (await (await fetch(`${g.url}/api/funil/arquivos`, { headers: operator })).json()) as {
      dias: Array<{ dia: string }>;
    };
    assert.equal(three.dias.length, 2);
    assert.ok(!three.dias.some((d) => d.dia === day0), 'the oldest day was purged');
    const gone = await fetch(`${g.url}/api/funil/arquivo?dia=${day0}`, { headers: operator });
    assert.equal(gone.status, 200);
    assert.equal(await gone.text(), '');
    assert.equal(gone.headers.get('x-svc-funil-tamanho'), '0');
  });

  it('archive: 400 for invalid parameters, 401 without the operator token or with another class of token', async () => {
    const today = new Date(gw.clock.ms).toISOString().slice(0, 10);
    for (const q of [
      '',
      'dia=2026-02-30',
      'dia=hoje',
      `dia=${today}&desde=-1`,
      `dia=${today}&desde=abc`,
      `dia=${today}&desde=999999999`,
      `dia=${today}&x=1`,
    ]) {
      const res = await fetch(`${g.url}/api/funil/arquivo?${q}`, { headers: operator });
      assert.equal(res.status, 400, q);
      const body = (await res.json()) as { error: string; message: string };
      assert.equal(body.error, 'invalid_request');
    }
    const refused: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token' },
      { authorization: `Bearer ${WORKER_TOKEN}` },
      { authorization: `bearer ${OPERATOR_TOKEN} extra` },
    ];
    for (const headers of refused) {
      for (const path of ['/api/funil/arquivos', `/api/funil/arquivo?dia=${today}`]) {
        const res = await fetch(`${g.url}${path}`, { headers });
        assert.equal(res.status, 401, path);
        assert.equal(((await res.json()) as { error: string }).error, 'unauthorized');
      }
    }
  });
});

describe('funnel archive without OPERATOR_TOKEN', () => {
  it('answers 503 not_configured', async () => {
    const gw = await gateways(1, { env: { OPERATOR_TOKEN: '' } });
    try {
      const g = gw.list[0]!;
      for (const path of ['/api/funil/arquivos', '/api/funil/arquivo?dia=2026-03-10']) {
        const res = await fetch(`${g.url}${path}`, { headers: operator });
        assert.equal(res.status, 503);
        assert.equal(((await res.json()) as { error: string }).error, 'not_configured');
      }
    } finally {
      await gw.dispose();
    }
  });
});

describe('funnel archive with two instances writing', () => {
  let gw: Gateways;
  before(async () => {
    gw = await gateways(2);
  });
  after(async () => gw.dispose());

  it('returns every stored batch exactly once, read while the writes go on, across 4 MiB pages', async () => {
    const [a, b] = gw.list as [Instance, Instance];
    const dia = new Date(gw.clock.ms).toISOString().slice(0, 10);
    // ~9 KB per batch: 600 batches make more than one 4 MiB page.
    const filler = Array.from({ length: 40 }, (_, i) => ({
      t: 'step',
      n: `passo${i}`,
      p: { texto: 'abc '.repeat(50) },
    }));
    const sent = new Set<string>();
    const seen: string[] = [];
    let desde = 0;
    const readSome = async () => {
      const res = await fetch(`${a.url}/api/funil/arquivo?dia=${dia}&desde=${desde}`, { headers: operator });
      assert.equal(res.status, 200);
      const body = await res.text();
      if (body)
        seen.push(
          ...body
            .slice(0, -1)
            .split('\n')
            .map((l) => (JSON.parse(l) as { pv: string }).pv),
        );
      desde = Number(res.headers.get('x-svc-funil-proximo'));
    };
    const writer = async (g: Instance, prefix: string, n: number) => {
      for (let i = 0; i < n; i++) {
        const pv = `${prefix}${i}`;
        const res = await send(g, batch({ pv, e: filler }));
        assert.equal(res.status, 202);
        sent.add(pv);
      }
    };
    const writing = Promise.all([
      writer(a, 'a', 300),
      writer(b, 'b', 300),
      writer(a, 'c', 150),
      writer(b, 'd', 150),
    ]);
    let done = false;
    void writing.then(() => {
      done = true;
    });
    while (!done) {
      await readSome();
      await new Promise((r) => setTimeout(r, 20));
    }
    await writing;
    await readSome();
    const { lines, pages } = await readDay(b, dia);
    assert.ok(pages >= 2, `pages ${pages}`);
    assert.equal(lines.length, 900);
    assert.equal(new Set(lines.map((l) => (JSON.parse(l) as { pv: string }).pv)).size, 900);
    assert.equal(seen.length, 900, 'the reader that followed the writes saw each batch once');
    assert.deepEqual(new Set(seen), sent);
  });

  it('pages of a small size still cover the day exactly once (store level)', async () => {
    const [a] = gw.list as [Instance];
    const dia = new Date(gw.clock.ms).toISOString().slice(0, 10);
    const store = new FunnelStore(a.ctx.db, { bytesDia: 1 << 30, dias: 10 });
    const pvs: string[] = [];
    let from = 0;
    for (;;) {
      const chunk = await store.read(dia, from, 50_000);
      if (chunk.body)
        pvs.push(
          ...chunk.body
            .slice(0, -1)
            .split('\n')
            .map((l) => (JSON.parse(l) as { pv: string }).pv),
        );
      if (chunk.next >= chunk.size) break;
      assert.ok(chunk.next > from);
      from = chunk.next;
    }
    assert.equal(pvs.length, 900);
    assert.equal(new Set(pvs).size, 900);
  });
});
