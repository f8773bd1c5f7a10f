// Cold start to listening: `svc serve all` on embedded storage, from a new data directory
// (creates the database, runs migrations, generates the secret) and from an existing one.
// Baseline in the same run: a Node process that only starts a bare Fastify server.
// Usage: npm run build && node dist/bench/startup.js [runs]
import { CLI, fixture, median, startServer } from './lib.js';

const runs = Number(process.argv[2] ?? 7);
const env = { CONTRACTS_PORT: '0', INSIGHTS_PORT: '0', LOG_LEVEL: 'info' };

async function measure(args: string[]): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startServer(args, env);
    times.push(server.startMs);
    await server.stop();
  }
  return times;
}

const baseline = await measure([fixture('hello')]);
const cold = await measure([CLI, 'serve', 'all']);
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
console.log(`runs: ${runs}`);
console.log(`bare Fastify process, start to listening: median ${fmt(median(baseline))}`);
console.log(
  `svc serve all, new data dir (SQLite created, migrated), start to listening: median ${fmt(median(cold))}, max ${fmt(Math.max(...cold))}`,
);
console.log(`ratio svc / bare: ${(median(cold) / median(baseline)).toFixed(2)}`);
console.log(`target: <= 1500 ms — ${median(cold) <= 1500 ? 'met' : 'NOT met'}`);
