// The request log's cost (gateway/calls): what a call pays on its own path (building the
// row and queueing it, in the onResponse hook after the answer is sent) and what the
// batched write costs per row, on the dialect under test (SQLite unless DATABASE_URL is set).
// Figures are CPU time; a first pass of the same size warms the JIT up and is not counted.
// Usage: npm run build && node dist/bench/calls-writer.js [rows]
import { CallNote } from '../src/gateway/calls/note.js';
import { callRow } from '../src/gateway/calls/row.js';
import { CallLogWriter } from '../src/gateway/calls/writer.js';
import type { Principal } from '../src/gateway/pipeline/index.js';
import { testContext } from '../test/helpers/context.js';

const rows = Number(process.argv[2] ?? 5000);
const ctx = await testContext();
// A tick of an hour: only the explicit flush writes, so the two costs are measured apart.
const writer = new CallLogWriter(ctx.db, ctx.logger, 3_600_000);
const principal = { kind: 'key', keyId: 'key_b', accountId: 'acc_b', organizationId: 'org_b' } as Principal;
const note = new CallNote();
note.findings = { cpf: { masked: 1, removed: 0, refused: 0, allowed: 0 } };
// CPU time of this process (user and system), not the clock: on a shared machine the clock
// counts the time spent waiting for a core.
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(from);
  return (user + system) / 1000;
};
async function pass(): Promise<{ addUs: number; flushMs: number }> {
  const t = process.cpuUsage();
  for (let i = 0; i < rows; i++)
    writer.add(
      callRow(principal, note, { route: '/v1/chat/completions', status: 200, latencyMs: 12, at: Date.now() }),
    );
  const addUs = (cpuMsSince(t) * 1000) / rows;
  const flushAt = process.cpuUsage();
  await writer.flush();
  return { addUs, flushMs: cpuMsSince(flushAt) };
}
await pass();
const { addUs, flushMs } = await pass();
console.log(
  JSON.stringify({
    dialect: ctx.db.dialect,
    rows,
    on_the_call_path_us_per_row: Number(addUs.toFixed(1)),
    batched_write_ms: Number(flushMs.toFixed(1)),
    batched_write_us_per_row: Number(((flushMs * 1000) / rows).toFixed(1)),
  }),
);
await ctx.dispose();
