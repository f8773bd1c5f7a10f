// MCP tools/call against the same model call on /v1/chat/completions, same run, same
// gateway (in-process, listening on loopback), same key and prompt: what the MCP layer adds
// (a JSON-RPC envelope, an SDK server and transport per request). Two models: svc/eco (no
// upstream: the gateway alone) and svc/gpt behind a fake OpenAI-compatible vendor on
// loopback. Requests alternate between the two paths, one at a time, so drift hits both.
// Usage: npm run build && node dist/bench/mcp.js [requests per path, default 2000]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createGatewayApp } from '../src/gateway/app.js';
import { fakeOpenAI } from '../test/fakes/openai.js';
import { testContext } from '../test/helpers/context.js';
import { makeKey } from '../test/helpers/gateway.js';
import { writeConfig } from '../test/gateway/models/helpers.js';

const N = Number(process.argv[2] ?? 2000);
const PROMPT = 'Resuma em uma frase: o cliente pediu a segunda via do boleto de novembro.';

const upstream = await fakeOpenAI();
// No per-minute limit in the way of a benchmark.
const limits = { requests_per_minute: 1_000_000_000 };
const withVendor = await testContext({
  LOG_LEVEL: 'silent',
  SVC_CONFIG: writeConfig({
    limits,
    providers: { oa: { type: 'openai', base_url: `${upstream.url}/v1` } },
    models: [
      {
        id: 'svc/gpt',
        provider: 'oa',
        upstream_model: 'g',
        display_name: 'G',
        context_window: 8000,
        description: 'd',
      },
    ],
  }),
});
const ecoOnly = await testContext({ LOG_LEVEL: 'silent', SVC_CONFIG: writeConfig({ limits }) });

const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
const fmt = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;

async function measure(ctx: typeof ecoOnly, model: string, tool: string) {
  const app = await createGatewayApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const key = await makeKey(ctx);
  const headers = { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' };
  const chat = JSON.stringify({ model, messages: [{ role: 'user', content: PROMPT }], max_tokens: 64 });
  let id = 0;
  const call = () =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: ++id,
      method: 'tools/call',
      params: { name: tool, arguments: { prompt: PROMPT, max_tokens: 64 } },
    });
  const paths = {
    chat: async () => {
      const res = await fetch(`${origin}/v1/chat/completions`, { method: 'POST', headers, body: chat });
      if (res.status !== 200) throw new Error(`chat ${res.status}`);
      await res.arrayBuffer();
    },
    mcp: async () => {
      const res = await fetch(`${origin}/mcp`, { method: 'POST', headers, body: call() });
      if (res.status !== 200) throw new Error(`mcp ${res.status}`);
      const body = (await res.json()) as { result?: { isError?: boolean } };
      if (!body.result || body.result.isError) throw new Error('mcp error result');
    },
  };
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key.secret}` } },
    }),
  );
  const sdk = async () => {
    const r = await client.callTool({ name: tool, arguments: { prompt: PROMPT, max_tokens: 64 } });
    if (r.isError) throw new Error('sdk error result');
  };
  const runs = { chat: paths.chat, mcp: paths.mcp, 'mcp (SDK client)': sdk };
  for (let i = 0; i < 300; i++) for (const f of Object.values(runs)) await f(); // warm-up
  const samples: Record<string, number[]> = { chat: [], mcp: [], 'mcp (SDK client)': [] };
  // CPU time of this process (server and client share it): wall times on a busy machine
  // include waiting for a core; CPU time per call does not.
  const cpu: Record<string, number> = { chat: 0, mcp: 0, 'mcp (SDK client)': 0 };
  for (let i = 0; i < N; i++) {
    for (const [name, f] of Object.entries(runs)) {
      const c = process.cpuUsage();
      const t = performance.now();
      await f();
      samples[name]!.push(performance.now() - t);
      const d = process.cpuUsage(c);
      cpu[name]! += (d.user + d.system) / 1000;
    }
  }
  console.log(`\n${model} (${N} calls per path, sequential, interleaved)`);
  for (const [name, s] of Object.entries(samples)) {
    s.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(18)} p50 ${fmt(pct(s, 0.5))}  p99 ${fmt(pct(s, 0.99))}  CPU ${fmt(cpu[name]! / N)} per call`,
    );
  }
  const c = pct(samples.chat!, 0.5);
  const m = pct(samples.mcp!, 0.5);
  console.log(`  added by MCP (p50, plain JSON POST): ${fmt(m - c)}; ratio mcp/chat ${(m / c).toFixed(2)}`);
  const cc = cpu.chat! / N;
  const cm = cpu.mcp! / N;
  console.log(`  added by MCP (CPU per call): ${fmt(cm - cc)}; ratio mcp/chat ${(cm / cc).toFixed(2)}`);
  await client.close();
  await app.close();
}

await measure(ecoOnly, 'svc/eco', 'svc_eco');
await measure(withVendor, 'svc/gpt', 'svc_gpt');
await upstream.stop();
await withVendor.dispose();
await ecoOnly.dispose();
