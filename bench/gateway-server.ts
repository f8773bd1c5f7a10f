// The gateway of bench/gateway-overhead.ts, in its own process, as `svc serve` runs it:
// SQLite storage, key auth, the production logger (access logs, to stdout, which
// the bench points at /dev/null), barrier on, in front of the upstream given as argv[2].
// Sends its origin and a key to the parent over IPC. The key's organisation has no
// practical rate limit, so the limiter's counter write is measured but never refuses.
import '../src/platform/jit-warm-up.js'; // first, as in src/cli.ts
import { createGatewayApp } from '../src/gateway/app.js';
import { loadConfig } from '../src/platform/config/index.js';
import { createContext } from '../src/platform/context.js';
import { startObservability } from '../src/platform/observability.js';
import { testStorage } from '../test/helpers/db.js';
import { writeConfig } from '../test/gateway/models/helpers.js';
import { makeKey } from '../test/helpers/gateway.js';
import type { TestContext } from '../test/helpers/context.js';

const upstream = process.argv[2];
if (!upstream || !process.send)
  throw new Error('run by gateway-overhead.js: gateway-server.js <upstream origin>');
// argv[3] `metrics`, `traces` or `both`: metrics on an ephemeral METRICS_PORT, traces to
// OTEL_EXPORTER_OTLP_ENDPOINT (which the OpenTelemetry SDK reads from the environment).
const observe = process.argv[3];
const metrics = observe === 'metrics' || observe === 'both';
const traces = observe === 'traces' || observe === 'both';
const storage = await testStorage();
const config = loadConfig({
  ...storage.env,
  ...(metrics ? { METRICS_PORT: '0' } : {}),
  ...(traces ? { OTEL_EXPORTER_OTLP_ENDPOINT: process.env.OTEL_EXPORTER_OTLP_ENDPOINT } : {}),
  SVC_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  SVC_CONFIG: writeConfig({
    providers: { up: { type: 'openai', base_url: `${upstream}/v1` } },
    models: [
      {
        id: 'svc/bench',
        provider: 'up',
        upstream_model: 'm',
        display_name: 'B',
        context_window: 8192,
        description: 'b',
      },
    ],
  }),
});
// As `svc serve` does: before storage opens, so that the database's spans are set up with it.
const observability = observe ? await startObservability(config) : undefined;
await observability?.listen();
const ctx = await createContext(config);
const app = await createGatewayApp(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const key = await makeKey(ctx as TestContext, { org: { requests_per_minute: 1_000_000_000 } });
process.send({ origin, secret: key.secret });
// SIGTERM ends the process cleanly, so --cpu-prof writes its profile.
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => ctx.db.close())
    .then(() => storage.drop())
    .then(() => process.exit(0));
});
