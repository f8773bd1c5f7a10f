// The read routes: a tenant's stored insights, with the same credential and allowlist as
// the webhooks (query, or X-Client-Id + Bearer).
import { Type } from '@sinclair/typebox';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { invalidParam } from '../../platform/http/errors.js';
import { insightNotFound } from '../errors.js';
import { credentialsQuery } from '../tenants/auth.js';
import { getInsight, listInsights } from './store.js';

export function registerResultRoutes(app: App, ctx: Context): void {
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
      if (limit < 1 || limit > 100) throw invalidParam('limit', 'limit deve estar entre 1 e 100.');
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
      if (!insight) throw insightNotFound();
      return { insight };
    },
  );
}
