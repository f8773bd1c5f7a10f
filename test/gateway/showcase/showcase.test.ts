// The showcase: the public document before and after the first publication, strong ETag
// and 304, the 15-minute cache, stale after 26 hours (controllable clock), the operator's
// three views with their 401/503 rules, and one periodic collector among two instances.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Catalogue } from '../../../src/gateway/pipeline/catalogue.js';
import { createCollector } from '../../../src/gateway/showcase/index.js';
import { createTelemetry } from '../../../src/gateway/telemetry/index.js';
import { acquireLease, saveDocument } from '../../../src/gateway/showcase/store.js';
import {
  BROWSER_UA,
  Clock,
  type Gateways,
  gateways,
  type Instance,
  OPERATOR_TOKEN,
  ORIGIN,
  WORKER_TOKEN,
} from '../telemetry/helpers.js';
import { makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import type { TestContext } from '../../helpers/context.js';

const HOUR = 3_600_000;

type Pages = { pessoa: number; ia: number; robo: number };
interface ShowcaseDoc {
  produto: string;
  publicado: boolean;
  stale: boolean;
  atualizado_em: string;
  nome: string;
  fuso: string;
  dias: Array<{ dia: string; paginas: number }>;
  hoje: { paginas: Pages };
  janelas: { d7: { paginas: Pages }; d30: { paginas: Pages } };
  visitantes: number;
  pessoas: unknown;
}
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

function collectorOf(g: Instance, clock: Clock) {
  const { funnel } = createTelemetry(g.ctx, clock.now);
  return createCollector(g.ctx, { funnel, catalogue: new Catalogue(g.ctx.config.file), now: clock.now });
}

async function visit(g: Instance, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${g.url}/api/funil`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, origin: ORIGIN },
      body: JSON.stringify({
        v: 1,
        vid: randomUUID(),
        sid: `s${i}`,
        sn: 1,
        pv: `p${i}`,
        e: [{ t: 'view', n: 'home' }],
      }),
    });
    assert.equal(res.status, 202);
  }
}

describe('GET /api/vitrine', () => {
  let gw: Gateways;
  let g: Instance;
  before(async () => {
    // No periodic collector in the app: the test decides when collections happen.
    gw = await gateways(1, { file: { showcase: { nome: 'Gateway svc', periodico: false } } });
    g = gw.list[0]!;
  });
  after(async () => gw.dispose());

  it('before the first publication: only the five fields, publicado false', async () => {
    const res = await fetch(`${g.url}/api/vitrine`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['atualizado_em', 'produto', 'publicado', 'stale', 'v']);
    assert.equal(body.v, 1);
    assert.equal(body.publicado, false);
    assert.equal(body.atualizado_em, null);
    const cursors = await fetch(`${g.url}/api/vitrine/cursores`, { headers: operator });
    assert.deepEqual(await cursors.json(), {});
    const op = (await (await fetch(`${g.url}/api/vitrine/operador`, { headers: operator })).json()) as Record<
      string,
      unknown
    >;
    assert.equal(op.operador, null);
    assert.equal(op.atualizado_em, null);
  });

  it('after a collection: the full document, figures rounded to two significant digits', async () => {
    await visit(g, 123);
    await collectorOf(g, gw.clock).collectNow('cli');
    const res = await fetch(`${g.url}/api/vitrine`);
    const doc = (await res.json()) as ShowcaseDoc;
    assert.equal(doc.publicado, true);
    assert.equal(doc.stale, false);
    assert.equal(doc.atualizado_em, new Date(gw.clock.ms).toISOString());
    assert.equal(doc.nome, 'Gateway svc');
    assert.equal(doc.fuso, 'UTC');
    assert.ok(doc.dias.length >= 1 && doc.dias.length <= 31);
    const today = doc.dias.at(-1)!;
    assert.equal(today.dia, new Date(gw.clock.ms).toISOString().slice(0, 10));
    assert.equal(today.paginas, 120, '123 page views rounded to two digits');
    assert.equal(doc.hoje.paginas.pessoa, 120);
    assert.equal(doc.janelas.d7.paginas.pessoa, 120);
    assert.equal(doc.janelas.d30.paginas.pessoa, 120);
    assert.equal(doc.visitantes, 120);
    assert.equal(doc.pessoas, null, 'not measured: null, never zero');
    const exact = (await (await fetch(`${g.url}/api/vitrine/operador`, { headers: operator })).json()) as {
      operador: ShowcaseDoc;
    };
    assert.equal(exact.operador.dias.at(-1)?.paginas, 123, 'the operator document keeps exact figures');
  });

  it('strong ETag, 304 on If-None-Match, Cache-Control of 15 minutes', async () => {
    const first = await fetch(`${g.url}/api/vitrine`);
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/, 'strong (no W/)');
    assert.equal(first.headers.get('cache-control'), 'public, max-age=900');
    const again = await fetch(`${g.url}/api/vitrine`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    assert.equal(again.headers.get('etag'), etag);
    assert.equal(again.headers.get('cache-control'), 'public, max-age=900');
    const list = await fetch(`${g.url}/api/vitrine`, { headers: { 'if-none-match': `"x", W/${etag}` } });
    assert.equal(list.status, 304);
    const other = await fetch(`${g.url}/api/vitrine`, { headers: { 'if-none-match': '"outro"' } });
    assert.equal(other.status, 200);
  });

  it('stale after 26 hours without a collection, with a new ETag', async () => {
    const fresh = await fetch(`${g.url}/api/vitrine`);
    const etag = fresh.headers.get('etag')!;
    gw.clock.advance(26 * HOUR);
    const edge = (await (await fetch(`${g.url}/api/vitrine`)).json()) as { stale: boolean };
    assert.equal(edge.stale, false, 'exactly 26 hours is not yet older than 26 hours');
    gw.clock.advance(1000);
    const res = await fetch(`${g.url}/api/vitrine`, { headers: { 'if-none-match': etag } });
    assert.equal(res.status, 200);
    const doc = (await res.json()) as { stale: boolean; publicado: boolean };
    assert.equal(doc.stale, true);
    assert.equal(doc.publicado, true);
    await collectorOf(g, gw.clock).collectNow('cli');
    assert.equal(((await (await fetch(`${g.url}/api/vitrine`)).json()) as { stale: boolean }).stale, false);
  });

  it('takes no numbers: other methods are 405', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(`${g.url}/api/vitrine`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ publicado: true, visitantes: 1e9 }),
      });
      assert.equal(res.status, 405, method);
    }
  });

  it('operator views: 401 for no token, a wrong one or a token of another class', async () => {
    const key = await makeKey(g.ctx as TestContext);
    for (const path of ['/api/vitrine/operador', '/api/vitrine/painel', '/api/vitrine/cursores']) {
      for (const headers of [
        {},
        { authorization: 'Bearer not-the-operator-token' },
        { authorization: `Bearer ${WORKER_TOKEN}` },
        { authorization: `Bearer ${key.secret}` },
        { 'x-api-key': key.secret },
        { 'x-credito': 'cred_abcdefghijklmnopqrstuvwxyz012345' },
      ] as Array<Record<string, string>>) {
        const res = await fetch(`${g.url}${path}`, { headers });
        assert.equal(res.status, 401, `${path} ${JSON.stringify(headers)}`);
        assert.equal(res.headers.get('www-authenticate'), 'Bearer');
      }
      assert.equal((await fetch(`${g.url}${path}`, { headers: operator })).status, 200);
    }
  });

  it('painel and cursores: one document per product, cursors of the CLI and of the server', async () => {
    const painel = (await (await fetch(`${g.url}/api/vitrine/painel`, { headers: operator })).json()) as {
      apps: ShowcaseDoc[];
      updated: string;
      totals: { produtos: number };
    };
    assert.equal(painel.apps.length, 1);
    assert.equal(painel.apps[0]!.publicado, true);
    assert.equal(typeof painel.updated, 'string');
    assert.equal(painel.totals.produtos, 1);
    const cursors = (await (
      await fetch(`${g.url}/api/vitrine/cursores`, { headers: operator })
    ).json()) as Record<string, { borda?: string; cli?: string }>;
    const [produto] = Object.keys(cursors);
    assert.equal(cursors[produto!]!.cli, new Date(gw.clock.ms).toISOString());
    assert.equal(await collectorOf(g, gw.clock).tick(), 'collected');
    const after = (await (
      await fetch(`${g.url}/api/vitrine/cursores`, { headers: operator })
    ).json()) as typeof cursors;
    assert.equal(after[produto!]!.borda, new Date(gw.clock.ms).toISOString());
  });
});

describe('showcase operator views: 503', () => {
  it('without the showcase section (no control plane) and without OPERATOR_TOKEN', async () => {
    for (const env of [{}, { OPERATOR_TOKEN: '' }] as Array<Record<string, string>>) {
      const gw = await gateways(1, { env });
      try {
        const g = gw.list[0]!;
        for (const path of ['/api/vitrine/operador', '/api/vitrine/painel', '/api/vitrine/cursores']) {
          const res = await fetch(`${g.url}${path}`, { headers: operator });
          assert.equal(res.status, 503, path);
          assert.equal(((await res.json()) as { error: string }).error, 'not_configured');
        }
        // The public document still answers, unpublished.
        const pub = (await (await fetch(`${g.url}/api/vitrine`)).json()) as { publicado: boolean };
        assert.equal(pub.publicado, false);
      } finally {
        await gw.dispose();
      }
    }
  });
});

describe('the periodic collector', () => {
  it('runs on exactly one of two instances at a time, once per interval', async () => {
    const clock = new Clock();
    // No apps' own collectors here (no showcase section): the two collectors are driven by hand.
    const gw = await gateways(2, { clock, listen: false });
    try {
      const [a, b] = gw.list.map((g) => collectorOf(g, clock)) as [
        ReturnType<typeof collectorOf>,
        ReturnType<typeof collectorOf>,
      ];
      const interval = 60 * 60_000; // default 60 minutes
      const results: Array<[string, string]> = [];
      // Four intervals of ticks a minute apart (the real cadence), both instances together.
      for (let t = 0; t < (4 * interval) / a.tickMs; t++) {
        const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
        results.push(['a', ra], ['b', rb]);
        clock.advance(a.tickMs);
      }
      const collected = results.filter(([, r]) => r === 'collected');
      assert.equal(collected.length, 4, 'one collection per interval');
      assert.equal(new Set(collected.map(([who]) => who)).size, 1, 'by the lease holder only');
      const holder = collected[0]![0];
      const other = holder === 'a' ? 'b' : 'a';
      assert.ok(results.filter(([who]) => who === other).every(([, r]) => r === 'not-holder'));
      // The holder stops (and gives the lease up): the other takes over at its next tick.
      await (holder === 'a' ? a : b).stop();
      clock.advance(interval);
      assert.equal(await (holder === 'a' ? b : a).tick(), 'collected');
    } finally {
      await gw.dispose();
    }
  });

  it('a holder whose lease expired while it stalled cannot publish over the new holder', async () => {
    const clock = new Clock();
    const gw = await gateways(2, { clock, listen: false });
    try {
      const [a, b] = gw.list.map((g) => collectorOf(g, clock)) as [
        ReturnType<typeof collectorOf>,
        ReturnType<typeof collectorOf>,
      ];
      assert.equal(await a.tick(), 'collected');
      clock.advance(a.leaseMs + 1);
      clock.advance(60 * 60_000);
      assert.equal(await b.tick(), 'collected', 'a expired lease is taken over');
      assert.equal(await a.tick(), 'not-holder');
      // The publication itself is fenced: the former holder's token no longer writes.
      const db = gw.list[0]!.ctx.db;
      clock.advance(a.leaseMs + 1);
      const old = await acquireLease(db, 'x', clock.ms, 1000);
      assert.notEqual(old, undefined);
      clock.advance(1001);
      const fresh = await acquireLease(db, 'y', clock.ms, 1000);
      assert.notEqual(fresh, old);
      assert.equal(
        await saveDocument(db, 'p', { v: 1 }, clock.ms, 'borda', { holder: 'x', token: old!, ttlMs: 1000 }),
        false,
      );
      assert.equal(
        await saveDocument(db, 'p', { v: 1 }, clock.ms, 'borda', { holder: 'y', token: fresh!, ttlMs: 1000 }),
        true,
      );
    } finally {
      await gw.dispose();
    }
  });
});

describe('showcase figures counted from real events', () => {
  it('MCP tool calls and machine-surface reads, added up across two instances', async () => {
    // `desde` fixed: usage rows are dated by the real clock, this test's days by its own.
    const gw = await gateways(2, {
      file: { showcase: { nome: 'Gateway svc', periodico: false, desde: '2026-01-01' } },
    });
    try {
      const [a, b] = gw.list as [Instance, Instance];
      const key = await makeKey(a.ctx as TestContext);
      const call = (g: Instance, name: string) =>
        fetch(`${g.url}/mcp`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name, arguments: { prompt: 'olá' } },
          }),
        });
      for (const g of [a, a, b]) assert.equal((await call(g, 'svc_eco')).status, 200);
      assert.equal((await call(b, 'nao_existe')).status, 200, 'an unknown tool is still a call');
      for (const [g, path] of [
        [a, '/api/'],
        [b, '/api/'],
        [b, '/api/openapi.json'],
        [a, '/api/health'], // not a machine surface
      ] as const) {
        assert.equal((await fetch(`${g.url}${path}`)).status, 200);
      }
      // The counters are written after the answer; collect until they have all landed.
      type Counted = {
        mcp: number;
        superficies: { superficie: string; leituras: number }[];
        hoje: { maquina: number };
        dias: { maquina: number }[];
      };
      const doc = await waitFor(
        'the counters collected',
        async () => {
          await collectorOf(a, gw.clock).collectNow('cli');
          const res = await fetch(`${b.url}/api/vitrine/operador`, { headers: operator });
          const now = ((await res.json()) as { operador: Counted }).operador;
          return now.mcp === 4 && now.hoje.maquina === 3 && now;
        },
        { everyMs: 50 },
      );
      assert.equal(doc.mcp, 4);
      assert.deepEqual(doc.superficies, [
        { superficie: 'indice', leituras: 2 },
        { superficie: 'openapi', leituras: 1 },
      ]);
      assert.equal(doc.hoje.maquina, 3);
      assert.equal(doc.dias.at(-1)?.maquina, 3);
    } finally {
      await gw.dispose();
    }
  });
});
