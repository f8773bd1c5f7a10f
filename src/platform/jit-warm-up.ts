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
// not; 10,000 keeps a margin). Cost: about 10 ms once, at start. docs/performance.md has
// the before/after run (bench/health.ts with BENCH_BASELINE).
import { setImmediate as nextTurn } from 'node:timers/promises';

const CALLS = 10_000;
const noop = () => {};
for (let i = 0; i < CALLS; i++) process.nextTick(noop);
// Let the queued ticks run before start-up goes on, so they are not held in memory.
await nextTurn();
