// The environment schema beyond the basics: every INSIGHTS_* setting validated, the
// PUBLIC_ORIGIN default following GATEWAY_PORT, and no environment reads outside config/.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
  assert.fail('expected a ConfigError');
}

describe('environment schema', () => {
  it('defaults PUBLIC_ORIGIN to the gateway port', () => {
    assert.equal(loadConfig({ GATEWAY_PORT: '9123' }).publicOrigin, 'http://localhost:9123');
    assert.equal(loadConfig({}).publicOrigin, 'http://localhost:8080');
    assert.equal(
      loadConfig({ GATEWAY_PORT: '9123', PUBLIC_ORIGIN: 'https://svc.example.com' }).publicOrigin,
      'https://svc.example.com',
    );
  });

  it('reads the INSIGHTS_* tunables and INSIGHTS_BACKGROUND', () => {
    const c = loadConfig({ INSIGHTS_POLL_MS: '50', INSIGHTS_CONCURRENCY: '2', INSIGHTS_BACKGROUND: 'off' });
    assert.deepEqual(c.insights, { tuning: { pollMs: 50, concurrency: 2 }, background: false });
    assert.deepEqual(loadConfig({}).insights, { tuning: {}, background: true });
  });

  it('gives each bad INSIGHTS_* setting its own message instead of dropping it', () => {
    const names = [
      'INSIGHTS_POLL_MS',
      'INSIGHTS_CONCURRENCY',
      'INSIGHTS_LEASE_MS',
      'INSIGHTS_MAX_ATTEMPTS',
      'INSIGHTS_BACKOFF_MS',
      'INSIGHTS_MAX_BACKOFF_MS',
      'INSIGHTS_PLATFORM_TIMEOUT_MS',
      'INSIGHTS_CLEANUP_TICK_MS',
    ];
    for (const name of names) {
      for (const bad of ['0', '-5', '1.5', 'fast']) {
        const found = problems({ [name]: bad });
        assert.equal(found.length, 1, `${name}=${bad}`);
        assert.match(found[0]!, new RegExp(`^${name}: expected a whole number`));
      }
    }
    assert.match(problems({ INSIGHTS_BACKGROUND: 'no' })[0]!, /^INSIGHTS_BACKGROUND: expected on or off/);
    assert.equal(problems({ INSIGHTS_POLL_MS: 'x', INSIGHTS_LEASE_MS: 'y', GATEWAY_PORT: 'z' }).length, 3);
  });

  it('is the only reader of process.env in src/', () => {
    const root = new URL('../../../src/', import.meta.url).pathname;
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : path.endsWith('.ts') ? [path] : [];
      });
    const files = walk(root);
    assert.ok(files.length > 50, `only ${files.length} source files under ${root}`);
    const readers = files
      .filter((f) => !f.startsWith(join(root, 'platform/config/')))
      .filter((f) => /process\.env\b/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(readers, []);
  });
});
