// `svc usage` and `svc records` through the real CLI on test storage: figures from the
// request log, CSV or JSON, and usage errors (exit 2) for bad options.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CallNote } from '../../src/gateway/calls/note.js';
import { callRow } from '../../src/gateway/calls/row.js';
import type { Principal } from '../../src/gateway/keys/auth.js';
import { createContext } from '../../src/context.js';
import { loadConfig } from '../../src/config.js';
import { onPostgres, type TestStorage, testStorage } from '../helpers/db.js';
import { runSvc as svc, spawnSvc } from '../helpers/process.js';

describe(`svc usage and svc records (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  let storage: TestStorage;
  let env: Record<string, string>;
  const today = new Date().toISOString().slice(0, 10);

  before(async () => {
    storage = await testStorage();
    env = { ...storage.env, SVC_SECRET: 'calls-cli-test-secret-calls-cli-0000' };
    const made = await svc(
      env,
      'account',
      'create',
      '--email',
      'dona@loja.com',
      '--password',
      'senha-forte-123',
      '--org',
      'Loja',
    );
    assert.equal(made.code, 0, made.stderr);
    const org = made.json.organization.id as string;
    const ctx = await createContext(loadConfig(env));
    try {
      const p = {
        kind: 'key',
        keyId: 'key_a',
        accountId: made.json.account.id,
        organizationId: org,
      } as Principal;
      for (const [model, tokens, cpf] of [
        ['svc/gpt', 10, 2],
        ['svc/gpt', 20, 0],
        ['svc/eco', 5, 1],
      ] as const) {
        const note = new CallNote();
        note.modelUsed = model;
        note.provider = model === 'svc/eco' ? 'svc' : 'oa';
        note.region = model === 'svc/eco' ? 'local' : 'us';
        note.inputTokens = tokens;
        note.costMicros = tokens * 100;
        if (cpf) note.findings = { cpf: { masked: cpf, removed: 0, refused: 0, allowed: 0 } };
        await ctx.db.kysely
          .insertInto('call_log')
          .values(
            callRow(p, note, { route: '/v1/chat/completions', status: 200, latencyMs: 3, at: Date.now() }),
          )
          .execute();
      }
    } finally {
      await ctx.db.close();
    }
  });
  after(() => storage.drop());

  it('prints calls, tokens and cost per model and per day', async () => {
    const byModel = await svc(env, 'usage', '--org', 'Loja', '--by', 'model');
    assert.equal(byModel.code, 0, byModel.stderr);
    assert.deepEqual(
      byModel.json.groups.map((g: { id: string; calls: number; input_tokens: number; cost_usd: string }) => [
        g.id,
        g.calls,
        g.input_tokens,
        g.cost_usd,
      ]),
      [
        ['svc/gpt', 2, 30, '0.003000'],
        ['svc/eco', 1, 5, '0.000500'],
      ],
    );
    const byDay = await svc(env, 'usage', '--org', 'Loja', '--by', 'day');
    assert.deepEqual(
      byDay.json.groups.map((g: { id: string; calls: number }) => [g.id, g.calls]),
      [[today, 3]],
    );
  });

  it('prints the record of processing as JSON and as CSV', async () => {
    const json = await svc(env, 'records', '--org', 'Loja', '--from', today, '--to', today);
    assert.equal(json.code, 0, json.stderr);
    assert.equal(json.json.totals.operations, 3);
    assert.equal(json.json.totals.items.cpf.masked, 3);
    const regions = json.json.rows.map(
      (r: { vendor: string; vendor_region: string }) => `${r.vendor}/${r.vendor_region}`,
    );
    assert.deepEqual(regions.sort(), ['oa/us', 'svc/local']);
    const child = spawnSvc(
      ['records', '--org', 'Loja', '--from', today, '--to', today, '--format', 'csv'],
      env,
    );
    assert.equal(await child.exit(), 0);
    const lines = child.stdout
      .join('\n')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    assert.ok(
      lines[0]!.startsWith(
        'day;key_id;key_name;route;vendor;vendor_region;operations;failed_operations;category;masked',
      ),
    );
    assert.ok(lines.some((l) => l.includes(';oa;us;2;0;cpf;2;')));
  });

  it('refuses bad options with exit 2', async () => {
    for (const args of [
      ['usage', '--org', 'Loja'],
      ['usage', '--org', 'Loja', '--by', 'cor'],
      ['usage', '--org', 'Nenhuma', '--by', 'key'],
      ['records', '--org', 'Loja', '--from', today],
      ['records', '--org', 'Loja', '--from', '2026-02-30', '--to', today],
      ['records', '--org', 'Loja', '--from', today, '--to', today, '--format', 'pdf'],
      ['org', 'set', '--org', 'Loja', '--request-log-days', '0'],
    ]) {
      const res = await svc(env, ...args);
      assert.equal(res.code, 2, args.join(' '));
    }
    const set = await svc(env, 'org', 'set', '--org', 'Loja', '--request-log-days', '90');
    assert.equal(set.code, 0, set.stderr);
    assert.equal(set.json.requestLogDays, 90);
  });
});
