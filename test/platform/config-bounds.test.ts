// The bounds against a stalled database and connection floods: documented defaults, values
// read, and each bad value reported on its own line.
import assert from 'node:assert/strict';
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

describe('connection and database-lock settings', () => {
  it('defaults to 4096 connections, 256 per address, 10 s for headers, 5 s of lock wait', () => {
    const c = loadConfig({});
    assert.deepEqual(c.connections, {
      max: 4096,
      perAddress: 256,
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 30_000,
      bodyMinRate: 16_384,
    });
    assert.equal(c.databaseLockWaitMs, 5000);
  });

  it('reads MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS, HEADERS_TIMEOUT_SECONDS, BODY_*, DATABASE_LOCK_WAIT_MS', () => {
    const c = loadConfig({
      MAX_CONNECTIONS: '100',
      MAX_CONNECTIONS_PER_ADDRESS: '10',
      HEADERS_TIMEOUT_SECONDS: '3',
      BODY_TIMEOUT_SECONDS: '5',
      BODY_MIN_BYTES_PER_SECOND: '1000',
      DATABASE_LOCK_WAIT_MS: '0',
    });
    assert.deepEqual(c.connections, {
      max: 100,
      perAddress: 10,
      headersTimeoutMs: 3000,
      bodyTimeoutMs: 5000,
      bodyMinRate: 1000,
    });
    assert.equal(c.databaseLockWaitMs, 0);
    // A cap below the per-address default lowers the default with it.
    assert.equal(loadConfig({ MAX_CONNECTIONS: '100' }).connections.perAddress, 100);
  });

  it('refuses bad values, one line each', () => {
    assert.deepEqual(
      problems({
        MAX_CONNECTIONS: '0',
        MAX_CONNECTIONS_PER_ADDRESS: 'many',
        HEADERS_TIMEOUT_SECONDS: '301',
        BODY_TIMEOUT_SECONDS: '0',
        BODY_MIN_BYTES_PER_SECOND: '1.5',
        DATABASE_LOCK_WAIT_MS: '-1',
      }),
      [
        'MAX_CONNECTIONS: expected a whole number from 1 to 1000000, got "0"',
        'MAX_CONNECTIONS_PER_ADDRESS: expected a whole number from 1 to 4096, got "many"',
        'HEADERS_TIMEOUT_SECONDS: expected a whole number from 1 to 300, got "301"',
        'BODY_TIMEOUT_SECONDS: expected a whole number from 1 to 300, got "0"',
        'BODY_MIN_BYTES_PER_SECOND: expected a whole number from 1 to 1000000000, got "1.5"',
        'DATABASE_LOCK_WAIT_MS: expected a whole number from 0 to 600000, got "-1"',
      ],
    );
    assert.deepEqual(problems({ MAX_CONNECTIONS: '10', MAX_CONNECTIONS_PER_ADDRESS: '11' }), [
      'MAX_CONNECTIONS_PER_ADDRESS: expected a whole number from 1 to 10, got "11"',
    ]);
  });
});
