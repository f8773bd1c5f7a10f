// Throughput of the two telemetry routes that sit on every page view, POST /api/funil and
// POST /api/erro-cliente, on the real gateway process (SQLite, access logs on, written to a
// file), against a bare Fastify beacon (bench/fixtures/beacon.ts) in the same rounds.
// Rounds alternate between the servers so that machine noise hits both alike; CPU time per
// request of each server process is reported too. Also, in process: redactions of one
// realistic error report per second (the work a new failure costs; repeats only hash).
// Usage: npm run build && node dist/bench/telemetry.js [seconds-per-round] [rounds]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { autocannon as loadAutocannon } from './peers.js';
import { redactReport } from '../src/gateway/telemetry/client-errors.js';
import { CLI, cpuMs, fixture, median, pinCores, type Server, startServer } from './lib.js';

const autocannon = await loadAutocannon();

const seconds = Number(process.argv[2] ?? 2);
const rounds = Number(process.argv[3] ?? 6);
const pinned = pinCores();
const ORIGIN = 'http://localhost:8080';
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

// A typical batch: a page view with its path, referrer and campaign, and two clicks.
const funnelBody = JSON.stringify({
  v: 1,
  vid: randomUUID(),
  sid: 'k3j2h1',
  sn: 2,
  pv: 'pv8f7e6d',
  e: [
    {
      t: 'view',
      n: 'pagina',
      p: { path: '/precos', ref: 'https://www.google.com/', utm_source: 'newsletter' },
    },
    { t: 'click', n: 'plano', p: { plano: 'pro', valor: 25 } },
    { t: 'click', n: 'comprar' },
  ],
});
const report = {
  code: 'UI-JS-001',
  phase: 'render',
  path: '/conta/12345/chaves',
  message: "TypeError: Cannot read properties of undefined (reading 'map') for maria@exemplo.com",
  stack: Array.from(
    { length: 12 },
    (_, i) => `    at Component${i} (https://app.example.com/assets/index-4f3a2b1c.js:${100 + i}:${20 + i})`,
  ).join('\n'),
  source: 'https://app.example.com/assets/index-4f3a2b1c.js?v=3',
  line: 101,
  column: 21,
  visivel: true,
  build: '2026.03.10-abc123',
};
const errorBody = JSON.stringify(report);

const targets = {
  funil: { path: '/api/funil', body: funnelBody, type: 'text/plain;charset=UTF-8', expect: 202 },
  'erro-cliente': { path: '/api/erro-cliente', body: errorBody, type: 'application/json', expect: 204 },
} as const;

async function load(server: Server, target: (typeof targets)[keyof typeof targets]) {
  const before = cpuMs(server.proc.pid!);
  const result = await autocannon({
    url: `${server.url}${target.path}`,
    method: 'POST',
    connections: 32,
    duration: seconds,
    body: target.body,
    headers: {
      'content-type': target.type,
      origin: ORIGIN,
      'user-agent': UA,
      'sec-fetch-site': 'same-origin',
    },
  });
  const cpu = cpuMs(server.proc.pid!) - before;
  // Both 202 and 204 are 2xx: count the expected status itself (204 would mean "ignored").
  const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
    .statusCodeStats;
  const expected = stats?.[String(target.expect)]?.count ?? 0;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUs: (cpu * 1000) / result.requests.total,
    ok: expected / Math.max(1, result.requests.total),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'svc-bench-telemetry-'));
const config = join(dir, 'config.json');
// No daily ceiling in the way: every batch of the run is stored.
writeFileSync(config, JSON.stringify({ funnel: { bytesDia: 4 * 1024 * 1024 * 1024 } }));
const servers: Record<string, Server> = {
  bare: await startServer([fixture('beacon')]),
  svc: await startServer([CLI, 'serve', 'gateway'], {
    LOG_LEVEL: 'info',
    SVC_CONFIG: config,
    PUBLIC_ORIGIN: ORIGIN,
  }),
};
const names = Object.keys(servers);
for (const [route, target] of Object.entries(targets)) {
  for (const name of names) await load(servers[name]!, target); // warm-up (JIT)
  const rps: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < rounds; i++) {
    const line: string[] = [];
    for (const name of names) {
      const r = await load(servers[name]!, target);
      rps[name]!.push(r.rps);
      cpu[name]!.push(r.cpuUs);
      line.push(
        `${name} ${r.rps.toFixed(0)} req/s (p99 ${r.p99} ms, ${r.cpuUs.toFixed(1)} µs CPU/req, ${(r.ok * 100).toFixed(0)}% ${target.expect})`,
      );
    }
    console.log(`${route} round ${i + 1}: ${line.join(', ')}`);
  }
  const bare = median(rps.bare!);
  const svc = median(rps.svc!);
  console.log(
    `${route}: svc ${svc.toFixed(0)} accepted/s against bare ${bare.toFixed(0)}; ratio ${(svc / bare).toFixed(2)}; ` +
      `CPU per request ${median(cpu.svc!).toFixed(1)} against ${median(cpu.bare!).toFixed(1)} µs`,
  );
}
for (const name of names) await servers[name]!.stop();

// In process: the cost of a new failure (redaction of every field), without HTTP.
const t0 = performance.now();
let n = 0;
while (performance.now() - t0 < 2000) {
  redactReport({ ...report, message: `${report.message} ${n}` });
  n++;
}
console.log(
  `erro-cliente redaction of a new failure: ${((n * 1000) / (performance.now() - t0)).toFixed(0)} reports/s in process`,
);
console.log(
  `${pinned ? 'pinned (load generator CPU 0, servers CPU 1)' : 'not pinned'}; medians of ${rounds} rounds of ${seconds} s`,
);
