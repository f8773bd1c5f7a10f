// POST /mcp (Key auth): the catalogue as MCP tools over Streamable HTTP, stateless. GET and
// DELETE get the platform's 405 with `Allow: POST`, which is what the transport rules ask of
// a server that offers no server-initiated stream and no sessions.
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import type { GatewayDeps } from '../deps.js';
import { principalOf } from '../keys/auth.js';
import { cleaningAskOf } from '../privacy/asked.js';
import { COUNTERS, tally } from '../telemetry/counters.js';
import { McpServers } from './server.js';
import type { McpCatalogue } from './tools.js';
import { hostAllowed } from './host.js';
import { invalidHost, mcpOriginRefused } from './errors.js';

/** As the model routes: prompts can be long. */
const BODY_LIMIT = 10 * 1024 * 1024;

/**
 * The SDK's transport refuses (406) a POST whose Accept does not list both JSON and SSE;
 * the interface promises a JSON-RPC answer to a plain JSON POST, and this server always
 * answers in JSON, so every POST is handed over as accepting both.
 */
const ACCEPT = 'application/json, text/event-stream';

/** The request as the SDK's web-standard transport reads it. */
function webRequest(request: FastifyRequest, origin: string, body: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set('accept', ACCEPT);
  return new Request(`${origin}/mcp`, { method: 'POST', headers, body });
}

export function registerMcpRoutes(app: App, deps: GatewayDeps, tools: McpCatalogue): void {
  const origin = deps.ctx.config.publicOrigin;
  const { db, logger } = deps.ctx;
  const servers = new McpServers({
    tools,
    models: deps.models,
    onToolCall: () => tally(db, logger, COUNTERS.mcpCall, deps.now()),
  });

  // Its own scope: the body is kept as text, so malformed JSON gets the protocol's own
  // parse error (-32700) rather than the platform's envelope.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/mcp',
      {
        config: { auth: 'key' },
        bodyLimit: BODY_LIMIT,
        schema: {
          summary: 'MCP (JSON-RPC 2.0, Streamable HTTP, stateless): the catalogue models as tools',
          tags: ['mcp'],
        },
        // A browser page on another site must not drive the caller's key (DNS rebinding):
        // the Host must be one of the gateway's names, and an Origin, when sent, PUBLIC_ORIGIN.
        onRequest: (request, _reply, done) => {
          if (!hostAllowed(request.headers.host, deps.ctx.origins)) {
            done(invalidHost());
            return;
          }
          const sent = request.headers.origin;
          if (sent !== undefined && sent !== origin) {
            done(mcpOriginRefused(origin));
            return;
          }
          done();
        },
      },
      async (request, reply) => {
        const abort = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) abort.abort();
        });
        const answer = await servers.answer(
          {
            principal: principalOf(request),
            asked: cleaningAskOf(request),
            signal: abort.signal,
            log: request.log,
          },
          webRequest(request, origin, typeof request.body === 'string' ? request.body : ''),
        );
        reply.status(answer.status);
        answer.headers.forEach((value, name) => {
          if (name !== 'content-length') reply.header(name, value);
        });
        return reply.send(answer.body === null ? undefined : await answer.text());
      },
    );
  });
}
