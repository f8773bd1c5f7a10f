// POST /mcp with the official MCP SDK client over Streamable HTTP and with plain HTTP: the
// catalogue as tools, calls through the model pipeline (barrier, release, quota, usage),
// error results instead of failures, authentication, Origin and the transport's rules.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { FakeUpstream, Wire } from '../../fakes/upstream.js';
import { fakeOpenAI } from '../../fakes/openai.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { assertNoPersonalData, CPF, EMAIL, writeConfig } from '../models/helpers.js';
import { firstText, mcpClient, mcpGateway } from './helpers.js';

const PUBLIC_ORIGIN = 'https://gateway.example.com';

type Gateway = Awaited<ReturnType<typeof mcpGateway>>;

/** One JSON-RPC POST as curl would send it: JSON content type, no Accept. */
function rpc(gw: Gateway, secret: string | null, body: unknown, headers: Record<string, string> = {}) {
  return fetch(gw.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('MCP with the built-in svc/eco model', () => {
  let gw: Gateway;
  let key: KeyFixture;
  let client: Client;
  before(async () => {
    gw = await mcpGateway({ PUBLIC_ORIGIN });
    key = await makeKey(gw.ctx);
    client = await mcpClient(gw.url, key.secret);
  });
  after(async () => {
    await client.close();
    await gw.dispose();
  });

  it('initialises without a session and lists one tool per catalogue model', async () => {
    assert.equal(client.getServerVersion()?.name, 'svc');
    assert.ok(client.getServerCapabilities()?.tools);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['svc_auto', 'svc_eco'],
    );
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object');
      assert.equal((tool.inputSchema.properties as Record<string, { type: string }>).prompt!.type, 'string');
    }
  });

  it('calls svc/eco through the barrier: the text is what a model would see', async () => {
    const result = await client.callTool({
      name: 'svc_eco',
      arguments: { prompt: `Meu CPF é ${CPF} e o e-mail ${EMAIL}.`, max_tokens: 200 },
    });
    assert.notEqual(result.isError, true);
    const text = firstText(result);
    assert.match(text, /\[CPF_1\]/);
    assert.match(text, /\[EMAIL_1\]/);
    assertNoPersonalData(text, 'the eco tool result');
    assert.equal((result._meta as Record<string, unknown>)['svc/model'], 'svc/eco');
    // Earlier turns and a system text are part of the conversation too.
    const talk = await client.callTool({
      name: 'svc_eco',
      arguments: {
        system: 'Seja breve.',
        messages: [
          { role: 'user', content: 'primeira' },
          { role: 'assistant', content: 'ok' },
          { role: 'user', content: 'segunda pergunta' },
        ],
      },
    });
    assert.match(firstText(talk), /segunda pergunta/);
  });

  it('counts the call as usage of the key, as on /v1', async () => {
    await gw.deps.limits.settled();
    const rows = await gw.ctx.db.kysely
      .selectFrom('usage_daily')
      .selectAll()
      .where('key_id', '=', key.keyId)
      .execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.model, 'svc/eco');
    assert.ok(Number(rows[0]!.requests) >= 2);
  });

  it('answers an unknown tool and bad arguments with error results, never a protocol failure', async () => {
    const cases: [string, Record<string, unknown> | undefined, RegExp][] = [
      ['svc_nope', { prompt: 'oi' }, /desconhecida/],
      ['svc_eco', { prompt: 5 }, /prompt/],
      ['svc_eco', {}, /prompt/],
      ['svc_eco', undefined, /prompt/],
      ['svc_eco', { prompt: 'oi', extra: true }, /extra/],
      ['svc_eco', { prompt: 'oi', max_tokens: 0 }, /max_tokens/],
      ['svc_eco', { prompt: 'oi', max_tokens: 1.5 }, /max_tokens/],
      ['svc_eco', { messages: 'oi' }, /messages/],
      ['svc_eco', { messages: [{ role: 'system', content: 'x' }] }, /messages\[0\]/],
      ['svc_eco', { messages: [{ role: 'assistant', content: 'x' }] }, /última/],
      ['svc_eco', { prompt: 'oi', system: ['x'] }, /system/],
    ];
    for (const [name, args, message] of cases) {
      const result = await client.callTool({ name, ...(args ? { arguments: args } : {}) });
      assert.equal(result.isError, true, `${name} ${JSON.stringify(args)}`);
      assert.match(firstText(result), message);
    }
  });

  it('answers a plain JSON POST (no Accept) with 200 JSON-RPC, for each method', async () => {
    const init = await rpc(gw, key.secret, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    });
    assert.equal(init.status, 200);
    assert.match(init.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(init.headers.get('mcp-session-id'), null);
    assert.ok(init.headers.get('x-request-id'));
    const initBody = (await init.json()) as Wire;
    assert.equal(initBody.id, 1);
    assert.equal(initBody.result.protocolVersion, '2025-06-18');

    const list = await rpc(gw, key.secret, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    assert.equal(list.status, 200);
    assert.deepEqual(
      ((await list.json()) as Wire).result.tools.map((t: { name: string }) => t.name),
      ['svc_auto', 'svc_eco'],
    );

    const call = await rpc(gw, key.secret, {
      jsonrpc: '2.0',
      id: 'c',
      method: 'tools/call',
      params: { name: 'svc_eco', arguments: { prompt: 'olá' } },
    });
    assert.equal(call.status, 200);
    const callBody = (await call.json()) as Wire;
    assert.equal(callBody.id, 'c');
    assert.match(callBody.result.content[0].text, /olá/);

    // A notification has no answer: 202.
    const note = await rpc(gw, key.secret, { jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.equal(note.status, 202);
  });

  it('refuses a missing or wrong key with 401 and WWW-Authenticate, before reading the body', async () => {
    for (const secret of [null, 'svck_not-a-real-key']) {
      const res = await rpc(gw, secret, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('www-authenticate'), 'Bearer');
      assert.equal(((await res.json()) as Wire).error, 'invalid_api_key');
    }
    const big = await rpc(gw, null, 'x'.repeat(11 * 1024 * 1024));
    assert.equal(big.status, 401);
    // The SDK client surfaces it as an error, not a hang.
    await assert.rejects(mcpClient(gw.url, 'svck_not-a-real-key'));
  });

  it('accepts the key as X-Api-Key too', async () => {
    const res = await fetch(gw.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key.secret },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(res.status, 200);
  });

  it('validates Origin when one is sent', async () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const foreign = await rpc(gw, key.secret, list, { origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    assert.equal(((await foreign.json()) as Wire).error, 'invalid_origin');
    const own = await rpc(gw, key.secret, list, { origin: PUBLIC_ORIGIN });
    assert.equal(own.status, 200);
  });

  it('answers bad HTTP input with the documented 4xx, never 500', async () => {
    const malformed = await rpc(gw, key.secret, '{"jsonrpc": "2.0", "id": 1,');
    assert.equal(malformed.status, 400);
    assert.equal(((await malformed.json()) as Wire).error.code, -32700);
    const empty = await rpc(gw, key.secret, '');
    assert.equal(empty.status, 400);
    const notRpc = await rpc(gw, key.secret, { hello: 'world' });
    assert.equal(notRpc.status, 400);
    assert.equal(((await notRpc.json()) as Wire).error.code, -32700);
    const unknownMethod = await rpc(gw, key.secret, { jsonrpc: '2.0', id: 9, method: 'nope/nope' });
    assert.equal(unknownMethod.status, 200);
    assert.equal(((await unknownMethod.json()) as Wire).error.code, -32601);
    const badParams = await rpc(gw, key.secret, {
      jsonrpc: '2.0',
      id: 10,
      method: 'tools/call',
      params: { name: 42 },
    });
    // A JSON-RPC error answer (the SDK reports a request that fails its schema as -32603).
    assert.equal(badParams.status, 200);
    const badParamsBody = (await badParams.json()) as Wire;
    assert.equal(badParamsBody.id, 10);
    assert.equal(typeof badParamsBody.error.code, 'number');
    assert.equal(badParamsBody.result, undefined);
    const text = await rpc(gw, key.secret, 'oi', { 'content-type': 'text/plain' });
    assert.equal(text.status, 415);
    const big = await rpc(gw, key.secret, JSON.stringify({ x: 'y'.repeat(11 * 1024 * 1024) }));
    assert.equal(big.status, 413);
    const badVersion = await rpc(
      gw,
      key.secret,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { 'mcp-protocol-version': '1999-01-01' },
    );
    assert.equal(badVersion.status, 400);
  });

  it('answers GET and DELETE with 405 and Allow: POST (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(gw.url, {
        method,
        headers: { authorization: `Bearer ${key.secret}`, accept: 'text/event-stream' },
      });
      assert.equal(res.status, 405, method);
      assert.match(res.headers.get('allow') ?? '', /POST/);
    }
  });

  it('lists the tools in the index', async () => {
    const index = (await (await fetch(`${gw.origin}/api/`)).json()) as Wire;
    assert.deepEqual(index.mcp_tools, ['svc_auto', 'svc_eco']);
    const route = index.endpoints.find((e: { path: string }) => e.path === '/mcp');
    assert.deepEqual([route.method, route.auth], ['POST', 'key']);
  });
});

describe('MCP with a model vendor behind it', () => {
  let gw: Gateway;
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await fakeOpenAI();
    const model = (id: string) => ({
      id,
      provider: 'oa',
      upstream_model: 'g',
      display_name: id.toUpperCase(),
      context_window: 8000,
      description: 'Modelo de teste.',
    });
    gw = await mcpGateway({
      PUBLIC_ORIGIN,
      SVC_CONFIG: writeConfig({
        providers: { oa: { type: 'openai', base_url: `${upstream.url}/v1` } },
        models: [model('svc/gpt'), model('svc/mini.v2')],
      }),
    });
  });
  after(async () => {
    await gw.dispose();
    await upstream.stop();
  });

  it('calls the vendor with cleaned text and gives its text back restored per policy', async () => {
    const key = await makeKey(gw.ctx);
    const client = await mcpClient(gw.url, key.secret);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['svc_auto', 'svc_gpt', 'svc_mini_v2', 'svc_eco'],
    );
    const before = upstream.received.length;
    const result = await client.callTool({
      name: 'svc_gpt',
      arguments: { prompt: `Resuma: o cliente ${CPF} pediu ajuda.`, max_tokens: 64 },
    });
    assert.notEqual(result.isError, true);
    assert.equal(upstream.received.length, before + 1);
    const sent = upstream.received.at(-1)!;
    assertNoPersonalData(sent.raw, 'the upstream request');
    assert.equal(sent.body.max_tokens, 64);
    assert.match(sent.raw, /\[CPF_1\]/);
    assert.match(firstText(result), /^eco: Resuma: o cliente \[CPF_1\] pediu ajuda\.$/);
    await client.close();
  });

  it('with a blocking policy: an error result, and nothing reaches the vendor', async () => {
    const key = await makeKey(gw.ctx, { org: { privacy_policy: 'block' } });
    const client = await mcpClient(gw.url, key.secret);
    const before = upstream.received.length;
    const result = await client.callTool({ name: 'svc_gpt', arguments: { prompt: `CPF ${CPF}` } });
    assert.equal(result.isError, true);
    assert.match(firstText(result), /bloqueou/);
    assertNoPersonalData(JSON.stringify(result), 'the blocked result');
    assert.equal((result._meta as Record<string, unknown>)['svc/error'], 'pii_blocked');
    // A clean prompt still goes through for the same key.
    const clean = await client.callTool({ name: 'svc_gpt', arguments: { prompt: 'bom dia' } });
    assert.equal(firstText(clean), 'eco: bom dia');
    assert.equal(upstream.received.length, before + 1);
    assert.ok(!upstream.received.slice(before).some((r) => r.raw.includes('CPF')));
    await client.close();
  });

  it("lists and runs only the organisation's released models", async () => {
    const key = await makeKey(gw.ctx, { org: { released_models: JSON.stringify(['svc/gpt']) } });
    const client = await mcpClient(gw.url, key.secret);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['svc_auto', 'svc_gpt'],
    );
    const before = upstream.received.length;
    const result = await client.callTool({ name: 'svc_mini_v2', arguments: { prompt: 'oi' } });
    assert.equal(result.isError, true);
    assert.equal(upstream.received.length, before);
    await client.close();
  });

  it('answers each caller with its own tools when requests run at once (servers are reused)', async () => {
    const all = await makeKey(gw.ctx);
    const one = await makeKey(gw.ctx, { org: { released_models: JSON.stringify(['svc/mini.v2']) } });
    const list = async (secret: string) =>
      (
        ((await (await rpc(gw, secret, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).json()) as Wire)
          .result.tools as { name: string }[]
      ).map((t) => t.name);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => list(i % 2 ? one.secret : all.secret)),
    );
    for (const [i, names] of answers.entries()) {
      assert.deepEqual(
        names,
        i % 2 ? ['svc_auto', 'svc_mini_v2'] : ['svc_auto', 'svc_gpt', 'svc_mini_v2', 'svc_eco'],
      );
    }
  });

  it('stops at the monthly quota with an error result', async () => {
    const key = await makeKey(gw.ctx, { org: { monthly_quota: 10 } });
    const client = await mcpClient(gw.url, key.secret);
    const first = await client.callTool({ name: 'svc_gpt', arguments: { prompt: 'um' } });
    assert.notEqual(first.isError, true);
    await gw.deps.limits.settled();
    const before = upstream.received.length;
    const second = await client.callTool({ name: 'svc_gpt', arguments: { prompt: 'dois' } });
    assert.equal(second.isError, true);
    assert.equal((second._meta as Record<string, unknown>)['svc/error'], 'quota_exceeded');
    assert.equal(upstream.received.length, before);
    await client.close();
  });

  it('turns a vendor failure into an error result', async () => {
    const key = await makeKey(gw.ctx);
    const client = await mcpClient(gw.url, key.secret);
    upstream.handler = () => ({
      status: 400,
      json: { error: { message: 'bad', type: 'invalid_request_error' } },
    });
    try {
      const result = await client.callTool({ name: 'svc_gpt', arguments: { prompt: 'oi' } });
      assert.equal(result.isError, true);
    } finally {
      upstream.handler = upstream.defaultHandler;
      await client.close();
    }
  });

  it('keeps personal data out of the logs', () => {
    assertNoPersonalData(gw.ctx.logs.text, 'the gateway log');
  });
});
