// The name-sensitivity setting: its values, and that a request can only raise it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEFAULT_SENSITIVITY,
  isSensitivity,
  SENSITIVITIES,
  strictestSensitivity,
} from '../../../src/privacy/index.js';

describe('name sensitivity setting', () => {
  it('knows exactly two values, balanced by default', () => {
    assert.deepEqual([...SENSITIVITIES].sort(), ['balanced', 'strict']);
    assert.equal(DEFAULT_SENSITIVITY, 'balanced');
    for (const bad of ['STRICT', 'Balanced', '', 'lenient', null, undefined, 1, ['strict']])
      assert.equal(isSensitivity(bad), false, String(bad));
  });

  it('lets a request raise the organisation setting, never lower it', () => {
    const table: [Parameters<typeof strictestSensitivity>[0], 'strict' | 'balanced' | undefined, string][] = [
      ['balanced', undefined, 'balanced'],
      ['balanced', 'balanced', 'balanced'],
      ['balanced', 'strict', 'strict'],
      ['strict', undefined, 'strict'],
      ['strict', 'balanced', 'strict'],
      ['strict', 'strict', 'strict'],
    ];
    for (const [org, asked, want] of table)
      assert.equal(strictestSensitivity(org, asked), want, `${org}+${asked}`);
  });
});
