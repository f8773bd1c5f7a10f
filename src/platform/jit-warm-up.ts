// Imported first by the processes that serve requests (src/cli.ts, bench/gateway-server.ts),
// before any other module loads.
//
// Why: on Node 20 (V8 11.3), `process.nextTick` is called a few thousand times while the
// services start, then mostly from inside hot stream functions that the optimising
// compiler inlines it into. Compiled that way, its tick object (an object literal with
// symbol keys) was built through a generic runtime call on every tick for the rest of the
// process's life: 8 % of the CPU of a `GET /api/health` request in `perf`
// (`Runtime_DefineKeyedOwnPropertyInLiteral` under `nextTick`), absent from a bare
// Fastify server. Whether it happened depended on the order modules loaded in. Calling
// `nextTick` enough times on its own first gets it optimised by itself with settled type
// feedback, and the generic path never shows up again (3,000 calls sufficed, 2,000 did
// not; 10,000 keeps a margin). Cost: about 25 ms once, at start. docs/contributing/performance.md has
// the before/after run (bench/health.ts with BENCH_BASELINE).
//
// Whether it still pays is a property of the V8 in the Node that runs it: bench/jit-warm-up.ts
// measures the same gateway with and without it and says so. Run it after every Node major
// upgrade and update the major below (test/platform/jit-warm-up.test.ts fails until then).
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The Node major on which bench/jit-warm-up.ts last found that the warm-up pays. */
export const MEASURED_ON_NODE_MAJOR = 20;

const CALLS = 10_000;
// In small batches, each run before the next. Ten thousand tick objects queued at once
// survive a young-generation GC together, and V8 then seems to allocate later tick objects
// straight in the old generation (allocation-site pretenuring): with a single batch, the
// model routes under load spent 4.6 % of their CPU in scavenges plus 1.2 % in major
// marking, against 2.3 % and none without the warm-up; in batches of 100, 2.4 % and none.
const BATCH = 100;
const noop = () => {};
for (let done = 0; done < CALLS; done += BATCH) {
  for (let i = 0; i < BATCH; i++) process.nextTick(noop);
  await nextTurn();
}
