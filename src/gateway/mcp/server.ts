// One MCP request, statelessly: a fresh SDK transport per HTTP request (no Mcp-Session-Id,
// so any instance can answer any request), the tools of the caller's organisation, and
// tools/call through runModel — release, quota, barrier, metering and restoration are the
// pipeline's, exactly as on /v1/chat/completions. Building an SDK server costs more than
// the rest of the request (docs/contributing/performance.md), so idle servers are kept and reconnected;
// who is calling travels with each request (the transport's authInfo), never in a server.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildId } from '../../platform/config/build-info.js';
import { ApiError } from '../../platform/http/errors.js';
import { describeError, type Logger } from '../../platform/logger.js';
import type { ModelPipeline, Principal } from '../pipeline/index.js';
import type { CleaningAsk } from '../orgs/cleaning-choice.js';
import { type McpCatalogue, readArguments, TOOL_INPUT_SCHEMA, ToolArgumentError } from './tools.js';

export interface McpDeps {
  tools: McpCatalogue;
  models: ModelPipeline;
  /** Told of every tools/call (the showcase's `mcp` figure). */
  onToolCall: () => void;
}

export interface McpCall {
  principal: Principal;
  /** What the HTTP request asked of the barrier (X-SVC-Policy, X-SVC-Nomes). */
  asked: CleaningAsk;
  /** Aborted when the HTTP caller hangs up. */
  signal: AbortSignal;
  log: Pick<Logger, 'warn' | 'error'>;
}

// The SDK is ~10 MB of heap and ~0.4 s of start-up (its schemas are built at import): it
// loads with the first MCP request, not with every process.
type Sdk = Awaited<ReturnType<typeof importSdk>>;
async function importSdk() {
  const [server, transport, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return {
    Server: server.Server,
    Transport: transport.WebStandardStreamableHTTPServerTransport,
    CallToolRequestSchema: types.CallToolRequestSchema,
    ListToolsRequestSchema: types.ListToolsRequestSchema,
  };
}
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => (sdk ??= importSdk());

/** A tool failure as MCP wants it: a result with isError, never a protocol error. */
function failure(message: string, code: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }], _meta: { 'svc/error': code } };
}

/** The caller of the request a handler is answering. */
function callOf(extra: { authInfo?: { extra?: Record<string, unknown> } }): McpCall {
  const call = extra.authInfo?.extra?.call as McpCall | undefined;
  if (!call) throw new Error('MCP request without its caller');
  return call;
}

function createServer(sdk: Sdk, deps: McpDeps): Server {
  const server = new sdk.Server(
    { name: 'svc', title: 'svc — gateway de privacidade para IA', version: buildId() },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Cada ferramenta é um modelo do catálogo do gateway. O texto passa pela barreira de privacidade ' +
        '(CPF, CNPJ, RG, CNH, cartões, contas, endereços, e-mails, telefones, nomes e demais dados pessoais) ' +
        'antes de chegar ao modelo.',
    },
  );
  server.setRequestHandler(sdk.ListToolsRequestSchema, (_request, extra) => ({
    tools: deps.tools.tools(callOf(extra).principal.releasedModels).map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: TOOL_INPUT_SCHEMA,
      annotations: { readOnlyHint: true, openWorldHint: true },
    })),
  }));

  server.setRequestHandler(sdk.CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const call = callOf(extra);
    deps.onToolCall();
    const tool = deps.tools.find(request.params.name, call.principal.releasedModels);
    if (!tool) return failure('Ferramenta desconhecida ou não liberada para a organização.', 'unknown_tool');
    try {
      const conversation = readArguments(tool.model, request.params.arguments);
      const run = await deps.models.runModel(call.principal, conversation, {
        ...call.asked,
        signal: AbortSignal.any([call.signal, extra.signal]),
        log: call.log,
      });
      if (run.kind !== 'reply') throw new Error('a non-streaming conversation gave a stream');
      const text = run.reply.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
      return { content: [{ type: 'text', text }], _meta: { 'svc/model': run.model } };
    } catch (err) {
      if (err instanceof ToolArgumentError) return failure(err.message, 'invalid_arguments');
      if (err instanceof ApiError) return failure(err.message, err.code);
      call.log.error({ error: describeError(err) }, 'mcp tool call failed');
      return failure('Erro interno ao executar a ferramenta.', 'internal_error');
    }
  });
  return server;
}

/**
 * Answers one JSON-RPC POST. `request` already carries a normalised Accept; `body` is the
 * raw text (the transport answers malformed JSON with a JSON-RPC parse error).
 */
export class McpServers {
  readonly #deps: McpDeps;
  /** Servers between requests; each serves one request at a time. */
  readonly #idle: Server[] = [];

  constructor(deps: McpDeps) {
    this.#deps = deps;
  }

  async answer(call: McpCall, request: Request): Promise<Response> {
    const sdk = await loadSdk();
    const server = this.#idle.pop() ?? createServer(sdk, this.#deps);
    const transport = new sdk.Transport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, {
        authInfo: { token: '', clientId: call.principal.keyId, scopes: [], extra: { call } },
      });
    } finally {
      // Closing ends the transport (the answer is complete by now) and frees the server.
      await server.close();
      if (this.#idle.length < IDLE_SERVERS) this.#idle.push(server);
    }
  }
}

const IDLE_SERVERS = 32;
