// Ingestion: 202 before any platform call, retries while the platform is down, idempotency
// by transcript hash, concurrent deliveries, and personal data that never reaches the
// model upstream, the logs or the stored insight.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createInsightsApp } from '../../src/insights/app.js';
import type { FakeUpstream, Received, Wire } from '../fakes/upstream.js';
import { fakeOpenAI } from '../fakes/openai.js';
import { FAST, harness, type Harness, ingestJobs, personalTranscript, SEEDED, waitUntil } from './helpers.js';

const complete = (id: string) => ({ eventType: 'SESSION_COMPLETE', content: { id } });

async function insightRow(h: Harness, sessionId: string) {
  return h.ctx.db.kysely
    .selectFrom('insights')
    .selectAll()
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
}

function assertClean(text: string, where: string) {
  for (const v of SEEDED)
    assert.ok(!text.includes(v), `${where} holds a seeded personal value (${v.length} chars)`);
}

describe('insights ingestion (rules analysis, no model configured)', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  const post = (body: unknown) =>
    h.app.inject({ method: 'POST', url: h.url('/webhooks/partner-crm'), payload: body as object });

  it('answers 202 before the platform is called, then fetches, analyses and stores', async () => {
    h.platform.sessions.set('s-slow', personalTranscript());
    // The platform answers nothing until released: a 202 that waited for it would never come.
    h.platform.hold = true;
    const r = await post(complete('s-slow'));
    assert.equal(r.statusCode, 202);
    await waitUntil(() => h.platform.heldCount === 1);
    assert.equal(await insightRow(h, 's-slow'), undefined);
    h.platform.hold = false;
    h.platform.release();
    await waitUntil(async () => (await insightRow(h, 's-slow')) !== undefined);
    const row = (await insightRow(h, 's-slow'))!;
    assert.equal(row.analyzer, 'regras');
    assert.equal(row.sentiment, 'positivo');
    assert.equal(row.outcome, 'resolvido');
    assert.ok(JSON.parse(row.topics).includes('pagamento'));
    assertClean(JSON.stringify(row), 'stored insight');
    assert.equal(h.platform.requests[0]!.headers.authorization, `Bearer ${h.platform.token}`);
  });

  it('keeps the job while the platform is down and retries with backoff until it answers', async () => {
    h.platform.sessions.set('s-down', personalTranscript());
    h.platform.down = true;
    assert.equal((await post(complete('s-down'))).statusCode, 202);
    await waitUntil(async () => {
      const [job] = await ingestJobs(h, 's-down');
      return (job?.attempts ?? 0) >= 2 && job?.last_error === 'platform_503';
    });
    assert.equal(await insightRow(h, 's-down'), undefined);
    h.platform.down = false;
    await waitUntil(async () => (await insightRow(h, 's-down')) !== undefined);
    await waitUntil(async () => (await ingestJobs(h, 's-down'))[0]?.status === 'completed');
  });

  it('ignores an identical transcript; new content updates the same record', async () => {
    h.platform.sessions.set('s-dup', personalTranscript());
    await post(complete('s-dup'));
    await waitUntil(async () => (await insightRow(h, 's-dup')) !== undefined);
    const first = (await insightRow(h, 's-dup'))!;
    await post(complete('s-dup'));
    await waitUntil(() => h.platform.transcriptFetches('s-dup') === 2);
    await h.app.insights!.worker.idle();
    const same = (await insightRow(h, 's-dup'))!;
    assert.deepEqual(same, first);
    // Reopened and concluded again with more messages.
    h.platform.sessions.set('s-dup', [
      ...personalTranscript(),
      { role: 'customer', text: 'Voltei: o boleto novo também veio errado, continua sem solução.' },
    ]);
    await post({ eventType: 'SESSION_UPDATE', content: { id: 's-dup', status: 'COMPLETED' } });
    await waitUntil(async () => (await insightRow(h, 's-dup'))!.revision === 2);
    const updated = (await insightRow(h, 's-dup'))!;
    assert.equal(updated.id, first.id);
    assert.equal(updated.outcome, 'nao_resolvido');
    assert.equal(updated.message_count, 6);
  });

  it('concurrent deliveries, on two instances sharing the database, produce one record', async () => {
    const second = await createInsightsApp(h.ctx, { settings: FAST });
    try {
      h.platform.sessions.set('s-conc', personalTranscript());
      const apps = [h.app, second];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          apps[i % 2]!.inject({
            method: 'POST',
            url: h.url('/webhooks/partner-crm'),
            payload: complete('s-conc'),
          }),
        ),
      );
      assert.ok(answers.every((a) => a.statusCode === 202));
      await waitUntil(async () => (await insightRow(h, 's-conc')) !== undefined);
      await Promise.all([h.app.insights!.worker.idle(), second.insights!.worker.idle()]);
      const rows = await h.ctx.db.kysely
        .selectFrom('insights')
        .selectAll()
        .where('session_id', '=', 's-conc')
        .execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.revision, 1);
    } finally {
      await second.close();
    }
  });

  it('lists and reads insights with the tenant credential (query or headers)', async () => {
    const list = await h.app.inject({ method: 'GET', url: h.url('/insights') + '&limit=2' });
    assert.equal(list.statusCode, 200);
    const page = list.json() as { insights: { sessionId: string }[]; next: string | null };
    assert.equal(page.insights.length, 2);
    assert.ok(page.next);
    const rest = await h.app.inject({ method: 'GET', url: h.url('/insights') + `&cursor=${page.next}` });
    const all = [...page.insights, ...(rest.json() as typeof page).insights].map((i) => i.sessionId).sort();
    assert.deepEqual(all, ['s-conc', 's-down', 's-dup', 's-slow']);
    const one = await h.app.inject({
      method: 'GET',
      url: '/insights/s-dup',
      headers: { 'x-client-id': h.clientId, authorization: 'Bearer webhook-token-0123456789abcdef' },
    });
    assert.equal(one.statusCode, 200);
    assert.equal(one.json().insight.revision, 2);
    assert.equal((await h.app.inject({ method: 'GET', url: h.url('/insights/nope') })).statusCode, 404);
    const denied = await h.app.inject({
      method: 'GET',
      url: '/insights/s-dup',
      headers: { 'x-client-id': h.clientId },
    });
    assert.equal(denied.statusCode, 401);
    assert.equal(denied.json().error, 'unauthorized');
    assert.equal(
      (await h.app.inject({ method: 'GET', url: h.url('/insights') + '&limit=500' })).statusCode,
      400,
    );
  });

  it('never logs the transcript', () => {
    assertClean(h.ctx.logs.text, 'logs');
  });
});

describe('insights ingestion through a real model upstream', () => {
  let upstream: FakeUpstream;
  let h: Harness;
  before(async () => {
    upstream = await fakeOpenAI();
    // The "model" answers JSON, and also tries to hand back personal data it never saw.
    upstream.handler = (req: Received) => ({
      status: 200,
      json: {
        id: 'x',
        object: 'chat.completion',
        created: 1,
        model: (req.body as Wire).model,
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: {
              role: 'assistant',
              content: JSON.stringify({
                resumo:
                  'Cliente reclamou de boleto errado; atendente corrigiu. Contato: joana.prado@empresa.com.br, CPF 529.982.247-25.',
                topicos: ['boleto', 'pagamento'],
                sentimento: 'positivo',
                desfecho: 'resolvido',
              }),
            },
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    });
    const dir = mkdtempSync(join(tmpdir(), 'svc-insights-'));
    const config = join(dir, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        providers: { oa: { type: 'openai', base_url: `${upstream.url}/v1`, api_key: 'sk-test' } },
        models: [
          {
            id: 'svc/gpt',
            provider: 'oa',
            upstream_model: 'gpt-test',
            display_name: 'G',
            context_window: 128000,
            description: 'd',
          },
        ],
      }),
    );
    h = await harness({ env: { SVC_CONFIG: config } });
  });
  after(async () => {
    await h.dispose();
    await upstream.stop();
  });

  it('the model sees placeholders only; nothing personal is stored or logged', async () => {
    h.platform.sessions.set('s-model', personalTranscript());
    const r = await h.app.inject({
      method: 'POST',
      url: h.url('/webhooks/partner-crm'),
      payload: complete('s-model'),
    });
    assert.equal(r.statusCode, 202);
    await waitUntil(async () => (await insightRow(h, 's-model')) !== undefined);
    assert.ok(upstream.received.length >= 1, 'the model was called');
    assert.match(upstream.everything, /\[CPF_1\]/);
    assert.match(upstream.everything, /boleto/);
    assertClean(upstream.everything, 'model upstream');
    const row = (await insightRow(h, 's-model'))!;
    assert.equal(row.analyzer, 'modelo');
    assert.deepEqual(JSON.parse(row.topics), ['boleto', 'pagamento']);
    assertClean(JSON.stringify(row), 'stored insight');
    assertClean(h.ctx.logs.text, 'logs');
  });
});
