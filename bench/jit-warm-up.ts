// Does the JIT warm-up (src/platform/jit-warm-up.ts) still pay on this Node? The same build's
// gateway twice, in the same run: as production starts it (warm-up first) and without the
// warm-up, in front of the same fake upstream, JSON chat calls with a 2 KB prompt holding
// personal data at concurrency 8, in rounds that alternate which goes first. The figure that
// decides is the main thread's CPU per request (steadier than requests/s on a shared
// machine); the verdict line says whether the warm-up still saves at least 2 % of it.
// Run it after every Node major upgrade (test/platform/jit-warm-up.test.ts fails until the
// Node major it was last measured on is updated), and record the verdict in
// docs/contributing/performance.md ("Decisions").
// Usage: npm run build && node dist/bench/jit-warm-up.js [seconds-per-round] [rounds]
import { MEASURED_ON_NODE_MAJOR } from '../src/platform/jit-warm-up.js';
import { cpuMs, median, PROMPT_2KB, startChild, stopChildren } from './lib.js';
import { autocannon as loadAutocannon } from './peers.js';

const autocannon = await loadAutocannon();

const SECONDS = Number(process.argv[2] ?? 3);
const ROUNDS = Number(process.argv[3] ?? 6);
/** The warm-up pays when it saves at least this share of the CPU per request. */
const PAYS_BELOW = 0.98;

type Server = { pid: number; origin: string; secret: string };
const fake = await startChild<{ origin: string }>('./gateway-upstream.js', []);
const servers: Record<'warm' | 'cold', Server> = {
  warm: await startChild<Server>('./gateway-server.js', [fake.origin]),
  cold: await startChild<Server>('./fixtures/cold-gateway-server.js', [fake.origin]),
};
const body = JSON.stringify({ model: 'svc/bench', messages: [{ role: 'user', content: PROMPT_2KB }] });

async function round(server: Server): Promise<{ rps: number; cpuUs: number }> {
  const before = cpuMs(server.pid, true);
  const result = await autocannon({
    url: `${server.origin}/v1/chat/completions`,
    method: 'POST',
    headers: { authorization: `Bearer ${server.secret}`, 'content-type': 'application/json' },
    body,
    connections: 8,
    duration: SECONDS,
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} answers were not 2xx`);
  return {
    rps: result.requests.average,
    cpuUs: ((cpuMs(server.pid, true) - before) * 1000) / result.requests.total,
  };
}

const names = ['warm', 'cold'] as const;
for (const name of names) await round(servers[name]); // both past their own JIT
const figures = {
  warm: { rps: [] as number[], cpu: [] as number[] },
  cold: { rps: [] as number[], cpu: [] as number[] },
};
for (let i = 0; i < ROUNDS; i++) {
  for (const name of i % 2 ? [...names].reverse() : names) {
    const r = await round(servers[name]);
    figures[name].rps.push(r.rps);
    figures[name].cpu.push(r.cpuUs);
  }
}
await stopChildren();

const cpu = { warm: median(figures.warm.cpu), cold: median(figures.cold.cpu) };
const rps = { warm: median(figures.warm.rps), cold: median(figures.cold.rps) };
console.log(
  `Node ${process.versions.node}; medians of ${ROUNDS} rounds of ${SECONDS} s, c=8, JSON chat calls`,
);
console.log('| gateway | req/s | main-thread CPU per request, µs |');
console.log('|---|---|---|');
for (const name of names)
  console.log(
    `| ${name === 'warm' ? 'with the warm-up' : 'without it'} | ${rps[name].toFixed(0)} | ${cpu[name].toFixed(1)} |`,
  );
const ratio = cpu.warm / cpu.cold;
console.log(
  `CPU per request with ÷ without: ${ratio.toFixed(3)}; req/s with ÷ without: ${(rps.warm / rps.cold).toFixed(3)}`,
);
const major = Number(process.versions.node.split('.')[0]);
console.log(
  ratio <= PAYS_BELOW
    ? `verdict: the warm-up still pays on Node ${major} (saves ${((1 - ratio) * 100).toFixed(1)} % of the CPU per request)`
    : `verdict: the warm-up no longer pays on Node ${major} (it saves less than ${((1 - PAYS_BELOW) * 100).toFixed(0)} %): consider removing src/platform/jit-warm-up.ts`,
);
if (major !== MEASURED_ON_NODE_MAJOR) {
  console.log(
    `last measured on Node ${MEASURED_ON_NODE_MAJOR}: record this run and set MEASURED_ON_NODE_MAJOR = ${major}`,
  );
}
process.exit(0);
