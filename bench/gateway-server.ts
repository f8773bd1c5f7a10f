// The gateway of bench/gateway-overhead.ts (fixtures/gateway-process.ts) as production
// starts it: the JIT warm-up first, as in src/cli.ts.
import '../src/platform/jit-warm-up.js';
import './fixtures/gateway-process.js';
