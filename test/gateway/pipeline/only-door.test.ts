// "Nothing else may call providers directly": no file in src/ outside the model pipeline
// (and the providers themselves) imports the providers module or the pipeline's provider
// call, and the pipeline's public face offers runModel, not the provider call.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PROVIDERS = 'src/gateway/models/providers/';
const PIPELINE = 'src/gateway/pipeline/';
const PROVIDER_CALL = `${PIPELINE}provider-call`;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Static imports and re-exports, and dynamic import() calls, of relative modules. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The imports of `file` (a repo-relative path) that reach a provider without going through the pipeline. */
function doorViolations(file: string, text: string): string[] {
  const inside = file.startsWith(PROVIDERS) || file.startsWith(PIPELINE);
  if (inside) return [];
  const out: string[] = [];
  for (const [, spec] of text.matchAll(SPECIFIER)) {
    const target = relative(ROOT, resolve(ROOT, dirname(file), spec!)).replaceAll('\\', '/');
    if (target.startsWith(PROVIDERS) || target.startsWith(PROVIDER_CALL)) out.push(`${file} → ${spec}`);
  }
  return out;
}

describe('the model pipeline is the only door to the providers', () => {
  it('catches an import of the providers, static or dynamic, from anywhere else', () => {
    const bad = [
      "import { Upstreams } from '../models/providers/http.js';",
      "export { openaiProvider } from '../models/providers/openai/index.js';",
      "const m = await import('../models/providers/http.js');",
      "import { ProviderCall } from '../pipeline/provider-call.js';",
    ];
    assert.equal(doorViolations('src/gateway/mcp/tools.ts', bad[0]!).length, 1);
    assert.equal(doorViolations('src/gateway/completions/routes.ts', bad[1]!).length, 1);
    assert.equal(doorViolations('src/gateway/workers/run.ts', bad[2]!).length, 1);
    assert.equal(doorViolations('src/gateway/billing/paid.ts', bad[3]!).length, 1);
    assert.deepEqual(doorViolations('src/gateway/pipeline/provider-call.ts', bad[0]!), []);
    assert.deepEqual(
      doorViolations('src/gateway/mcp/tools.ts', "import { runModel } from '../pipeline/index.js';"),
      [],
    );
  });

  it('holds for every source file in src/', () => {
    const files = sources('src');
    assert.ok(files.length > 50, 'the walk found the sources');
    const violations = files.flatMap((f) => doorViolations(f, readFileSync(join(ROOT, f), 'utf8')));
    assert.deepEqual(violations, []);
  });

  it("exports runModel's pipeline, not the provider call", async () => {
    const exported = Object.keys(await import('../../../src/gateway/pipeline/index.js'));
    assert.deepEqual(exported, ['ModelPipeline']);
    const pipeline = (await import('../../../src/gateway/pipeline/index.js')).ModelPipeline.prototype;
    const methods = Object.getOwnPropertyNames(pipeline).filter((n) => n !== 'constructor');
    assert.deepEqual(methods.sort(), [
      'close',
      'runCountTokens',
      'runEmbeddings',
      'runModel',
      'runTranscription',
    ]);
  });
});
