// Model routes (Key auth): GET /v1/models, POST /v1/chat/completions,
// POST /v1/messages. Thin adapters over the model pipeline: parse the wire format, run
// the model (src/gateway/pipeline), render the reply or the event stream in that format.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import type { GatewayDeps } from '../deps.js';
import { principalOf } from '../keys/auth.js';
import { payerOf } from '../billing/payer.js';
import { findingsHeader } from '../privacy/clean.js';
import { cleaningAskOf } from '../privacy/asked.js';
import { chooseCleaning } from '../orgs/cleaning-choice.js';
import { autoEntry } from '../pipeline/auto.js';
import { ChatStreamWriter, parseChatRequest, renderChatReply } from '../models/formats/chat.js';
import { type Obj, replyId } from '../models/formats/check.js';
import {
  MessagesStreamWriter,
  parseMessagesRequest,
  renderMessagesReply,
} from '../models/formats/messages.js';
import { sendEvents, type Writer } from '../pipeline/stream-reply.js';
import type { Conversation, Reply } from '../models/types.js';

/** Prompts can be long: 10 MiB covers a million-token context window in text. */
const BODY_LIMIT = 10 * 1024 * 1024;

const ChatBody = Type.Object(
  { model: Type.String(), messages: Type.Array(Type.Unknown()), stream: Type.Optional(Type.Boolean()) },
  { additionalProperties: true },
);
const MessagesBody = Type.Object(
  {
    model: Type.String(),
    max_tokens: Type.Integer({ minimum: 1 }),
    messages: Type.Array(Type.Unknown()),
    stream: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);

export function registerModelRoutes(app: App, deps: GatewayDeps): void {
  const { catalogue, models } = deps;
  const publicOrigin = deps.ctx.config.publicOrigin;

  app.get(
    '/v1/models',
    {
      config: { auth: 'key' },
      schema: {
        summary: 'Models released for the caller’s organisation: canonical ids, each with its aliases',
        tags: ['models'],
      },
    },
    async (request) => {
      const releasedIds = principalOf(request).releasedModels;
      const released = catalogue.list(releasedIds);
      const choosable = catalogue.choosable(releasedIds);
      // svc/auto first (the suggested default), whenever it has something to choose from.
      const listed = choosable.length > 0 ? [autoEntry(choosable), ...released] : released;
      // Fields of both SDKs' model objects ride along, so either client lists them.
      const data = listed.map((m) => ({
        id: m.id,
        object: 'model',
        /** Other names the caller may send in `model` for this one (drop-in vendor names). */
        aliases: m.aliases,
        type: 'model',
        display_name: m.display_name,
        context_window: m.context_window,
        description: m.description,
        created: 0,
        created_at: '1970-01-01T00:00:00Z',
        owned_by: 'svc',
      }));
      return {
        object: 'list',
        data,
        has_more: false,
        first_id: data[0]?.id ?? null,
        last_id: data.at(-1)?.id ?? null,
      };
    },
  );

  /**
   * Both model routes: parse (images and PDFs are taken only where the organisation redacts
   * them and the request did not ask X-SVC-Images: refuse), run the model, render its answer.
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    parse: (files: boolean) => Conversation,
    render: (r: Reply, model: string) => unknown,
    writer: (model: string, parsed: Conversation) => Writer,
  ) {
    // X-SVC-Policy, X-SVC-Nomes, X-SVC-Images: the caller may ask for a stricter barrier than its organisation's.
    const asked = cleaningAskOf(request);
    const principal = principalOf(request);
    const parsed = parse(chooseCleaning(principal, asked).images === 'redact');
    // The caller hanging up aborts the upstream request (and, for streams, its body).
    const abort = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    const run = await models.runModel(principal, parsed, {
      ...asked,
      signal: abort.signal,
      log: request.log,
      // Sent on every answer from here on, a refusal by the barrier or the provider included.
      onScreened: (model, findings) => {
        reply.header('x-svc-privacy', findingsHeader(findings));
        reply.header('x-svc-model', model);
      },
      payer: payerOf(request.headers),
      resource: `${publicOrigin}${request.routeOptions.url}`,
      onBilling: (headers) => reply.headers(headers),
    });
    if (run.kind === 'reply') return render(run.reply, run.model);
    return sendEvents(reply, run.events, writer(run.model, parsed), request.log);
  }

  app.post(
    '/v1/chat/completions',
    {
      config: { auth: 'key' },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Chat completion (chat-completions format) behind the privacy barrier; stream: true for SSE',
        tags: ['models'],
        body: ChatBody,
      },
    },
    async (request, reply) => {
      const id = replyId('chatcmpl-');
      return answer(
        request,
        reply,
        (files) => parseChatRequest(request.body as Obj, { files }),
        (r, model) => renderChatReply(r, model, id),
        (model, conv) => new ChatStreamWriter(id, model, conv.streamUsage),
      );
    },
  );

  app.post(
    '/v1/messages',
    {
      config: { auth: 'key' },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Message (vendor messages format) behind the privacy barrier; stream: true for SSE',
        tags: ['models'],
        body: MessagesBody,
      },
    },
    async (request, reply) => {
      const id = replyId('msg_');
      return answer(
        request,
        reply,
        (files) => parseMessagesRequest(request.body as Obj, { files }),
        (r, model) => renderMessagesReply(r, model, id),
        (model) => new MessagesStreamWriter(id, model),
      );
    },
  );
}
