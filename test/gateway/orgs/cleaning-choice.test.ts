// The one door for "which cleaning applies": a request only tightens, whatever it asks;
// the stored form of the categories reads back safely; and no file in src/ builds a cleaner
// of its own outside the door (the engine itself and the insights service excepted).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  type BarrierSettings,
  barrierOf,
  chooseCleaning,
  DEFAULT_BARRIER,
  unmaskedColumn,
} from '../../../src/gateway/orgs/cleaning-choice.js';
import { POLICIES, SENSITIVITIES } from '../../../src/privacy/index.js';
import { CATEGORIES } from '../../../src/privacy/index.js';

const RANK = { placeholder: 0, redact: 1, block: 2, balanced: 0, strict: 1 } as const;

describe('chooseCleaning', () => {
  it('keeps the stricter of the setting and the ask, for every pair', () => {
    for (const policy of POLICIES)
      for (const nameSensitivity of SENSITIVITIES)
        for (const askedPolicy of [undefined, ...POLICIES])
          for (const askedNames of [undefined, ...SENSITIVITIES]) {
            const settings: BarrierSettings = {
              policy,
              nameSensitivity,
              categories: CATEGORIES,
              images: 'refuse',
            };
            const got = chooseCleaning(settings, { policy: askedPolicy, nameSensitivity: askedNames });
            const label = `${policy}/${nameSensitivity} asked ${askedPolicy}/${askedNames}`;
            assert.ok(RANK[got.policy] >= RANK[policy], label);
            assert.ok(RANK[got.nameSensitivity] >= RANK[nameSensitivity], label);
            if (askedPolicy) assert.ok(RANK[got.policy] >= RANK[askedPolicy], label);
            if (askedNames) assert.ok(RANK[got.nameSensitivity] >= RANK[askedNames], label);
            assert.ok(
              [policy, askedPolicy].includes(got.policy) &&
                [nameSensitivity, askedNames].includes(got.nameSensitivity),
              label,
            );
          }
  });

  it('passes the organisation’s categories on unchanged', () => {
    const settings: BarrierSettings = { ...DEFAULT_BARRIER, categories: ['cpf', 'email'] };
    assert.deepEqual(chooseCleaning(settings, { policy: 'block' }).categories, ['cpf', 'email']);
    assert.deepEqual(chooseCleaning(DEFAULT_BARRIER).categories, CATEGORIES);
  });

  it('images: a request may only ask to refuse them', () => {
    const redacting: BarrierSettings = { ...DEFAULT_BARRIER, images: 'redact' };
    assert.equal(chooseCleaning(redacting).images, 'redact');
    assert.equal(chooseCleaning(redacting, { images: 'refuse' }).images, 'refuse');
    assert.equal(chooseCleaning(DEFAULT_BARRIER, { images: 'redact' }).images, 'refuse');
  });
});

describe('barrierOf / unmaskedColumn', () => {
  it('defaults: no row, an account key’s null columns, every category masked', () => {
    assert.deepEqual(barrierOf(undefined), DEFAULT_BARRIER);
    assert.deepEqual(
      barrierOf({ privacy_policy: null, name_sensitivity: null, unmasked_categories: null }),
      DEFAULT_BARRIER,
    );
    assert.deepEqual(DEFAULT_BARRIER, {
      policy: 'placeholder',
      nameSensitivity: 'balanced',
      categories: CATEGORIES,
      images: 'refuse',
    });
  });

  it('reads back what it stores; masking everything stores null', () => {
    assert.equal(unmaskedColumn(CATEGORIES), null);
    const masked = CATEGORIES.filter((c) => c !== 'nome' && c !== 'telefone');
    const column = unmaskedColumn(masked);
    assert.deepEqual(JSON.parse(column!).sort(), ['nome', 'telefone']);
    const row = {
      privacy_policy: 'block',
      name_sensitivity: 'strict',
      unmasked_categories: column,
      images: 'redact',
    };
    assert.deepEqual(barrierOf(row), {
      policy: 'block',
      nameSensitivity: 'strict',
      categories: masked,
      images: 'redact',
    });
  });

  it('an unreadable or unknown stored value falls back to the strict side', () => {
    for (const unmasked of ['not json', '{"nome":true}', '["desconhecida"]', '[]', '42']) {
      const got = barrierOf({
        privacy_policy: 'lenient',
        name_sensitivity: 'x',
        unmasked_categories: unmasked,
        images: 'sometimes',
      });
      assert.deepEqual(got, DEFAULT_BARRIER, unmasked);
    }
  });
});

// --- the door is the only way to a cleaner --------------------------------------------------

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DOOR = 'src/gateway/orgs/cleaning-choice.ts';
/** Allowed to call the engine directly: the engine, the door, and insights (no organisations). */
const EXEMPT = [
  /^src\/privacy\//,
  /^src\/gateway\/orgs\/cleaning-choice\.ts$/,
  /^src\/insights\/analysis\/analyze\.ts$/,
];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') || e.name.endsWith('.tsx') ? [path] : [];
  });
}

const builds = (text: string) => /\bcreateCleaner\b/.test(text);

describe('one door', () => {
  it('recognises a cleaner built by hand', () => {
    assert.ok(builds("const c = createCleaner({ policy: 'redact' });"));
    assert.ok(builds("import { createCleaner } from '../../privacy/index.js';"));
    assert.ok(!builds('const c = cleanerFor(principal, asked);'));
  });

  it('no file in src/ outside the door builds a cleaner', () => {
    const files = sources('src');
    assert.ok(files.includes(DOOR), 'the walk found the door');
    const offenders = files.filter(
      (f) => !EXEMPT.some((e) => e.test(f)) && builds(readFileSync(join(ROOT, f), 'utf8')),
    );
    assert.deepEqual(offenders, []);
  });
});
