// The request log, usage per key/member/model/day and the record of processing, through the
// whole gateway: calls with personal data in them are logged as counts only; owners,
// administrators and the dpo read the organisation's rows, members their own; the dpo
// changes nothing and calls no model; bad input is a 400 in the error envelope.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { onPostgres } from '../../helpers/db.js';
import { assertNoPersonalData, CPF, EMAIL, NAME, PHONE } from '../models/helpers.js';
import { type CallsSetup, callsSetup } from './setup.js';

const PROMPT = `Meu nome é ${NAME}, CPF ${CPF}, e-mail ${EMAIL}, telefone ${PHONE}. Resuma.`;

describe(`request log, usage and records (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let s: CallsSetup;
  let base: string;
  before(async () => {
    s = await callsSetup();
    base = `/api/account/organizations/${s.org.id}`;
    const { owner, member } = s.people;
    const ok = await s.chat(owner, { model: 'svc/gpt', messages: [{ role: 'user', content: PROMPT }] });
    assert.equal(ok.status, 200, ok.body);
    const unknown = await s.chat(owner, { model: 'svc/nada', messages: [{ role: 'user', content: PROMPT }] });
    assert.equal(unknown.status, 404);
    const bad = await s.chat(member, { model: 'svc/gpt', messages: 'não é lista' });
    assert.equal(bad.status, 400);
    const mine = await s.chat(member, { model: 'svc/gpt', messages: [{ role: 'user', content: 'Olá' }] });
    assert.equal(mine.status, 200);
    // The rows are written on the writer's tick; wait for that write, not for time.
    await s.deps.calls.flush();
  });
  after(() => s.dispose());

  it('logs every call after the key check, success or failure, with counts and no values', async () => {
    const res = await s.people.owner.browser.get(`${base}/calls`);
    assert.equal(res.status, 200);
    const calls = res.json.calls as Record<string, unknown>[];
    assert.equal(calls.length, 4);
    const done = calls.find((c) => c.key_id === s.people.owner.keyId && c.status === 200)!;
    assert.equal(done.route, '/v1/chat/completions');
    assert.equal(done.model_asked, 'svc/gpt');
    assert.equal(done.model_used, 'svc/gpt');
    assert.equal(done.provider, 'oa');
    assert.equal(done.region, 'us');
    assert.equal(done.input_tokens, 11);
    assert.equal(done.output_tokens, 7);
    // PRICE: 1000 µUSD per input token, 2000 per output token.
    assert.equal(done.cost_usd, ((11 * 1000 + 7 * 2000) / 1e6).toFixed(6));
    const found = done.findings as Record<string, { masked: number }>;
    for (const category of ['cpf', 'email', 'telefone'])
      assert.ok((found[category]?.masked ?? 0) >= 1, `${category} counted`);
    const unknown = calls.find((c) => c.status === 404)!;
    assert.equal(unknown.model_asked, null, 'a name outside the catalogue is not kept');
    assert.ok(calls.some((c) => c.status === 400 && c.key_id === s.people.member.keyId));
    assert.equal(res.json.has_more, false);
  });

  it('logs a stream with the usage it reported, and the messages route, on another key', async () => {
    const { admin } = s.people;
    const stream = await s.chat(admin, {
      model: 'svc/gpt',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: `Ligue para ${PHONE}` }],
    });
    assert.equal(stream.status, 200);
    const messages = await s.app.inject({
      method: 'POST',
      url: '/v1/messages',
      headers: { 'x-api-key': admin.secret, 'content-type': 'application/json' },
      payload: JSON.stringify({
        model: 'svc/gpt',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'Oi' }],
      }),
    });
    assert.equal(messages.statusCode, 200, messages.body);
    await s.deps.calls.flush();
    const res = await admin.browser.get(`${base}/calls?key=${admin.keyId}`);
    const calls = res.json.calls as { route: string; input_tokens: number; findings: object }[];
    assert.deepEqual(calls.map((c) => c.route).sort(), ['/v1/chat/completions', '/v1/messages']);
    const streamed = calls.find((c) => c.route === '/v1/chat/completions')!;
    assert.equal(streamed.input_tokens, 11, 'the usage chunk at the end of the stream');
    assert.ok('telefone' in streamed.findings);
    // Out of the other tests' counts: these two rows go.
    await s.ctx.db.kysely.deleteFrom('call_log').where('key_id', '=', admin.keyId).execute();
  });

  it('filters by key, model, status and day, and pages', async () => {
    const { owner } = s.people;
    const get = async (q: string) => (await owner.browser.get(`${base}/calls?${q}`)).json.calls as unknown[];
    assert.equal((await get(`key=${s.people.member.keyId}`)).length, 2);
    assert.equal((await get('status=4xx')).length, 2);
    assert.equal((await get('status=404')).length, 1);
    assert.equal((await get('model=svc/gpt')).length, 2);
    const today = new Date().toISOString().slice(0, 10);
    assert.equal((await get(`day=${today}`)).length, 4);
    assert.equal((await get('day=2020-01-01')).length, 0);
    const page1 = await owner.browser.get(`${base}/calls?limit=3`);
    assert.equal((page1.json.calls as unknown[]).length, 3);
    assert.equal(page1.json.has_more, true);
    const page2 = await owner.browser.get(`${base}/calls?limit=3&page=2`);
    assert.equal((page2.json.calls as unknown[]).length, 1);
    assert.equal(page2.json.has_more, false);
  });

  it('shows a member only their own calls; admin and dpo see all; outsiders get 403', async () => {
    const { member, admin, dpo } = s.people;
    const own = (await member.browser.get(`${base}/calls`)).json.calls as { key_id: string }[];
    assert.equal(own.length, 2);
    assert.ok(own.every((c) => c.key_id === member.keyId));
    assert.equal(((await admin.browser.get(`${base}/calls`)).json.calls as unknown[]).length, 4);
    assert.equal(((await dpo.browser.get(`${base}/calls`)).json.calls as unknown[]).length, 4);
    for (const path of ['calls', 'usage?by=key', 'records']) {
      const res = await s.outsider.get(`${base}/${path}`);
      assert.equal(res.status, 403, path);
      assert.equal(res.json.error, 'organization_forbidden');
    }
    const records = await member.browser.get(`${base}/records`);
    assert.equal(records.status, 403, 'the record of processing is not for members');
  });

  it('refuses bad parameters with 400 invalid_request', async () => {
    const { owner } = s.people;
    for (const q of [
      'calls?status=abc',
      'calls?status=600',
      'calls?day=ontem',
      'calls?page=0',
      'calls?limit=abc',
      'calls?format=xml',
      'calls?outro=1',
      'usage',
      'usage?by=cor',
      'usage?by=key&from=2026-02-30',
      'usage?by=key&from=2026-03-02&to=2026-03-01',
      'usage?by=key&from=2020-01-01&to=2026-01-01',
      'records?format=pdf',
      'records?to=amanhã',
    ]) {
      const res = await owner.browser.get(`${base}/${q}`);
      assert.equal(res.status, 400, q);
      assert.equal(typeof res.json.error, 'string', q);
    }
    const anonymous = await s.app.inject({ method: 'GET', url: `${base}/calls` });
    assert.equal(anonymous.statusCode, 401);
  });

  it('sums usage per key, member, model and day (members: their own)', async () => {
    const { owner, member } = s.people;
    const byKey = await owner.browser.get(`${base}/usage?by=key`);
    assert.equal(byKey.status, 200);
    const groups = byKey.json.groups as { id: string; label: string; calls: number; input_tokens: number }[];
    const ownerKey = groups.find((g) => g.id === owner.keyId)!;
    assert.equal(ownerKey.calls, 2);
    assert.equal(ownerKey.label, 'chave owner');
    assert.equal(ownerKey.input_tokens, 11);
    const byMember = await owner.browser.get(`${base}/usage?by=member`);
    assert.deepEqual(
      (byMember.json.groups as { label: string }[]).map((g) => g.label).sort(),
      [owner.email, member.email].sort(),
    );
    const byModel = (await owner.browser.get(`${base}/usage?by=model`)).json.groups as {
      id: string | null;
      calls: number;
      cost_usd: string;
    }[];
    const gpt = byModel.find((g) => g.id === 'svc/gpt')!;
    assert.equal(gpt.calls, 2, 'the 400 and the 404 never reached a model');
    assert.equal(byModel.find((g) => g.id === null)?.calls, 2);
    const byDay = (await member.browser.get(`${base}/usage?by=day`)).json.groups as {
      calls: number;
      found: Record<string, number>;
    }[];
    assert.equal(byDay.length, 1);
    assert.equal(byDay[0]!.calls, 2, 'a member counts only their own calls');
    assert.deepEqual(byDay[0]!.found, {}, "a member's calls held no personal data");
    const ownerDays = (await owner.browser.get(`${base}/usage?by=day`)).json.groups as {
      found: Record<string, number>;
    }[];
    assert.equal(ownerDays[0]!.found.cpf, 1, 'the CPF of the answered call, per day');
  });

  it('exports the request log and the record of processing as CSV', async () => {
    const { owner, dpo } = s.people;
    const csv = await owner.browser.get(`${base}/calls?format=csv`);
    assert.equal(csv.status, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.match(String(csv.headers['content-disposition']), /registro\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines.length, 5);
    assert.ok(lines[0]!.startsWith('at;key_id;key_name;account_id;route;'));
    const rec = await dpo.browser.get(`${base}/records?format=csv`);
    assert.equal(rec.status, 200);
    const recLines = rec.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.ok(recLines[0]!.startsWith('day;key_id;key_name;route;vendor;vendor_region;operations'));
    assert.ok(recLines.some((l) => l.includes(';oa;us;') && l.includes(';cpf;')));
  });

  it('gives the dpo the record of processing, and nothing to change or call', async () => {
    const { dpo } = s.people;
    const rec = await dpo.browser.get(`${base}/records`);
    assert.equal(rec.status, 200);
    const rows = rec.json.rows as {
      vendor: string;
      vendor_region: string;
      operations: number;
      items: object;
    }[];
    const toVendor = rows.filter((r) => r.vendor === 'oa');
    assert.equal(
      toVendor.reduce((n, r) => n + r.operations, 0),
      2,
    );
    const totals = rec.json.totals as { operations: number; items: Record<string, { masked: number }> };
    assert.equal(totals.operations, 4);
    assert.equal(totals.items.cpf!.masked, 1, 'the 404 was refused before the barrier ran');
    const privacy = await dpo.browser.get(`${base}/privacy`);
    assert.equal(privacy.status, 200);
    assert.equal(privacy.json.editable, false);
    assert.equal(privacy.json.role, 'dpo');
    const change = await dpo.browser.send('PUT', `${base}/privacy`, {
      body: { policy: 'block', nameSensitivity: 'strict', maskedCategories: [] },
    });
    assert.equal(change.status, 403);
    const play = await dpo.browser.post('/api/account/playground/chat', {
      organizationId: s.org.id,
      model: 'svc/gpt',
      text: 'Olá',
    });
    assert.equal(play.status, 403);
    assert.equal(play.json.error, 'organization_forbidden');
    const balance = await dpo.browser.get(`/api/account/organizations/${s.org.id}/credito`);
    assert.equal(balance.status, 403, "the organisation's money is not the dpo's to see");
  });

  it('keeps no seeded personal value in rows, exports, answers or logs', async () => {
    const { owner, dpo } = s.people;
    const rows = await s.ctx.db.kysely.selectFrom('call_log').selectAll().execute();
    assertNoPersonalData(JSON.stringify(rows), 'call_log rows');
    for (const url of [
      `${base}/calls`,
      `${base}/calls?format=csv`,
      `${base}/usage?by=key`,
      `${base}/usage?by=model`,
      `${base}/records`,
      `${base}/records?format=csv`,
    ]) {
      const res = await (url.includes('records') ? dpo : owner).browser.get(url);
      assert.equal(res.status, 200, url);
      assertNoPersonalData(res.body, url);
    }
    assertNoPersonalData(s.ctx.logs.text, 'the log');
  });
});
