// Strict mode (SVC_TEST_STRICT=1, set by .ci/run): a test whose outside requirement is
// missing fails instead of skipping, and the runner refuses any skip but a dialect's.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/needs-missing.js', import.meta.url));

function runFixture(strict: boolean) {
  // Without NODE_TEST_CONTEXT, which would make the child report to this runner instead of stdout.
  const env: NodeJS.ProcessEnv = { ...process.env, SVC_TEST_STRICT: strict ? '1' : '' };
  delete env.NODE_TEST_CONTEXT;
  return spawnSync(process.execPath, ['--test', '--test-reporter=tap', FIXTURE], { env, encoding: 'utf8' });
}

describe('strict test mode', () => {
  it('skips a test whose requirement is missing, saying why', () => {
    const run = runFixture(false);
    assert.equal(run.status, 0, run.stdout);
    assert.match(run.stdout, /# SKIP the thing this machine lacks/);
  });

  it('fails it under SVC_TEST_STRICT=1', () => {
    const run = runFixture(true);
    assert.notEqual(run.status, 0);
    assert.match(run.stdout + run.stderr, /SVC_TEST_STRICT=1 and a test requirement is missing: the thing/);
  });

  it('the runner refuses every skip but a dialect one', async () => {
    const { refusedSkips } = (await import(`${ROOT}scripts/tap-skips.mjs`)) as {
      refusedSkips(lines: string[]): string[];
    };
    const tap = [
      'ok 1 - on SQLite # SKIP PostgreSQL only',
      '    ok 2 - file modes # SKIP SQLite only',
      'ok 3 - web console in Chromium # SKIP no Chromium found',
      'ok 4 - plain',
      'ok 5 - no reason given # SKIP',
    ];
    assert.deepEqual(refusedSkips(tap), [
      'web console in Chromium: no Chromium found',
      'no reason given: no reason',
    ]);
  });
});
