// The two webhooks of Area C. Thin: the platform's `webhook` guard authenticates, then read the envelope, call a
// plain function, answer the interface's exact bodies.
import { Type } from '@sinclair/typebox';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { enqueueIngestion } from '../processing/ingest.js';
import type { InsightsSettings } from '../settings.js';
import { answer } from './metrics.js';
import { queueTags } from '../tags/cleanup.js';
import { credentialsQuery } from '../tenants/auth.js';
import {
  contactIdOf,
  ENVELOPE_ERROR,
  INVALID_CONTACT_ID,
  INVALID_SESSION_ID,
  isContactEvent,
  readEnvelope,
  sessionToIngest,
  tagsOf,
  watchedTagsIn,
} from './events.js';

const QUEUE_WRITE_FAILED = { error: 'queue_write_failed' } as const;

export function registerWebhookRoutes(
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
      if (!envelope) return answer(reply, 'partner-crm', 400, ENVELOPE_ERROR);
      const sessionId = sessionToIngest(envelope);
      if (sessionId === undefined) return answer(reply, 'partner-crm', 200, { status: 'ignored' });
      if (sessionId === null) return answer(reply, 'partner-crm', 400, INVALID_SESSION_ID);
      try {
        await enqueueIngestion(ctx.db, { tenantId: request.tenant!.id, sessionId }, deps.settings);
      } catch (err) {
        request.log.error(
          { code: (err as { code?: string }).code ?? 'unknown' },
          'ingestion job write failed',
        );
        return answer(reply, 'partner-crm', 500, QUEUE_WRITE_FAILED);
      }
      deps.wake();
      return answer(reply, 'partner-crm', 202, { status: 'accepted' });
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
      if (!envelope) return answer(reply, 'update-contact', 400, ENVELOPE_ERROR);
      if (!isContactEvent(envelope.eventType))
        return answer(reply, 'update-contact', 200, { status: 'ignored' });
      const contactId = contactIdOf(envelope.content);
      if (contactId === undefined) {
        return answer(reply, 'update-contact', 400, {
          error: 'missing_contact_id',
          message: 'O evento não traz um id de contato reconhecível.',
        });
      }
      if (contactId === null) return answer(reply, 'update-contact', 400, INVALID_CONTACT_ID);
      const tenant = request.tenant!;
      const tags = watchedTagsIn(tagsOf(envelope.content), tenant.watchedTags);
      if (tags.length === 0)
        return answer(reply, 'update-contact', 200, { status: 'ignored', reason: 'no_watched_tags' });
      try {
        await queueTags(ctx.db, tenant, contactId, tags, deps.settings.now());
      } catch (err) {
        request.log.error({ code: (err as { code?: string }).code ?? 'unknown' }, 'tag queue write failed');
        return answer(reply, 'update-contact', 500, QUEUE_WRITE_FAILED);
      }
      return answer(reply, 'update-contact', 200, { status: 'queued' });
    },
  );
}
