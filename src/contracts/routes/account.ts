// /dashboard, /notifications and /subscriptions: the user's overview, inbox and plan.
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { ApiError } from '../../platform/http/errors.js';
import { userOf } from '../auth.js';
import { dashboard } from '../dashboard.js';
import type { ContractsDeps } from '../deps.js';
import { listNotifications, markAllRead, markRead } from '../notifications.js';
import { isPlan, limitsOf, PLAN_LIMITS, PLAN_NAMES, PLANS } from '../plans.js';
import { authErrors, ErrorBody, IdParams, Page, pageOf } from '../schemas.js';
import { nextPeriodStart, periodOf, usageOf } from '../usage.js';
import { getUser, type ContractUser, updateUser } from '../users.js';
import { AnalysisListItem } from './analyses.js';

const Limits = Type.Object({
  contracts: Type.Integer(),
  analyses: Type.Integer(),
  chat_messages: Type.Integer(),
});

const Notification = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  message: Type.String(),
  contract_id: Type.Union([Type.String(), Type.Null()]),
  analysis_id: Type.Union([Type.String(), Type.Null()]),
  read: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});

const Subscription = Type.Object({
  plan: Type.String(),
  name: Type.String(),
  period: Type.String({ description: 'mês corrente (UTC), AAAA-MM' }),
  resets_at: Type.String({ format: 'date-time' }),
  limits: Limits,
  usage: Limits,
  plans: Type.Array(Type.Object({ plan: Type.String(), name: Type.String(), limits: Limits })),
});

const planNotFound = () =>
  new ApiError(400, 'INVALID_PLAN', `Plano inválido. Planos disponíveis: ${PLANS.join(', ')}.`);

async function subscriptionOf(deps: ContractsDeps, user: ContractUser) {
  const now = deps.now();
  return {
    plan: user.plan,
    name: isPlan(user.plan) ? PLAN_NAMES[user.plan] : user.plan,
    period: periodOf(now),
    resets_at: new Date(nextPeriodStart(now)).toISOString(),
    limits: limitsOf(user.plan),
    usage: await usageOf(deps.db, user.id, now),
    plans: PLANS.map((plan) => ({ plan, name: PLAN_NAMES[plan], limits: PLAN_LIMITS[plan] })),
  };
}

export function registerAccountRoutes(app: App, deps: ContractsDeps): void {
  app.get(
    '/dashboard',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'Painel: totais, distribuição de risco, análises recentes, uso do plano',
        tags: ['dashboard'],
        response: {
          200: Type.Object({
            totals: Type.Object({
              contracts: Type.Integer(),
              analyses: Type.Integer(),
              unread_notifications: Type.Integer(),
            }),
            risk_distribution: Type.Object({
              low: Type.Integer(),
              medium: Type.Integer(),
              high: Type.Integer(),
            }),
            recent_analyses: Type.Array(AnalysisListItem),
            usage: Type.Object({ period: Type.String(), used: Limits, limits: Limits }),
          }),
          ...authErrors,
        },
      },
    },
    async (request) => dashboard(deps, userOf(request)),
  );

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
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'Marcar uma notificação como lida',
        tags: ['notifications'],
        params: IdParams,
        response: { 200: Notification, 404: ErrorBody, ...authErrors },
      },
    },
    async (request) => {
      const n = await markRead(deps.db, userOf(request).id, request.params.id, deps.now());
      if (!n) throw new ApiError(404, 'NOTIFICATION_NOT_FOUND', 'Notificação não encontrada.');
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

  app.get(
    '/subscriptions',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'O plano do usuário, seus limites mensais, o uso no mês e os planos disponíveis',
        tags: ['subscriptions'],
        response: { 200: Subscription, ...authErrors },
      },
    },
    async (request) => subscriptionOf(deps, userOf(request)),
  );

  app.put(
    '/subscriptions',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'Mudar de plano (vale na hora; o uso do mês continua contando)',
        tags: ['subscriptions'],
        body: Type.Object(
          { plan: Type.String({ minLength: 1, maxLength: 40 }) },
          { additionalProperties: false },
        ),
        response: { 200: Subscription, 400: ErrorBody, ...authErrors },
      },
    },
    async (request) => {
      const user = userOf(request);
      if (!isPlan(request.body.plan)) throw planNotFound();
      await updateUser(deps.db, user.id, { plan: request.body.plan });
      const updated = await getUser(deps.db, user.id);
      return subscriptionOf(deps, updated ?? { ...user, plan: request.body.plan });
    },
  );
}
