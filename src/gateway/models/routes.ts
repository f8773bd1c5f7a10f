// SPEC.md A.4 model routes (Key auth): GET /v1/models, POST /v1/chat/completions,
// POST /v1/messages. Thin: parse, authorise, clean, call the service, shape the answer.
import { PassThrough, pipeline } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import { createCleaner, isPolicy, strictest } from '../../privacy/index.js';
import type { GatewayDeps } from '../deps.js';
import { assertModelReleased, principalOf } from '../keys/auth.js';
import { blockedError, findingsHeader } from '../privacy/clean.js';
import { AUTO_ID, autoEntry, chooseModel } from './auto.js';
import { cleanConversation, restoreEvents, restoreReply } from './barrier.js';
import { coalesce } from './coalesce.js';
import { invalid } from './errors.js';
import { ChatStreamWriter, parseChatRequest, renderChatReply } from './formats/chat.js';
import { type Obj, replyId } from './formats/check.js';
import { MessagesStreamWriter, parseMessagesRequest, renderMessagesReply } from './formats/messages.js';
import type { Conversation, StreamEvent, Usage } from './types.js';

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

interface Writer {
  write(ev: StreamEvent): string;
  end(): string;
  error(message: string, code: string): string;
}

/** Passes a stream through, noting its usage; `done` runs however the stream ends (finished, failed, hung up). */
async function* metered(batches: AsyncIterable<StreamEvent[]>, done: (usage: Usage) => void) {
  const usage: Usage = { input: 0, output: 0 };
  try {
    for await (const batch of batches) {
      for (const ev of batch) {
        // Providers report usage in parts (input first, output at the end), each a running total.
        if (ev.kind !== 'usage') continue;
        if (ev.input !== undefined) usage.input = ev.input;
        if (ev.output !== undefined) usage.output = ev.output;
      }
      yield batch;
    }
  } finally {
    done(usage);
  }
}

/** One write per batch of events (a write per event would cost a syscall each), its deltas coalesced. */
async function* sseBody(batches: AsyncIterable<StreamEvent[]>, writer: Writer, log: FastifyBaseLogger) {
  try {
    let first = true;
    for await (const batch of batches) {
      let text = '';
      for (const ev of coalesce(batch)) text += writer.write(ev);
      if (!text) continue;
      yield text;
      if (first) {
        // Node sends a response's first bytes on the next tick (it corks the socket), and
        // ticks wait for the promise jobs to run out: with the upstream's data already
        // buffered, this generator would transform all of it before the first byte left.
        // One turn of the event loop lets it go now.
        first = false;
        await nextTurn();
      }
    }
    yield writer.end();
  } catch (err) {
    // Headers are gone already: the error travels in the stream, where the SDKs raise it.
    log.warn({ code: (err as { code?: string }).code ?? (err as Error).name }, 'upstream stream failed');
    yield writer.error('O provedor do modelo falhou durante a resposta.', 'upstream_error');
  }
}

export function registerModelRoutes(app: App, deps: GatewayDeps): void {
  const { models: service, limits } = deps;

  app.get(
    '/v1/models',
    {
      config: { auth: 'key' },
      schema: { summary: 'Models released for the caller’s organisation', tags: ['models'] },
    },
    async (request) => {
      const released = service.catalogue.list(principalOf(request).releasedModels);
      // svc/auto first (the suggested default), whenever it has something to choose from.
      const models = released.length > 0 ? [autoEntry(released), ...released] : released;
      // Fields of both SDKs' model objects ride along, so either client lists them.
      const data = models.map((m) => ({
        id: m.id,
        object: 'model',
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

  /** Everything both model routes share once the body is parsed. */
  async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
    parsed: Conversation,
    render: (r: Parameters<typeof renderChatReply>[0], model: string) => unknown,
    writer: (model: string) => Writer,
  ) {
    const principal = principalOf(request);
    // svc/auto is released wherever something is; the allowlist limits what it picks.
    const model =
      parsed.model === AUTO_ID
        ? chooseModel(parsed, service.catalogue.list(principal.releasedModels), service.catalogue.list(null))
        : service.model(parsed.model);
    assertModelReleased(principal, model.id);
    await limits.checkQuota(request, principal);
    const asked = request.headers['x-svc-policy'];
    if (asked !== undefined && !isPolicy(asked)) {
      throw invalid('x-svc-policy', 'O cabeçalho X-SVC-Policy deve ser placeholder, redact ou block.');
    }
    const policy = strictest(principal.policy, asked);
    const cleaner = createCleaner({ policy });
    const conv = cleanConversation(parsed, cleaner);
    const findings = cleaner.findings();
    reply.header('x-svc-privacy', findingsHeader(findings));
    reply.header('x-svc-model', model.id);
    if (cleaner.blocked) throw blockedError(findings);
    const map =
      principal.restorePlaceholders && policy === 'placeholder' && cleaner.map.size > 0 ? cleaner.map : null;

    // The caller hanging up aborts the upstream request (and, for streams, its body).
    const abort = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
    });

    if (!conv.stream) {
      const answer = await service.complete(conv, model, abort.signal);
      limits.record(principal, model.id, answer.usage);
      return render(map ? restoreReply(answer, map) : answer, model.id);
    }
    const upstream = await service.stream(conv, model, abort.signal);
    const events = metered(upstream, (usage) => limits.record(principal, model.id, usage));
    reply.header('content-type', 'text/event-stream; charset=utf-8');
    reply.header('x-accel-buffering', 'no');
    // Pushed into a PassThrough by pipeline() (backpressure, and the generators closed when
    // the caller goes away) rather than pulled by Readable.from(). Measured, not explained:
    // under Fastify's stream path a Readable.from() left ~0.7-1 MB of each 13 MB of young
    // objects alive across two scavenges (promoted, then swept by full collections) in 10 runs
    // of 10; this way, ~0.25 MB in 4 runs of 8 (`--trace-gc-nvp`; docs/performance.md, session 5).
    const body = new PassThrough();
    pipeline(sseBody(map ? restoreEvents(events, map) : events, writer(model.id), request.log), body, () => {
      // A caller that hung up ends the pipeline early; upstream failures were written into the stream.
    });
    return reply.send(body);
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
      const conv = parseChatRequest(request.body as Obj);
      const id = replyId('chatcmpl-');
      return handle(
        request,
        reply,
        conv,
        (r, model) => renderChatReply(r, model, id),
        (model) => new ChatStreamWriter(id, model, conv.streamUsage),
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
      const conv = parseMessagesRequest(request.body as Obj);
      const id = replyId('msg_');
      return handle(
        request,
        reply,
        conv,
        (r, model) => renderMessagesReply(r, model, id),
        (model) => new MessagesStreamWriter(id, model),
      );
    },
  );
}
