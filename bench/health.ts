// Throughput of GET /api/health on the real gateway process (access logs on, written to a
// file), as a ratio to a bare Fastify hello-world measured in the same run. Rounds
// alternate between the two so that machine noise hits both alike. CPU time per request
// of each server process is reported too: on a shared machine it is steadier than
// requests/s, because contention slows the wall clock of both servers but barely changes
// the work each request costs.
// With `taskset` the load generator and the servers get a core each (lib.ts pinCores); the
// figures are medians over the rounds.
// Usage: npm run build && node dist/bench/health.js [seconds-per-round] [rounds]
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { CLI, fixture, median, pinCores, type Server, startServer } from './lib.js';

const seconds = Number(process.argv[2] ?? 2);
const rounds = Number(process.argv[3] ?? 8);
const pinned = pinCores();

/** CPU seconds the process has used (utime + stime, clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function load(server: Server): Promise<{ rps: number; p99: number; cpuUs: number }> {
  const before = cpuSeconds(server.proc.pid!);
  const result = await autocannon({ url: `${server.url}/api/health`, connections: 32, duration: seconds });
  const cpu = cpuSeconds(server.proc.pid!) - before;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUs: (cpu / result.requests.total) * 1e6,
  };
}

const bare = await startServer([fixture('hello')]);
const svc = await startServer([CLI, 'serve', 'gateway'], { LOG_LEVEL: 'info' });
await load(bare); // warm-up both (JIT)
await load(svc);
const runs = { bare: [] as number[], svc: [] as number[], bareCpu: [] as number[], svcCpu: [] as number[] };
for (let i = 0; i < rounds; i++) {
  const b = await load(bare);
  const s = await load(svc);
  runs.bare.push(b.rps);
  runs.svc.push(s.rps);
  runs.bareCpu.push(b.cpuUs);
  runs.svcCpu.push(s.cpuUs);
  console.log(
    `round ${i + 1}: bare ${b.rps.toFixed(0)} req/s (p99 ${b.p99} ms, ${b.cpuUs.toFixed(1)} µs CPU/req), ` +
      `svc ${s.rps.toFixed(0)} req/s (p99 ${s.p99} ms, ${s.cpuUs.toFixed(1)} µs CPU/req)`,
  );
}
await bare.stop();
await svc.stop();
const m = {
  bare: median(runs.bare),
  svc: median(runs.svc),
  bareCpu: median(runs.bareCpu),
  svcCpu: median(runs.svcCpu),
};
const ratio = m.svc / m.bare;
console.log(
  `${pinned ? 'pinned (load generator CPU 0, servers CPU 1)' : 'not pinned'}; medians of ${rounds} rounds of ${seconds} s`,
);
console.log(`bare ${m.bare.toFixed(0)} req/s, svc ${m.svc.toFixed(0)} req/s`);
console.log(
  `throughput ratio svc / bare: ${ratio.toFixed(2)} (target >= 0.80 — ${ratio >= 0.8 ? 'met' : 'NOT met'})`,
);
console.log(
  `CPU-per-request ratio bare / svc: ${(m.bareCpu / m.svcCpu).toFixed(2)} ` +
    `(${m.bareCpu.toFixed(1)} vs ${m.svcCpu.toFixed(1)} µs per request)`,
);
