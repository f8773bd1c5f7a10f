// Drop-in model names: an application written against a vendor keeps its `model` value.
// The catalogue's alias rules, the config file's optional fields and their defaults, and
// the official clients calling a configured model by its upstream name through the gateway.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { Catalogue } from '../../../src/gateway/pipeline/catalogue.js';
import type { FileConfig } from '../../../src/platform/config/index.js';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { fakeAnthropic } from '../../fakes/anthropic.js';
import { fakeOpenAI } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { makeKey } from '../../helpers/gateway.js';
import { assertNoPersonalData, CPF, collect, listeningGateway, NAME, writeConfig } from './helpers.js';

const providers = {
  oa: { type: 'openai' as const, base_url: 'http://127.0.0.1:9/v1' },
  router: { type: 'openai' as const, base_url: 'http://127.0.0.1:9/v1' },
};

function problems(file: unknown): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'svc-aliases-'));
  const path = join(dir, 'svc.json');
  writeFileSync(path, JSON.stringify(file));
  try {
    loadConfig({ SVC_CONFIG: path });
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
  return [];
}

describe('model aliases in the catalogue', () => {
  it('answers to the id, the listed aliases and the upstream name', () => {
    const c = new Catalogue({
      providers,
      models: [
        { id: 'svc/mini', provider: 'oa', upstream_model: 'gpt-4o-mini', aliases: ['mini', 'rápido'] },
      ],
    } as FileConfig);
    for (const name of ['svc/mini', 'mini', 'rápido', 'gpt-4o-mini'])
      assert.equal(c.get(name)?.id, 'svc/mini');
    assert.deepEqual(c.get('svc/mini')?.aliases, ['mini', 'rápido', 'gpt-4o-mini']);
    assert.equal(c.get('gpt-4o'), undefined);
    assert.deepEqual(
      c.list(null).map((m) => m.id),
      ['svc/mini', 'svc/eco'],
      'aliases are not listed as models; the built-in svc/eco stays, last',
    );
  });

  it('leaves an upstream name out when it is ambiguous or another model lists it', () => {
    const c = new Catalogue({
      providers,
      models: [
        // Two models on the same upstream model: neither gets its name.
        { id: 'svc/a', provider: 'oa', upstream_model: 'shared' },
        { id: 'svc/b', provider: 'router', upstream_model: 'shared' },
        // svc/c's upstream name is svc/d's listed alias: svc/d keeps it.
        { id: 'svc/c', provider: 'oa', upstream_model: 'claimed' },
        { id: 'svc/d', provider: 'oa', upstream_model: 'd-up', aliases: ['claimed'] },
        // Another svc gateway as the provider: its svc/ name is not an alias here.
        { id: 'svc/e', provider: 'oa', upstream_model: 'svc/eco' },
      ],
    } as FileConfig);
    assert.equal(c.get('shared'), undefined);
    assert.equal(c.get('claimed')?.id, 'svc/d');
    assert.deepEqual(c.get('svc/c')?.aliases, []);
    assert.deepEqual(c.get('svc/d')?.aliases, ['claimed', 'd-up']);
    // svc/e's upstream name is not an alias: svc/eco is still the built-in echo.
    assert.deepEqual(c.get('svc/eco')?.targets, []);
  });

  it('one model under two providers answers to both upstream names', () => {
    const c = new Catalogue({
      providers,
      models: [
        { id: 'svc/gpt', provider: 'oa', upstream_model: 'gpt-4o-mini' },
        { id: 'svc/gpt', provider: 'router', upstream_model: 'openai/gpt-4o-mini' },
      ],
    } as FileConfig);
    assert.deepEqual(c.get('svc/gpt')?.aliases, ['gpt-4o-mini', 'openai/gpt-4o-mini']);
    assert.equal(c.get('openai/gpt-4o-mini')?.targets.length, 2);
  });

  it('fills display_name, context_window and description when the file leaves them out', () => {
    const c = new Catalogue({
      providers,
      models: [{ id: 'svc/mini', provider: 'oa', upstream_model: 'gpt-4o-mini' }],
    } as FileConfig);
    const m = c.get('svc/mini')!;
    assert.equal(m.display_name, 'gpt-4o-mini');
    assert.equal(m.context_window, 128_000);
    assert.equal(m.description, 'Modelo gpt-4o-mini do provedor oa.');
  });
});

describe('model entries in the config file', () => {
  const minimal = { providers: { oa: providers.oa } };

  it('needs only id, provider and upstream_model', () => {
    assert.deepEqual(
      problems({ ...minimal, models: [{ id: 'svc/mini', provider: 'oa', upstream_model: 'gpt-4o-mini' }] }),
      [],
    );
  });

  it('reports each problem of an entry once', () => {
    const found = problems({ ...minimal, models: [{ id: 'svc/mini', provider: 'oa', context_window: 'x' }] });
    assert.deepEqual(found, [
      'SVC_CONFIG /models/0/upstream_model: required setting is missing',
      'SVC_CONFIG /models/0/context_window: expected integer',
    ]);
  });

  it('refuses an alias listed for two models, an alias in the svc/ namespace and one with spaces', () => {
    const found = problems({
      ...minimal,
      models: [
        { id: 'svc/a', provider: 'oa', upstream_model: 'a', aliases: ['fast'] },
        { id: 'svc/b', provider: 'oa', upstream_model: 'b', aliases: ['fast'] },
      ],
    });
    assert.deepEqual(found, ['SVC_CONFIG /models/1/aliases/0: "fast" is already an alias of "svc/a"']);
    const bad = problems({
      ...minimal,
      models: [{ id: 'svc/a', provider: 'oa', upstream_model: 'a', aliases: ['svc/x', 'gpt 4'] }],
    });
    assert.equal(bad.length, 2, bad.join('; '));
    assert.match(bad[0]!, /\/models\/0\/aliases\/0/);
    assert.match(bad[1]!, /\/models\/0\/aliases\/1/);
    // The same alias on two entries of one model (two providers) is one model's alias.
    assert.deepEqual(
      problems({
        providers,
        models: [
          { id: 'svc/a', provider: 'oa', upstream_model: 'a', aliases: ['fast'] },
          { id: 'svc/a', provider: 'router', upstream_model: 'a2', aliases: ['fast'] },
        ],
      }),
      [],
    );
  });
});

describe('drop-in names through the gateway', () => {
  let oa: FakeUpstream;
  let an: FakeUpstream;
  let gw: Awaited<ReturnType<typeof listeningGateway>>;
  let secret: string;
  let limited: string;

  before(async () => {
    oa = await fakeOpenAI();
    an = await fakeAnthropic();
    const config = writeConfig({
      providers: {
        oa: { type: 'openai', base_url: `${oa.url}/v1` },
        an: { type: 'anthropic', base_url: an.url },
      },
      models: [
        { id: 'svc/mini', provider: 'oa', upstream_model: 'gpt-4o-mini' },
        {
          id: 'svc/sonnet',
          provider: 'an',
          upstream_model: 'claude-sonnet-4-5-20250929',
          aliases: ['claude-sonnet-4-5'],
        },
      ],
    });
    gw = await listeningGateway({ SVC_CONFIG: config });
    secret = (await makeKey(gw.ctx)).secret;
    limited = (await makeKey(gw.ctx, { org: { released_models: JSON.stringify(['svc/sonnet']) } })).secret;
  });
  after(async () => {
    await gw?.dispose();
    await oa?.stop();
    await an?.stop();
  });

  it('the openai client calls a model by its vendor name; the vendor sees no personal data', async () => {
    const reply = await gw.openai(secret).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: `Sou ${NAME}, CPF ${CPF}` }],
    });
    assert.equal(reply.model, 'gpt-4o-mini', 'the answer names the model as the caller did');
    assert.equal(reply.choices[0]?.message.content, 'eco: Sou [NOME_1], CPF [CPF_1]');
    const sent = oa.received.at(-1)!;
    assert.equal(sent.body.model, 'gpt-4o-mini');
    assertNoPersonalData(sent.raw, 'the upstream request');
  });

  it('the anthropic client calls a model by a listed alias', async () => {
    const msg = await gw.anthropic(secret).messages.create({
      model: 'claude-sonnet-4-5',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Olá' }],
    });
    assert.equal(msg.model, 'claude-sonnet-4-5');
    assert.equal(an.received.at(-1)!.body.model, 'claude-sonnet-4-5-20250929');
  });

  it('the answer names the model as the caller did, in JSON and in every streamed chunk of each format', async () => {
    const chat = gw.openai(secret).chat.completions;
    const chunks = await collect(
      await chat.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Olá' }], stream: true }),
    );
    assert.ok(chunks.length > 2 && chunks.every((c) => c.model === 'gpt-4o-mini'));
    const events = await collect(
      await gw.anthropic(secret).messages.create({
        model: 'claude-sonnet-4-5',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Olá' }],
        stream: true,
      }),
    );
    const start = events.find((e) => e.type === 'message_start');
    assert.equal(start?.type === 'message_start' && start.message.model, 'claude-sonnet-4-5');
    const { data, response } = await gw
      .openai(secret)
      .responses.create({ model: 'gpt-4o-mini', input: 'Olá' })
      .withResponse();
    assert.equal(data.model, 'gpt-4o-mini');
    assert.equal(response.headers.get('x-svc-model'), 'svc/mini', 'the header names the catalogue model');
    const typed = await collect(
      await gw.openai(secret).responses.create({ model: 'gpt-4o-mini', input: 'Olá', stream: true }),
    );
    const withResponse = typed.flatMap((e) => ('response' in e ? [e.response.model] : []));
    assert.deepEqual(withResponse, ['gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o-mini']);
  });

  it('/v1/models lists canonical ids with their aliases; svc/auto and the MCP tools are unchanged', async () => {
    const list = await gw.openai(secret).models.list();
    const byId = new Map(list.data.map((m) => [m.id, m as unknown as { aliases: string[] }]));
    assert.deepEqual([...byId.keys()], ['svc/auto', 'svc/mini', 'svc/sonnet', 'svc/eco']);
    assert.deepEqual(byId.get('svc/mini')?.aliases, ['gpt-4o-mini']);
    assert.deepEqual(byId.get('svc/sonnet')?.aliases, ['claude-sonnet-4-5', 'claude-sonnet-4-5-20250929']);
    assert.deepEqual(byId.get('svc/auto')?.aliases, []);
    const index = (await (await fetch(`${gw.origin}/api/`)).json()) as { mcp_tools: string[] };
    assert.ok(index.mcp_tools.every((t) => !t.includes('gpt-4o') && !t.includes('claude-sonnet')));
    const auto = await gw
      .openai(secret)
      .chat.completions.create({
        model: 'svc/auto',
        messages: [{ role: 'user', content: 'Olá' }],
      })
      .withResponse();
    assert.equal(auto.data.model, 'svc/auto');
    assert.ok(['svc/mini', 'svc/sonnet'].includes(auto.response.headers.get('x-svc-model')!));
  });

  it('an alias is released or not with its model', async () => {
    await assert.rejects(
      gw.openai(limited).chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Olá' }],
      }),
      (err: unknown) => err instanceof OpenAI.PermissionDeniedError && err.code === 'model_not_released',
    );
    await assert.rejects(
      gw
        .openai(secret)
        .chat.completions.create({ model: 'gpt-5', messages: [{ role: 'user', content: 'x' }] }),
      (err: unknown) => err instanceof OpenAI.NotFoundError,
    );
  });
});
