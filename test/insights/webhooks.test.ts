// Every response code of the two webhooks and the read routes, tenant authentication (IP
// allowlist with and without a trusted proxy, constant-time token check) and the 500 when
// the queue cannot be written.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { IngestPayload } from '../../src/insights/processing/ingest.js';
import { createTenantAuth, UNAUTHORIZED } from '../../src/insights/tenants/auth.js';
import { tokenHash, tokenMatches } from '../../src/insights/tenants/store.js';
import { safeEqual } from '../../src/platform/crypto.js';
import { harness, type Harness, TOKEN } from './helpers.js';
import { kyselyOf } from '../../src/modules.js';

describe('insights webhooks', () => {
  let h: Harness;
  before(async () => {
    // No background work: these tests look at the answers and the rows written.
    h = await harness({ background: false });
  });
  after(() => h.dispose());

  const post = (
    route: string,
    body: unknown,
    extra: { token?: string; remoteAddress?: string; headers?: Record<string, string>; url?: string } = {},
  ) =>
    h.app.inject({
      method: 'POST',
      url: extra.url ?? h.url(route, extra.token),
      headers: { 'content-type': 'application/json', ...extra.headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      remoteAddress: extra.remoteAddress,
    });

  it('partner-crm: 202 accepted for SESSION_COMPLETE and SESSION_UPDATE COMPLETED, with a job row written', async () => {
    let r = await post('/webhooks/partner-crm', { eventType: 'SESSION_COMPLETE', content: { id: 's-1' } });
    assert.equal(r.statusCode, 202);
    assert.deepEqual(r.json(), { status: 'accepted' });
    r = await post('/webhooks/partner-crm', {
      eventType: 'SESSION_UPDATE',
      content: { id: 's-2', status: 'COMPLETED' },
    });
    assert.equal(r.statusCode, 202);
    const jobs = async () =>
      (
        await kyselyOf(h.ctx.db).selectFrom('jobs').select(['payload', 'status']).orderBy('payload').execute()
      ).map((j) => ({ session: (JSON.parse(j.payload) as IngestPayload).sessionId, status: j.status }));
    assert.deepEqual(await jobs(), [
      { session: 's-1', status: 'queued' },
      { session: 's-2', status: 'queued' },
    ]);
    // A repeat while the first is still waiting collapses into it.
    r = await post('/webhooks/partner-crm', { eventType: 'SESSION_COMPLETE', content: { id: 's-1' } });
    assert.equal(r.statusCode, 202);
    assert.equal((await jobs()).length, 2);
  });

  it('partner-crm: 200 ignored for other events, other statuses and a missing session id', async () => {
    for (const body of [
      { eventType: 'SESSION_UPDATE', content: { id: 's-3', status: 'OPEN' } },
      { eventType: 'MESSAGE_CREATED', content: { id: 's-3' } },
      { eventType: 'SESSION_COMPLETE', content: {} },
      { eventType: 'SESSION_COMPLETE', content: { id: '' } },
    ]) {
      const r = await post('/webhooks/partner-crm', body);
      assert.equal(r.statusCode, 200);
      assert.deepEqual(r.json(), { status: 'ignored' });
    }
  });

  it('both routes: 400 with the exact envelope body when eventType or content is missing or of the wrong type', async () => {
    for (const route of ['/webhooks/partner-crm', '/webhooks/update-contact']) {
      for (const body of [
        {},
        { eventType: 1, content: {} },
        { eventType: 'X' },
        { eventType: 'X', content: [] },
        { eventType: 'X', content: 'a' },
        [],
      ]) {
        const r = await post(route, body);
        assert.equal(r.statusCode, 400);
        assert.equal(r.body, JSON.stringify({ error: 'Envelope inválido: esperado { eventType, content }' }));
      }
      // The platform's JSON-only parser answers first for malformed JSON and other types.
      assert.equal((await post(route, '{"eventType":')).json().error, 'invalid_json');
      const r = await post(route, 'eventType=x', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(r.statusCode, 415);
    }
  });

  it('both routes: 401 {error:"unauthorized"} for every credential or address failure, the reason only in the log', async () => {
    const cases: [string, Parameters<typeof post>[2], string][] = [
      ['bad token', { token: 'wrong-token-0123456789abcdef' }, 'bad_token'],
      [
        'unknown client',
        { url: `/webhooks/partner-crm?client_id=nobody&token=${TOKEN}` },
        'unknown_client_id',
      ],
      ['no credentials', { url: '/webhooks/partner-crm' }, 'unknown_client_id'],
      ['no token', { url: `/webhooks/partner-crm?client_id=${h.clientId}` }, 'bad_token'],
    ];
    for (const [label, extra, reason] of cases) {
      const before = h.ctx.logs.lines.length;
      const r = await post(
        '/webhooks/partner-crm',
        { eventType: 'SESSION_COMPLETE', content: { id: 'x' } },
        extra,
      );
      assert.equal(r.statusCode, 401, label);
      assert.equal(r.body, '{"error":"unauthorized"}', label);
      const logged = h.ctx.logs.lines.slice(before).join('\n');
      assert.match(logged, new RegExp(`"reason":"${reason}"`), label);
      assert.ok(!logged.includes(TOKEN) && !logged.includes('wrong-token'), 'tokens never logged');
    }
    const r = await post(
      '/webhooks/update-contact',
      { eventType: 'CONTACT_UPDATE', content: {} },
      { token: 'nope' },
    );
    assert.equal(r.statusCode, 401);
    assert.deepEqual(r.json(), { error: 'unauthorized' });
    // Auth runs before the body is read: a stranger's broken JSON still gets 401.
    assert.equal((await post('/webhooks/partner-crm', '{', { token: 'nope' })).statusCode, 401);
  });

  it('update-contact: queued, ignored (no watched tags / other event), 400 without a contact id', async () => {
    const shapes = [
      { eventType: 'CONTACT_TAG_UPDATE', content: { contactId: 'c-1', tags: ['lead-quente', 'outra'] } },
      { eventType: 'contact.updated', content: { contact: { id: 'c-2', tags: [{ name: 'pos-venda' }] } } },
      { eventType: 'CONTACT_UPDATED', content: { data: { contact: { id: 42, tagNames: ['LEAD-QUENTE'] } } } },
      { eventType: 'TAG_ADDED', content: { contact_id: 'c-4', tag: { label: 'Pós-venda' } } },
    ];
    for (const body of shapes) {
      const r = await post('/webhooks/update-contact', body);
      assert.equal(r.statusCode, 200, JSON.stringify(body));
      assert.deepEqual(r.json(), { status: 'queued' });
    }
    const rows = await h.ctx.db.kysely
      .selectFrom('insight_tag_queue')
      .select(['contact_id', 'tag'])
      .orderBy('contact_id')
      .execute();
    assert.deepEqual(rows, [
      { contact_id: '42', tag: 'LEAD-QUENTE' },
      { contact_id: 'c-1', tag: 'lead-quente' },
      { contact_id: 'c-2', tag: 'pos-venda' },
      { contact_id: 'c-4', tag: 'Pós-venda' },
    ]);
    let r = await post('/webhooks/update-contact', {
      eventType: 'CONTACT_UPDATE',
      content: { contactId: 'c-5', tags: ['frio'] },
    });
    assert.deepEqual(r.json(), { status: 'ignored', reason: 'no_watched_tags' });
    r = await post('/webhooks/update-contact', {
      eventType: 'CONTACT_UPDATE',
      content: { contactId: 'c-5' },
    });
    assert.deepEqual(r.json(), { status: 'ignored', reason: 'no_watched_tags' });
    r = await post('/webhooks/update-contact', {
      eventType: 'SESSION_COMPLETE',
      content: { contactId: 'c-5', tags: ['lead-quente'] },
    });
    assert.equal(r.statusCode, 200);
    assert.deepEqual(r.json(), { status: 'ignored' });
    r = await post('/webhooks/update-contact', {
      eventType: 'CONTACT_UPDATE',
      content: { tags: ['lead-quente'] },
    });
    assert.equal(r.statusCode, 400);
    assert.equal(r.json().error, 'missing_contact_id');
  });

  it('500 {error:"queue_write_failed"} when the queue cannot be written', async () => {
    await sql`DROP TABLE insight_tag_queue`.execute(h.ctx.db.kysely);
    const r = await post('/webhooks/update-contact', {
      eventType: 'CONTACT_UPDATE',
      content: { contactId: 'c-9', tags: ['lead-quente'] },
    });
    assert.equal(r.statusCode, 500);
    assert.deepEqual(r.json(), { error: 'queue_write_failed' });
    await sql`DROP TABLE jobs`.execute(h.ctx.db.kysely);
    const s = await post('/webhooks/partner-crm', { eventType: 'SESSION_COMPLETE', content: { id: 's-9' } });
    assert.equal(s.statusCode, 500);
    assert.deepEqual(s.json(), { error: 'queue_write_failed' });
  });
});

describe('insights IP allowlist', () => {
  const body = { eventType: 'SESSION_COMPLETE', content: { id: 's-ip' } };

  it('without a trusted proxy: the socket address decides, X-Forwarded-For is ignored', async () => {
    const h = await harness({ background: false, tenant: { allowedCidrs: ['203.0.113.0/24'] } });
    try {
      const send = (remoteAddress: string, xff?: string) =>
        h.app.inject({
          method: 'POST',
          url: h.url('/webhooks/partner-crm'),
          remoteAddress,
          headers: xff ? { 'x-forwarded-for': xff } : {},
          payload: body,
        });
      assert.equal((await send('203.0.113.7')).statusCode, 202);
      const before = h.ctx.logs.lines.length;
      const denied = await send('198.51.100.1', '203.0.113.7');
      assert.equal(denied.statusCode, 401);
      assert.deepEqual(denied.json(), { error: 'unauthorized' });
      assert.match(h.ctx.logs.lines.slice(before).join('\n'), /"reason":"ip_not_allowed"/);
    } finally {
      await h.dispose();
    }
  });

  it('behind a trusted proxy: the right-most untrusted X-Forwarded-For entry decides', async () => {
    const h = await harness({
      background: false,
      env: { TRUSTED_PROXIES: '10.0.0.0/8' },
      tenant: { allowedCidrs: ['203.0.113.0/24'] },
    });
    try {
      const send = (remoteAddress: string, xff?: string) =>
        h.app.inject({
          method: 'POST',
          url: h.url('/webhooks/partner-crm'),
          remoteAddress,
          headers: xff ? { 'x-forwarded-for': xff } : {},
          payload: body,
        });
      assert.equal((await send('10.1.2.3', '203.0.113.9')).statusCode, 202);
      assert.equal((await send('10.1.2.3', '203.0.113.9, 10.9.9.9')).statusCode, 202);
      // A spoofed left-most entry does not help.
      assert.equal((await send('10.1.2.3', '203.0.113.9, 198.51.100.4')).statusCode, 401);
      // The proxy itself is not the client.
      assert.equal((await send('10.1.2.3')).statusCode, 401);
      // Not from the proxy: the header is not believed.
      assert.equal((await send('198.51.100.4', '203.0.113.9')).statusCode, 401);
    } finally {
      await h.dispose();
    }
  });
});

describe('insights token check', () => {
  it('stores only an HMAC and compares digests of equal length, once per request, on every path', async () => {
    const ctx = { secret: 'test-secret-test-secret-test-secret-0000' };
    const tenant = { tokenHash: tokenHash(ctx, TOKEN) };
    assert.notEqual(tenant.tokenHash, TOKEN);
    assert.ok(!tenant.tokenHash.includes(TOKEN.slice(0, 8)));
    assert.equal(tokenMatches(ctx, tenant, TOKEN), true);
    // Constant time without a stopwatch: whatever the guess (near miss, far miss, empty,
    // longer), the one comparison made is timingSafeEqual's over two digests of the same
    // length, neither of which is the guess — so its time cannot depend on the guess.
    const calls: [string, string][] = [];
    const spy = (a: string, b: string) => {
      calls.push([a, b]);
      return safeEqual(a, b);
    };
    for (const guess of [
      '',
      'w',
      TOKEN.slice(0, -1),
      `${TOKEN.slice(0, -1)}x`,
      `${TOKEN}x`,
      TOKEN.toUpperCase(),
    ]) {
      calls.length = 0;
      assert.equal(tokenMatches(ctx, tenant, guess, spy), false);
      assert.equal(calls.length, 1, guess);
      const [a, b] = calls[0]!;
      assert.equal(a.length, b.length, guess);
      assert.equal(b, tenant.tokenHash);
      if (guess.length > 8) assert.ok(!a.includes(guess), 'the guess itself is never compared');
    }
  });

  it('an unknown client id runs the same comparison as a wrong token', async () => {
    const h = await harness({ background: false });
    try {
      const calls: [string, string][] = [];
      const auth = createTenantAuth(h.ctx, {
        headersToo: false,
        body: UNAUTHORIZED,
        equal: (a, b) => {
          calls.push([a, b]);
          return safeEqual(a, b);
        },
      });
      const lengths = async (query: string) => {
        calls.length = 0;
        const request = {
          query: Object.fromEntries(new URLSearchParams(query)),
          headers: {},
          socket: { remoteAddress: '203.0.113.5' },
          log: h.ctx.logger,
        } as unknown as FastifyRequest;
        await auth(request).catch(() => {});
        return calls.map(([a, b]) => [a.length, b.length]);
      };
      const wrong = await lengths(`client_id=${h.clientId}&token=wrong-token-0123456789abcdef`);
      const unknown = await lengths(`client_id=nobody&token=wrong-token-0123456789abcdef`);
      const right = await lengths(`client_id=${h.clientId}&token=${TOKEN}`);
      assert.equal(wrong.length, 1);
      assert.deepEqual(unknown, wrong);
      assert.deepEqual(right, wrong);
    } finally {
      await h.dispose();
    }
  });
});
