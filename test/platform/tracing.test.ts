// OpenTelemetry traces over OTLP/HTTP (JSON encoding) to a receiver on loopback: one chat
// call through `svc serve gateway`, with the caller's W3C traceparent, yields the span tree
// request → auth, barrier, credit, upstream call (gen_ai.* attributes), database; the
// trace context reaches the vendor only where the provider is configured for it; no prompt
// text, key or personal value is in any span.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { fakeOpenAI } from '../fakes/openai.js';
import { OtlpReceiver, type ReceivedSpan } from '../fakes/otlp.js';
import type { FakeUpstream } from '../fakes/upstream.js';
import { paymentsConfig } from '../gateway/billing/config.js';
import { prepaidKey } from '../gateway/billing/prepaid.js';
import { CPF, EMAIL, NAME, PHONE, SEEDED } from '../gateway/models/helpers.js';
import { onPostgres, type TestStorage } from '../helpers/db.js';
import type { Child } from '../helpers/process.js';
import { catalogueModel, MICRO_A_TOKEN } from '../helpers/catalogue.js';
import { seededStorage, serve } from '../helpers/served.js';
import { waitFor } from '../helpers/wait.js';

const PROMPT = `Sou ${NAME}, CPF ${CPF}, e-mail ${EMAIL}, telefone ${PHONE}. Resuma a cláusula de rescisão.`;
const SERVER = 2;
const CLIENT = 3;

function models(upstream: string) {
  return {
    providers: {
      propaga: { type: 'openai' as const, base_url: `${upstream}/v1`, propagate_trace: true },
      fechado: { type: 'openai' as const, base_url: `${upstream}/v1` },
    },
    models: [
      catalogueModel('svc/gpt', { provider: 'propaga', price: MICRO_A_TOKEN }),
      catalogueModel('svc/outro', { provider: 'fechado', price: MICRO_A_TOKEN }),
    ],
  };
}

describe(`OpenTelemetry traces (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let upstream: FakeUpstream;
  let receiver: OtlpReceiver;
  let storage: TestStorage;
  let child: Child;
  let base: string;
  let env: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: the seeded fixture, read loosely
  let seed: any;

  before(async () => {
    upstream = await fakeOpenAI();
    receiver = await new OtlpReceiver().start();
    const seeded = await seededStorage((ctx) => prepaidKey(ctx, 10_000_000), {
      ...paymentsConfig(models(upstream.url)),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'svc-teste',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    storage = seeded.storage;
    env = seeded.env;
    seed = seeded.seed;
    const served = await serve(['gateway'], env);
    child = served.child;
    base = served.urls.gateway!;
  });

  after(async () => {
    child?.proc.kill('SIGTERM');
    assert.equal(await child?.exit(), 0);
    await receiver?.stop();
    await upstream?.stop();
    await storage?.drop();
  });

  it('one chat call: the span tree under the caller’s traceparent, gen_ai attributes, no personal value', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const client = new OpenAI({
      apiKey: seed.key.secret,
      baseURL: `${base}/v1`,
      maxRetries: 0,
      defaultHeaders: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    const reply = await client.chat.completions.create({
      model: 'svc/gpt',
      max_tokens: 100,
      messages: [{ role: 'user', content: PROMPT }],
    });
    assert.match(reply.choices[0]!.message.content ?? '', /^eco: /);

    const spans = await waitFor(
      'the request span',
      () => {
        const t = receiver.trace(traceId);
        return t.some((s) => s.name.startsWith('POST ')) && t.some((s) => s.name === 'credit.settle') && t;
      },
      { timeoutMs: 60_000, everyMs: 100 },
    );
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const one = (test: (s: ReceivedSpan) => boolean, what: string) => {
      const found = spans.filter(test);
      assert.equal(found.length, 1, `${what}: ${spans.map((s) => s.name).join(', ')}`);
      return found[0]!;
    };
    const root = one((s) => s.name === 'POST /v1/chat/completions', 'request span');
    assert.equal(root.parentSpanId, callerSpan, 'the request span continues the caller’s trace');
    assert.equal(root.kind, SERVER);
    assert.equal(root.attributes['http.route'], '/v1/chat/completions');
    assert.equal(root.attributes['http.response.status_code'], 200);

    const auth = one((s) => s.name === 'auth', 'auth span');
    assert.equal(auth.parentSpanId, root.spanId);
    assert.equal(auth.attributes['svc.auth.scheme'], 'key');

    const barrier = one((s) => s.name === 'barrier', 'barrier span');
    assert.equal(barrier.parentSpanId, root.spanId);
    assert.equal(barrier.attributes['svc.barrier.surface'], 'model');
    assert.ok(Number(barrier.attributes['svc.barrier.values']) >= 3);
    assert.ok((barrier.attributes['svc.barrier.categories'] as string[]).includes('cpf'));

    const reserve = one((s) => s.name === 'credit.reserve', 'credit reservation span');
    assert.equal(reserve.parentSpanId, root.spanId);
    const settle = one((s) => s.name === 'credit.settle', 'credit settlement span');
    assert.equal(settle.parentSpanId, root.spanId);

    const call = one((s) => s.name === 'chat g', 'upstream call span');
    assert.equal(call.parentSpanId, root.spanId);
    assert.equal(call.kind, CLIENT);
    assert.equal(call.attributes['gen_ai.system'], 'openai');
    assert.equal(call.attributes['gen_ai.operation.name'], 'chat');
    assert.equal(call.attributes['gen_ai.request.model'], 'g');
    assert.equal(call.attributes['gen_ai.usage.input_tokens'], 11);
    assert.equal(call.attributes['gen_ai.usage.output_tokens'], 7);
    assert.equal(call.attributes['svc.model'], 'svc/gpt');

    // Database spans: children of a span of this request (not traces of their own).
    const db = spans.filter((s) => s.name.startsWith('db '));
    assert.ok(db.length > 0, `no database span: ${spans.map((s) => s.name).join(', ')}`);
    for (const s of db) {
      assert.ok(byId.has(s.parentSpanId!), `${s.name} hangs outside the request`);
      assert.match(String(s.attributes['db.system.name']), onPostgres ? /^postgresql$/ : /^sqlite$/);
    }

    // The vendor got the upstream call's context: same trace, the call span as parent.
    const sent = upstream.received.at(-1)!;
    assert.equal(sent.headers.traceparent, `00-${traceId}-${call.spanId}-01`);

    const everything = receiver.bodies.join('\n');
    for (const value of [
      ...SEEDED,
      'rescisão',
      'Resuma',
      seed.key.secret,
      seed.key.keyId,
      seed.key.organizationId,
    ]) {
      assert.ok(!everything.includes(value), `a span holds "${String(value).slice(0, 10)}…"`);
    }
  });

  it('does not send the trace context to a provider not configured for it', async () => {
    const traceId = randomBytes(16).toString('hex');
    const res = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${seed.key.secret}`,
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
      body: JSON.stringify({
        model: 'svc/outro',
        max_tokens: 50,
        messages: [{ role: 'user', content: 'olá' }],
      }),
    });
    assert.equal(res.status, 200);
    const sent = upstream.received.at(-1)!;
    assert.equal(sent.headers.traceparent, undefined);
    assert.equal(sent.headers.tracestate, undefined);
    // Traced all the same, on our side.
    await waitFor('the call span', () => receiver.trace(traceId).some((s) => s.name === 'chat g'), {
      timeoutMs: 60_000,
      everyMs: 100,
    });
  });
});
