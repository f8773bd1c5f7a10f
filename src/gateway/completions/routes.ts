// Model routes (Key auth): GET /v1/models, POST /v1/chat/completions, POST /v1/messages,
// POST /v1/responses. Thin adapters over the model pipeline: parse the wire format, run
// the model (src/gateway/pipeline), render the reply or the event stream in that format.
// The answer's `model` is the name the caller sent (an alias, an id, svc/auto); the
// X-SVC-Model header names the catalogue model that answered.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import type { GatewayDeps } from '../deps.js';
import { principalOf } from '../keys/auth.js';
import { keyAllows } from '../access/controls.js';
import { cleaningAskOf } from '../privacy/asked.js';
import { chooseCleaning } from '../orgs/cleaning-choice.js';
import { autoEntry } from '../pipeline/auto.js';
import { ChatStreamWriter, parseChatRequest, renderChatReply } from '../models/formats/chat.js';
import { replyId } from '../models/formats/check.js';
import {
  MessagesStreamWriter,
  parseMessagesRequest,
  renderMessagesReply,
} from '../models/formats/messages.js';
import { parseResponsesRequest } from '../models/formats/responses.js';
import { ResponseObject, renderResponsesReply } from '../models/formats/responses-reply.js';
import { ResponsesStreamWriter } from '../models/formats/responses-stream.js';
import { sendEvents, type Writer } from '../pipeline/stream-reply.js';
import { routeRunOptions } from '../pipeline/route-options.js';
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
const ResponsesBody = Type.Object(
  {
    model: Type.String(),
    input: Type.Union([Type.String(), Type.Array(Type.Unknown())]),
    instructions: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    stream: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
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
      const principal = principalOf(request);
      // What the organisation released, narrowed to the key's own list when it has one.
      const mayCall = (m: { id: string; aliases?: readonly string[] }) => keyAllows(principal, m);
      const released = catalogue.list(principal.releasedModels).filter(mayCall);
      const choosable = catalogue.choosable(principal.releasedModels).filter(mayCall);
      // svc/auto first (the suggested default), whenever it has something to choose from.
      const listed = choosable.length > 0 ? [autoEntry(choosable), ...released] : released;
      // Fields of both SDKs' model objects ride along, so either client lists them.
      const data = listed.map((m) => ({
        id: m.id,
        object: 'model',
        /** Other names the caller may send in `model` for this one (drop-in vendor names). */
        aliases: m.aliases,
        /** `chat` (the chat routes) or `embedding` (POST /v1/embeddings). */
        kind: m.kind,
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
   * Every model route once the body is read: parse (images and PDFs are taken only where the
   * organisation redacts them and the request did not ask X-SVC-Images: refuse), run the
   * model, render its answer under the name the caller sent.
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    parse: (files: boolean) => Conversation,
    render: (r: Reply, conv: Conversation) => unknown,
    writer: (conv: Conversation) => Writer,
  ) {
    const principal = principalOf(request);
    const conv = parse(chooseCleaning(principal, cleaningAskOf(request)).images === 'redact');
    const run = await models.runModel(principal, conv, routeRunOptions(request, reply, publicOrigin));
    if (run.kind === 'reply') return render(run.reply, conv);
    return sendEvents(reply, run.events, writer(conv), request.log);
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
        (files) => parseChatRequest(request.body, { files }),
        (r, conv) => renderChatReply(r, conv.model, id),
        (conv) => new ChatStreamWriter(id, conv.model, conv.streamUsage),
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
        (files) => parseMessagesRequest(request.body, { files }),
        (r, conv) => renderMessagesReply(r, conv.model, id),
        (conv) => new MessagesStreamWriter(id, conv.model),
      );
    },
  );

  app.post(
    '/v1/responses',
    {
      config: { auth: 'key' },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary:
          'Response (OpenAI Responses API) behind the privacy barrier; nothing is stored; stream: true for typed SSE events',
        tags: ['models'],
        body: ResponsesBody,
      },
    },
    async (request, reply) => {
      const id = replyId('resp_');
      let shape: ResponseObject | undefined;
      const shapeOf = (conv: Conversation) => (shape ??= new ResponseObject(id, conv.model, conv));
      return answer(
        request,
        reply,
        (files) => parseResponsesRequest(request.body, { files }),
        (r, conv) => renderResponsesReply(r, shapeOf(conv)),
        (conv) => new ResponsesStreamWriter(shapeOf(conv)),
      );
    },
  );
}
