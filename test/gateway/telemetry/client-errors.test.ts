// POST /api/erro-cliente: always 204; personal data and credentials seeded in every field
// never reach the log; nothing reaches the database; repeats merged per minute; a ceiling
// per network.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Gateways, gateways, type Instance } from './helpers.js';

const CPF = '529.982.247-25';
const CNPJ = '11.222.333/0001-81';
const EMAIL = 'maria.souza@exemplo.com.br';
const PHONE = '(11) 98765-4321';
const NAME = 'Joaquim Ferreira';
const KEY = 'svck_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789ab';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXZhbHVl';
const PASSWORD = 'Tr0ub4dor&3xyz';
const HEX = 'a3f9c2e1b7d4058e6f1a2b3c4d5e6f708192a3b4c5d6e7f8';
const SECRETS = [
  CPF,
  '52998224725',
  CNPJ,
  '11222333000181',
  EMAIL,
  PHONE,
  '98765-4321',
  NAME,
  KEY,
  JWT,
  PASSWORD,
  HEX,
];

const seeded = `Falha para ${NAME} (${EMAIL}, CPF ${CPF}, CNPJ ${CNPJ}, tel ${PHONE}) Authorization: Bearer ${JWT} chave ${KEY} password=${PASSWORD} hash ${HEX}`;

async function post(g: Instance, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${g.url}/api/erro-cliente`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function rowCounts(g: Instance): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await g.ctx.db.kysely.introspection.getTables()) {
    const row = await g.ctx.db.kysely
      .selectFrom(t.name as 'accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t.name] = Number(row.n);
  }
  return out;
}

const lines = (g: Instance) =>
  g.logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'erro_cliente');

describe('POST /api/erro-cliente', () => {
  let gw: Gateways;
  let g: Instance;
  before(async () => {
    gw = await gateways(1);
    g = gw.list[0]!;
  });
  after(async () => gw.dispose());

  it('logs a valid report with every field redacted, and writes nothing to the database', async () => {
    const before = await rowCounts(g);
    const res = await post(g, {
      code: 'UI-JS-001',
      phase: 'render',
      path: `/conta/52998224725/pedido/12345/${encodeURIComponent(EMAIL)}/token-${HEX}`,
      message: seeded,
      stack: `TypeError: ${seeded}\n    at f (https://svc.example.com/assets/app-4f3a.js?token=${KEY}&email=${EMAIL}:10:5)\n    at https://user:${PASSWORD}@svc.example.com/x.js:1:1`,
      source: `https://svc.example.com/assets/app-4f3a.js?cpf=${CPF}&k=${KEY}#${EMAIL}`,
      line: 10,
      column: 5,
      visivel: true,
      build: '2026.03.10-abc123',
    });
    assert.equal(res.status, 204);
    assert.equal(await res.text(), '');
    const logged = lines(g);
    assert.equal(logged.length, 1);
    const l = logged[0]!;
    assert.equal(l.code, 'UI-JS-001');
    assert.equal(l.path, '/conta/:id/pedido/:id/:id/:id');
    assert.equal(l.source, '/assets/app-4f3a.js');
    assert.equal(l.line, 10);
    assert.equal(l.build, '2026.03.10-abc123');
    assert.match(String(l.message), /CPF removido/);
    const text = g.logs.text;
    for (const s of SECRETS) assert.ok(!text.includes(s), `log holds ${s}`);
    assert.deepEqual(await rowCounts(g), before);
  });

  it('puts seeded values in code, phase and build: the line keeps none of them', async () => {
    const res = await post(g, {
      code: 'UI-52998224725',
      phase: 'joaquim',
      build: KEY,
      message: 'x',
    });
    assert.equal(res.status, 204);
    const l = lines(g).at(-1)!;
    assert.equal(l.code, 'UI-OUTRO');
    assert.equal(l.build, '[removido]');
    for (const s of SECRETS) assert.ok(!g.logs.text.includes(s), `log holds ${s}`);
  });

  it('answers 204 with no body to anything, and logs nothing for invalid reports', async () => {
    const count = lines(g).length;
    const bad: Array<[unknown, Record<string, string>?]> = [
      ['{"code": "UI-JS-001", "phase":', {}],
      ['not json at all', { 'content-type': 'text/plain' }],
      ['<erro><code>UI-JS-001</code></erro>', { 'content-type': 'application/xml' }],
      [{ phase: 'render' }],
      [{ code: 'UI-JS-001' }],
      [{ code: 'JS-001', phase: 'render' }],
      [{ code: 'UI-JS-001', phase: 'Render' }],
      [{ code: 'UI-JS-001', phase: 'render', path: '/a?b=1' }],
      [{ code: 'UI-JS-001', phase: 'render', message: 'x'.repeat(2001) }],
      [{ code: 'UI-JS-001', phase: 'render', stack: 'x'.repeat(12001) }],
      [{ code: 'UI-JS-001', phase: 'render', build: 'b'.repeat(65) }],
      [{ code: 'UI-JS-001', phase: 'render', build: 'a b' }],
      [{ code: 'UI-JS-001', phase: 'render', line: '10' }],
      [{ code: 'UI-JS-001', phase: 'render', column: 1.5 }],
      [{ code: 'UI-JS-001', phase: 'render', visivel: 'sim' }],
      [{ code: 'UI-JS-001', phase: 'render', extra: 1 }],
      [[1, 2, 3]],
      ['null'],
      [{ code: 'UI-JS-001', phase: 'render', message: 'x'.repeat(100_000) }],
    ];
    for (const [body, headers] of bad) {
      const res = await post(g, body, headers);
      assert.equal(res.status, 204, JSON.stringify(body).slice(0, 80));
      assert.equal(await res.text(), '');
    }
    const empty = await fetch(`${g.url}/api/erro-cliente`, { method: 'POST' });
    assert.equal(empty.status, 204);
    assert.equal(lines(g).length, count);
  });

  it('merges repeats of one failure per minute into one line with their count', async () => {
    gw.clock.advance(60_000);
    const report = { code: 'UI-PROMESSA-001', phase: 'carga', message: 'falhou ao carregar' };
    const results = await Promise.all(Array.from({ length: 5 }, () => post(g, report)));
    for (const r of results) assert.equal(r.status, 204);
    const mine = () => lines(g).filter((l) => l.code === 'UI-PROMESSA-001');
    assert.deepEqual(
      mine().map((l) => l.count),
      [1],
    );
    gw.clock.advance(60_000);
    await post(g, report); // a new minute: the last one's repeats are written first
    assert.deepEqual(
      mine().map((l) => [l.count, l.repeat ?? false]),
      [
        [1, false],
        [4, true],
        [1, false],
      ],
    );
  });

  it('caps the distinct failures one network can log per minute', async () => {
    gw.clock.advance(60_000);
    const before = lines(g).length;
    for (let i = 0; i < 25; i++) {
      // X-Forwarded-For from an untrusted peer changes nothing: same network.
      const res = await post(
        g,
        { code: 'UI-APP-001', phase: 'x', message: `falha ${'abcdefghijklmnopqrstuvwxy'[i]}` },
        {
          'x-forwarded-for': `203.0.113.${i}`,
        },
      );
      assert.equal(res.status, 204);
    }
    assert.equal(lines(g).length - before, 20);
    gw.clock.advance(60_000);
    await post(g, { code: 'UI-APP-001', phase: 'x', message: 'depois' });
    const dropped = g.logs.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === 'erro_cliente_descartado');
    assert.equal(dropped.at(-1)?.count, 5);
    assert.equal(lines(g).at(-1)?.message, 'depois');
  });
});
