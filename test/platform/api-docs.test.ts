// docs/api.md is generated from the route schemas; a route change that is not regenerated
// into it fails here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

describe('API reference', () => {
  it('docs/api.md matches the route schemas', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-api-docs-test-'));
    try {
      const out = join(dir, 'api.md');
      execFileSync(process.execPath, ['scripts/api-docs.mjs', out], { stdio: 'pipe', timeout: 120_000 });
      const fresh = readFileSync(out, 'utf8');
      const committed = readFileSync('docs/api.md', 'utf8');
      assert.ok(fresh.includes('### `POST /v1/chat/completions`'), 'the generated reference lists no routes');
      assert.ok(
        fresh === committed,
        'docs/api.md is out of date with the route schemas: run `npm run docs:api` and commit the result',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
