// The catalogue's kinds and svc/eco beside configured models: which models each caller of
// the catalogue sees (the model list, svc/auto's choice, the MCP tools), the "eco": false
// switch, and the config loader's checks of the new fields.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { chooseModel } from '../../../src/gateway/pipeline/auto.js';
import { Catalogue } from '../../../src/gateway/pipeline/catalogue.js';
import type { Conversation } from '../../../src/gateway/models/types.js';
import { ConfigError, type FileConfig, loadConfig } from '../../../src/config.js';

const providers = {
  oa: { type: 'openai' as const, base_url: 'http://127.0.0.1:9/v1' },
  an: { type: 'anthropic' as const, base_url: 'http://127.0.0.1:9' },
};
const models = [
  { id: 'svc/mini', provider: 'oa', upstream_model: 'gpt-4o-mini' },
  { id: 'svc/vec', provider: 'oa', upstream_model: 'text-embedding-3-small', kind: 'embedding' as const },
];

const conv = (text: string): Conversation => ({
  model: 'svc/auto',
  source: 'chat',
  system: [],
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  stream: false,
  streamUsage: false,
  extra: {},
});

function problems(file: unknown): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'svc-kinds-'));
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

describe('catalogue kinds and svc/eco', () => {
  it('keeps svc/eco, last, beside configured models; chat() leaves embedding models out', () => {
    const c = new Catalogue({ providers, models } as FileConfig);
    assert.deepEqual(
      c.list(null).map((m) => [m.id, m.kind]),
      [
        ['svc/mini', 'chat'],
        ['svc/vec', 'embedding'],
        ['svc/eco', 'chat'],
      ],
    );
    assert.deepEqual(
      c.chat(null).map((m) => m.id),
      ['svc/mini', 'svc/eco'],
    );
    assert.equal(c.get('text-embedding-3-small')?.id, 'svc/vec');
  });

  it('svc/auto picks a real chat model, never svc/eco nor an embedding model', () => {
    const c = new Catalogue({ providers, models } as FileConfig);
    assert.deepEqual(
      c.choosable(null).map((m) => m.id),
      ['svc/mini'],
    );
    assert.equal(chooseModel(conv('Olá, tudo bem?'), c.choosable(null), c.choosable(null)).id, 'svc/mini');
    // Only svc/eco released: svc/auto is svc/eco, as without providers.
    assert.deepEqual(
      c.choosable(['svc/eco']).map((m) => m.id),
      ['svc/eco'],
    );
    // Only an embedding model: nothing to choose from.
    assert.deepEqual(c.choosable(['svc/vec']), []);
  });

  it('"eco": false hides svc/eco; with no model at all it is the only one', () => {
    const hidden = new Catalogue({ providers, models, eco: false } as FileConfig);
    assert.equal(hidden.get('svc/eco'), undefined);
    assert.deepEqual(
      hidden.list(null).map((m) => m.id),
      ['svc/mini', 'svc/vec'],
    );
    assert.deepEqual(
      new Catalogue({}).list(null).map((m) => m.id),
      ['svc/eco'],
    );
  });

  it('the loader accepts the new fields and refuses them where they cannot work', () => {
    assert.deepEqual(
      problems({ providers: { oa: { ...providers.oa, responses_api: true } }, models, eco: false }),
      [],
    );
    assert.deepEqual(
      problems({
        providers: { ...providers, bad: { ...providers.an, responses_api: true } },
        models: [
          { id: 'svc/vec', provider: 'an', upstream_model: 'x', kind: 'embedding' },
          { id: 'svc/mix', provider: 'oa', upstream_model: 'a' },
          { id: 'svc/mix', provider: 'an', upstream_model: 'b', kind: 'embedding' },
        ],
      }),
      [
        'SVC_CONFIG /providers/bad/responses_api: only an "openai" provider speaks the Responses API',
        'SVC_CONFIG /models/0/kind: embedding models need an "openai" provider',
        'SVC_CONFIG /models/2/kind: embedding models need an "openai" provider',
        'SVC_CONFIG /models/2/kind: "svc/mix" is listed earlier as a chat model',
      ],
    );
    const bad = problems({ providers, models: [{ ...models[0], kind: 'vision' }], eco: 'no' });
    assert.equal(bad.length, 2, bad.join('; '));
  });
});
