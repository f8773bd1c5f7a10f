// Webhook acceptance: requests/s and latency of POST /webhooks/partner-crm with the durable
// job write (each request a new conversation, so each one inserts a row), against a real
// `svc serve insights` process with the background work off (acceptance alone), on the
// dialect under test (SQLite unless DATABASE_URL is set).
// Usage: npm run build && node dist/bench/insights-webhook.js [seconds] [connections]
import { autocannon as loadAutocannon } from './peers.js';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/context.js';
import { createTenant } from '../src/insights/tenants/store.js';
import { testStorage } from '../test/helpers/db.js';
import { CLI } from './lib.js';
import { spawn } from 'node:child_process';

const autocannon = await loadAutocannon();

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 32);
const storage = await testStorage();
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const TOKEN = 'bench-webhook-token-0123456789';
const ctx = await createContext(loadConfig({ ...storage.env, SVC_SECRET: SECRET, LOG_LEVEL: 'silent' }));
await createTenant(ctx, {
  clientId: 'bench',
  token: TOKEN,
  allowedCidrs: ['any'],
  platformUrl: 'http://127.0.0.1:9',
  platformToken: 'x',
  allowPrivatePlatform: true,
});
await ctx.db.close();

const proc = spawn(process.execPath, [CLI, 'serve', 'insights'], {
  env: {
    PATH: process.env.PATH ?? '',
    ...storage.env,
    SVC_SECRET: SECRET,
    INSIGHTS_PORT: '0',
    INSIGHTS_BACKGROUND: 'off',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve) => {
  let buffer = '';
  proc.stdout!.on('data', (c: Buffer) => {
    buffer += c.toString();
    const line = buffer.split('\n').find((l) => l.includes('"event":"listening"'));
    if (line) resolve((JSON.parse(line) as { urls: { insights: string } }).urls.insights);
  });
});
proc.stdout!.resume();

let n = 0;
const result = await autocannon({
  url: `${url}/webhooks/partner-crm?client_id=bench&token=${TOKEN}`,
  method: 'POST',
  connections,
  duration: seconds,
  headers: { 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        body: JSON.stringify({
          eventType: 'SESSION_COMPLETE',
          content: { id: `bench-${process.pid}-${++n}`, status: 'COMPLETED' },
        }),
      }),
    },
  ],
});
const non202 = result.statusCodeStats
  ? Object.entries(result.statusCodeStats).filter(([code]) => code !== '202')
  : [];
console.log(
  JSON.stringify({
    dialect: storage.databaseUrl ? 'postgres' : 'sqlite',
    connections,
    seconds,
    requests_per_s: Math.round(result.requests.average),
    latency_ms: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    accepted: result['2xx'],
    other_status: non202,
    errors: result.errors,
  }),
);
await new Promise<void>((resolve) => {
  proc.once('exit', () => resolve());
  proc.kill('SIGTERM');
});
await storage.drop();
