// The JIT warm-up was measured on one V8: a Node major upgrade must re-measure whether it
// still pays (bench/jit-warm-up.ts) before this passes again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEASURED_ON_NODE_MAJOR } from '../../src/platform/jit-warm-up.js';

describe('the JIT warm-up', () => {
  it('was last measured on the Node major that runs the suite', () => {
    const major = Number(process.versions.node.split('.')[0]);
    assert.equal(
      major,
      MEASURED_ON_NODE_MAJOR,
      `Node ${major}: run \`node dist/bench/jit-warm-up.js\`, record its verdict in docs/contributing/performance.md, ` +
        'then set MEASURED_ON_NODE_MAJOR in src/platform/jit-warm-up.ts (or remove the warm-up if it no longer pays)',
    );
  });
});
