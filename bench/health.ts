// Throughput of GET /api/health on the real gateway process (access logs on, written to a
// file), as a ratio to a bare Fastify hello-world measured in the same run. Rounds
// alternate between the two so that machine noise hits both alike.
// Usage: npm run build && node dist/bench/health.js [seconds-per-round] [rounds]
import autocannon from 'autocannon';
import { CLI, fixture, startServer } from './lib.js';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);

async function load(url: string): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({
    url: `${url}/api/health`,
    connections: 32,
    duration: seconds,
    pipelining: 1,
  });
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const bare = await startServer([fixture('hello')]);
const svc = await startServer([CLI, 'serve', 'gateway'], { LOG_LEVEL: 'info' });
await load(bare.url); // warm-up both (JIT)
await load(svc.url);
const totals = { bare: 0, svc: 0 };
for (let i = 0; i < rounds; i++) {
  const b = await load(bare.url);
  const s = await load(svc.url);
  totals.bare += b.rps;
  totals.svc += s.rps;
  console.log(
    `round ${i + 1}: bare ${b.rps.toFixed(0)} req/s (p99 ${b.p99} ms), svc ${s.rps.toFixed(0)} req/s (p99 ${s.p99} ms)`,
  );
}
await bare.stop();
await svc.stop();
const ratio = totals.svc / totals.bare;
console.log(
  `mean: bare ${(totals.bare / rounds).toFixed(0)} req/s, svc ${(totals.svc / rounds).toFixed(0)} req/s`,
);
console.log(`ratio svc / bare: ${ratio.toFixed(2)} (target >= 0.80 — ${ratio >= 0.8 ? 'met' : 'NOT met'})`);
