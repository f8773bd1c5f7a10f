// Throughput of GET /api/health on the real gateway process (access logs on, written to a
// file), as a ratio to a bare Fastify hello-world measured in the same run. Rounds
// alternate between the two so that machine noise hits both alike. CPU time per request
// of each server process is reported too: on a shared machine it is steadier than
// requests/s, because contention slows the wall clock of both servers but barely changes
// the work each request costs.
// With `taskset` the load generator and the servers get a core each (lib.ts pinCores); the
// figures are medians over the rounds.
// Usage: npm run build && [BENCH_BASELINE=<dir>] [BENCH_CANDIDATE=<dir>] node dist/bench/health.js [seconds-per-round] [rounds]
import { autocannon as loadAutocannon } from './peers.js';
import { CLI, cpuMs, fixture, median, pinCores, type Server, startServer } from './lib.js';

const autocannon = await loadAutocannon();

const seconds = Number(process.argv[2] ?? 2);
const rounds = Number(process.argv[3] ?? 8);
const pinned = pinCores();

async function load(server: Server): Promise<{ rps: number; p99: number; cpuUs: number }> {
  const before = cpuMs(server.proc.pid!);
  const result = await autocannon({ url: `${server.url}/api/health`, connections: 32, duration: seconds });
  const cpu = cpuMs(server.proc.pid!) - before;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUs: (cpu * 1000) / result.requests.total,
  };
}

// BENCH_BASELINE=<other checkout>/dist: that build's gateway is measured in the same rounds
// too (before/after figures that share the machine's noise).
const baselineDir = process.env.BENCH_BASELINE;
// BENCH_CANDIDATE=<third checkout>/dist: that build's gateway is "svc" instead of this one's.
const candidateDir = process.env.BENCH_CANDIDATE;
const servers: Record<string, Server> = {
  bare: await startServer([fixture('hello')]),
  svc: await startServer([candidateDir ? `${candidateDir}/src/cli.js` : CLI, 'serve', 'gateway'], {
    LOG_LEVEL: 'info',
  }),
};
if (baselineDir) {
  servers.baseline = await startServer([`${baselineDir}/src/cli.js`, 'serve', 'gateway'], {
    LOG_LEVEL: 'info',
  });
}
const names = Object.keys(servers);
for (const name of names) await load(servers[name]!); // warm-up (JIT)
const rps = Object.fromEntries(names.map((n) => [n, [] as number[]]));
const cpu = Object.fromEntries(names.map((n) => [n, [] as number[]]));
for (let i = 0; i < rounds; i++) {
  const line: string[] = [];
  for (const name of names) {
    const r = await load(servers[name]!);
    rps[name]!.push(r.rps);
    cpu[name]!.push(r.cpuUs);
    line.push(`${name} ${r.rps.toFixed(0)} req/s (p99 ${r.p99} ms, ${r.cpuUs.toFixed(1)} µs CPU/req)`);
  }
  console.log(`round ${i + 1}: ${line.join(', ')}`);
}
for (const name of names) await servers[name]!.stop();
console.log(
  `${pinned ? 'pinned (load generator CPU 0, servers CPU 1)' : 'not pinned'}; medians of ${rounds} rounds of ${seconds} s`,
);
const bareRps = median(rps.bare!);
const bareCpu = median(cpu.bare!);
for (const name of names.filter((n) => n !== 'bare')) {
  const ratio = median(rps[name]!) / bareRps;
  const cpuUs = median(cpu[name]!);
  console.log(
    `${name}: ${median(rps[name]!).toFixed(0)} req/s against bare ${bareRps.toFixed(0)}; throughput ratio ${ratio.toFixed(2)} ` +
      `(target >= 0.80 — ${ratio >= 0.8 ? 'met' : 'NOT met'}); CPU per request ${cpuUs.toFixed(1)} against ${bareCpu.toFixed(1)} µs ` +
      `(ratio ${(bareCpu / cpuUs).toFixed(2)})`,
  );
}
