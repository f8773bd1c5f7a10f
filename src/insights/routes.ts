// The routes of Area C. Thin: authenticate (onRequest), read the envelope, call a plain
// function, answer SPEC.md's exact bodies.
import { Type } from '@sinclair/typebox';
import type { Context } from '../platform/context.js';
import type { App } from '../platform/http/app.js';
import { ApiError } from '../platform/http/errors.js';
import {
  contactIdOf,
  ENVELOPE_ERROR,
  isContactEvent,
  readEnvelope,
  sessionToIngest,
  tagsOf,
  watchedTagsIn,
} from './events.js';
import { enqueueIngestion } from './jobs.js';
import type { InsightsSettings } from './settings.js';
import { getInsight, listInsights } from './store.js';
import { queueTags } from './tag-queue.js';

const QUEUE_WRITE_FAILED = { error: 'queue_write_failed' } as const;

const credentialsQuery = {
  client_id: Type.Optional(Type.String({ description: 'Identificador público do cliente (tenant)' })),
  token: Type.Optional(Type.String({ description: 'Token secreto do webhook' })),
};

export function registerInsightsRoutes(
  app: App,
  ctx: Context,
  deps: { settings: InsightsSettings; wake: () => void },
): void {
  app.post(
    '/webhooks/partner-crm',
    {
      config: { auth: 'webhook' },
      schema: {
        summary: 'Conversa encerrada: agenda a ingestão e a análise (202 antes do trabalho)',
        tags: ['insights'],
        querystring: Type.Object(credentialsQuery),
      },
    },
    async (request, reply) => {
      const envelope = readEnvelope(request.body);
      if (!envelope) return reply.status(400).send(ENVELOPE_ERROR);
      const sessionId = sessionToIngest(envelope);
      if (sessionId === undefined) return reply.status(200).send({ status: 'ignored' });
      try {
        await enqueueIngestion(ctx.db, request.tenant!.id, sessionId, deps.settings.now());
      } catch (err) {
        request.log.error(
          { code: (err as { code?: string }).code ?? 'unknown' },
          'ingestion job write failed',
        );
        return reply.status(500).send(QUEUE_WRITE_FAILED);
      }
      deps.wake();
      return reply.status(202).send({ status: 'accepted' });
    },
  );

  app.post(
    '/webhooks/update-contact',
    {
      config: { auth: 'webhook' },
      schema: {
        summary: 'Etiquetas de contato: enfileira o contato para a limpeza diária das etiquetas observadas',
        tags: ['insights'],
        querystring: Type.Object(credentialsQuery),
      },
    },
    async (request, reply) => {
      const envelope = readEnvelope(request.body);
      if (!envelope) return reply.status(400).send(ENVELOPE_ERROR);
      if (!isContactEvent(envelope.eventType)) return reply.status(200).send({ status: 'ignored' });
      const contactId = contactIdOf(envelope.content);
      if (contactId === undefined) {
        return reply
          .status(400)
          .send({ error: 'missing_contact_id', message: 'O evento não traz um id de contato reconhecível.' });
      }
      const tenant = request.tenant!;
      const tags = watchedTagsIn(tagsOf(envelope.content), tenant.watchedTags);
      if (tags.length === 0) return reply.status(200).send({ status: 'ignored', reason: 'no_watched_tags' });
      try {
        await queueTags(ctx.db, tenant, contactId, tags, deps.settings.now());
      } catch (err) {
        request.log.error({ code: (err as { code?: string }).code ?? 'unknown' }, 'tag queue write failed');
        return reply.status(500).send(QUEUE_WRITE_FAILED);
      }
      return reply.status(200).send({ status: 'queued' });
    },
  );

  app.get(
    '/insights',
    {
      config: { auth: 'webhook' },
      schema: {
        summary: 'Lista os insights do cliente, do mais recente ao mais antigo',
        tags: ['insights'],
        querystring: Type.Object({
          ...credentialsQuery,
          limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
          cursor: Type.Optional(Type.String({ maxLength: 200 })),
        }),
      },
    },
    async (request) => {
      const q = request.query as { limit?: string; cursor?: string };
      const limit = q.limit === undefined ? 50 : Number(q.limit);
      if (limit < 1 || limit > 100)
        throw new ApiError(400, 'invalid_request', 'limit deve estar entre 1 e 100.', { param: 'limit' });
      return listInsights(ctx.db, request.tenant!.id, limit, q.cursor);
    },
  );

  app.get(
    '/insights/:sessionId',
    {
      config: { auth: 'webhook' },
      schema: {
        summary: 'O insight de uma conversa',
        tags: ['insights'],
        params: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 200 }) }),
        querystring: Type.Object(credentialsQuery),
      },
    },
    async (request) => {
      const { sessionId } = request.params as { sessionId: string };
      const insight = await getInsight(ctx.db, request.tenant!.id, sessionId);
      if (!insight) throw new ApiError(404, 'not_found', 'Insight não encontrado.');
      return { insight };
    },
  );
}
