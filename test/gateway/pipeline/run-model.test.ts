// runModel without HTTP, as an MCP tool or a worker job will call it: a principal, a
// conversation in the neutral form, options; the steps in their order (release before the
// barrier, the barrier before the provider), metering and restoration, JSON and streams.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { closeGatewayDeps, createGatewayDeps, type GatewayDeps } from '../../../src/gateway/deps.js';
import type { Conversation } from '../../../src/gateway/models/types.js';
import type { KeyPrincipal } from '../../../src/gateway/pipeline/index.js';
import { ApiError } from '../../../src/platform/http/errors.js';
import { type TestContext, testContext } from '../../helpers/context.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { CPF } from '../models/helpers.js';
import { DEFAULT_BARRIER } from '../../../src/gateway/orgs/cleaning-choice.js';

const ask = (text: string, stream = false): Conversation => ({
  model: 'svc/eco',
  source: 'chat',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  stream,
  streamUsage: false,
  extra: {},
});

describe('runModel', () => {
  let ctx: TestContext;
  let deps: GatewayDeps;
  let key: KeyFixture;
  let principal: KeyPrincipal;
  before(async () => {
    ctx = await testContext();
    deps = createGatewayDeps(ctx);
    key = await makeKey(ctx);
    principal = {
      kind: 'key',
      keyId: key.keyId,
      accountId: key.accountId,
      organizationId: key.organizationId,
      ...DEFAULT_BARRIER,
      releasedModels: null,
      restorePlaceholders: false,
      requestsPerMinute: null,
      monthlyQuota: null,
      internal: false,
    };
  });
  after(async () => {
    await closeGatewayDeps(deps);
    await ctx.dispose();
  });

  const usage = async () => {
    await deps.limits.settled();
    const rows = await ctx.db.kysely
      .selectFrom('usage_daily')
      .selectAll()
      .where('key_id', '=', key.keyId)
      .execute();
    return rows.reduce((n, r) => n + Number(r.requests), 0);
  };

  it('answers through the barrier, reports model and findings first, and counts the call', async () => {
    const seen: string[] = [];
    const run = await deps.models.runModel(principal, ask(`Meu CPF é ${CPF}.`), {
      signal: new AbortController().signal,
      onScreened: (model, findings) => seen.push(model, ...findings.map((f) => `${f.category}=${f.count}`)),
    });
    assert.deepEqual(seen, ['svc/eco', 'cpf=1']);
    assert.equal(run.kind, 'reply');
    assert.equal(
      run.kind === 'reply' && run.reply.content[0]?.type === 'text' && run.reply.content[0].text,
      '[user] Meu CPF é [CPF_1].',
    );
    assert.equal(await usage(), 1);
  });

  it('streams, restores placeholders when the principal wants them back, and counts the stream when it ends', async () => {
    const run = await deps.models.runModel(
      { ...principal, restorePlaceholders: true },
      ask(`Meu CPF é ${CPF}.`, true),
      { signal: new AbortController().signal },
    );
    assert.equal(run.kind, 'events');
    let text = '';
    for await (const batch of run.kind === 'events' ? run.events : []) {
      for (const ev of batch) if (ev.kind === 'text') text += ev.text;
    }
    assert.equal(text, `[user] Meu CPF é ${CPF}.`);
    assert.equal(await usage(), 2);
  });

  it('refuses before the barrier when the model is not released, and blocks before the provider', async () => {
    const seen: string[] = [];
    const onScreened = (model: string) => seen.push(model);
    const signal = new AbortController().signal;
    await assert.rejects(
      deps.models.runModel({ ...principal, releasedModels: ['svc/outro'] }, ask('oi'), {
        signal,
        onScreened,
      }),
      (err: unknown) => err instanceof ApiError && err.status === 403 && err.code === 'model_not_released',
    );
    assert.deepEqual(seen, []);
    await assert.rejects(
      deps.models.runModel(principal, ask(`CPF ${CPF}`), { signal, onScreened, policy: 'block' }),
      (err: unknown) => err instanceof ApiError && err.status === 422 && err.code === 'pii_blocked',
    );
    assert.deepEqual(seen, ['svc/eco']);
    assert.equal(await usage(), 2, 'refused calls are not counted');
  });
});
