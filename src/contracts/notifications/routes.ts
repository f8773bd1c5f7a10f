// /notifications: the user's inbox (an analysis finished, …).
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { userOf } from '../auth/bearer.js';
import type { ContractsDeps } from '../deps.js';
import { ContractsError } from '../errors.js';
import { authErrors, ErrorBody, ownItemRoute, Page, pageOf } from '../schemas.js';
import { listNotifications, markAllRead, markRead } from './store.js';

const Notification = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  message: Type.String(),
  contract_id: Type.Union([Type.String(), Type.Null()]),
  analysis_id: Type.Union([Type.String(), Type.Null()]),
  read: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});

export function registerNotificationRoutes(app: App, deps: ContractsDeps): void {
  app.get(
    '/notifications',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'Listar notificações (unread=true: só as não lidas)',
        tags: ['notifications'],
        querystring: Type.Object(
          { ...Page, unread: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            items: Type.Array(Notification),
            total: Type.Integer(),
            unread: Type.Integer(),
            limit: Type.Integer(),
            offset: Type.Integer(),
          }),
          400: ErrorBody,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      const list = await listNotifications(deps.db, userOf(request).id, {
        ...page,
        unreadOnly: request.query.unread === 'true',
      });
      return { ...list, ...page };
    },
  );

  app.post(
    '/notifications/:id/read',
    ownItemRoute('notifications', 'Marcar uma notificação como lida', { 200: Notification }),
    async (request) => {
      const n = await markRead(deps.db, userOf(request).id, request.params.id, deps.now());
      if (!n) throw new ContractsError('NOTIFICATION_NOT_FOUND');
      return n;
    },
  );

  app.post(
    '/notifications/read-all',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'Marcar todas as notificações como lidas',
        tags: ['notifications'],
        response: { 200: Type.Object({ updated: Type.Integer() }), ...authErrors },
      },
    },
    async (request) => ({ updated: await markAllRead(deps.db, userOf(request).id, deps.now()) }),
  );
}
