// One MCP request, statelessly: a fresh SDK server and transport per HTTP request (no
// Mcp-Session-Id, so any instance can answer any request), the tools of the caller's
// organisation, and tools/call through runModel — release, quota, barrier, metering and
// restoration are the pipeline's, exactly as on /v1/chat/completions.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  type CallToolResult,
  CallToolRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { buildId } from '../../platform/config/build-info.js';
import { ApiError } from '../../platform/http/errors.js';
import { describeError, type Logger } from '../../platform/logger.js';
import type { ModelPipeline, Principal } from '../pipeline/index.js';
import { type McpCatalogue, readArguments, TOOL_INPUT_SCHEMA, ToolArgumentError } from './tools.js';

export interface McpDeps {
  tools: McpCatalogue;
  models: ModelPipeline;
}

export interface McpCall {
  principal: Principal;
  /** Aborted when the HTTP caller hangs up. */
  signal: AbortSignal;
  log: Pick<Logger, 'warn' | 'error'>;
}

/** A tool failure as MCP wants it: a result with isError, never a protocol error. */
function failure(message: string, code: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }], _meta: { 'svc/error': code } };
}

function createServer(deps: McpDeps, call: McpCall): Server {
  const server = new Server(
    { name: 'svc', title: 'svc — gateway de privacidade para IA', version: buildId() },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Cada ferramenta é um modelo do catálogo do gateway. O texto passa pela barreira de privacidade ' +
        '(CPF, CNPJ, e-mail, telefone e nomes) antes de chegar ao modelo.',
    },
  );
  const released = call.principal.releasedModels;

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: deps.tools.tools(released).map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: TOOL_INPUT_SCHEMA,
      annotations: { readOnlyHint: true, openWorldHint: true },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = deps.tools.find(request.params.name, released);
    if (!tool) return failure('Ferramenta desconhecida ou não liberada para a organização.', 'unknown_tool');
    try {
      const conversation = readArguments(tool.model, request.params.arguments);
      const run = await deps.models.runModel(call.principal, conversation, {
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
export async function answerMcp(deps: McpDeps, call: McpCall, request: Request): Promise<Response> {
  const server = createServer(deps, call);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
