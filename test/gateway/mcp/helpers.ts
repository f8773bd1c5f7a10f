// A listening gateway for the MCP tests, with its deps at hand (usage is read from them),
// and an MCP SDK client connected to it over Streamable HTTP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createGatewayApp } from '../../../src/gateway/app.js';
import { createGatewayDeps } from '../../../src/gateway/deps.js';
import { testContext } from '../../helpers/context.js';

export async function mcpGateway(env: Record<string, string> = {}) {
  const ctx = await testContext(env);
  const deps = createGatewayDeps(ctx);
  const app = await createGatewayApp(ctx, deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    ctx,
    deps,
    app,
    origin,
    url: `${origin}/mcp`,
    dispose: async () => {
      await app.close();
      await ctx.dispose();
    },
  };
}

export async function mcpClient(url: string, secret: string): Promise<Client> {
  const client = new Client({ name: 'svc-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
  return client;
}

/** The text of a tool result's first content item. */
export function firstText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  const first = content[0];
  if (first?.type !== 'text' || typeof first.text !== 'string') {
    throw new Error(`no text content in ${JSON.stringify(result)}`);
  }
  return first.text;
}
