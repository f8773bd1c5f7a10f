// /subscriptions: the user's plan, its monthly limits and this month's use; plan change.
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { userOf } from '../auth/bearer.js';
import type { ContractsDeps } from '../deps.js';
import { ContractsError } from '../errors.js';
import { authErrors, ErrorBody } from '../schemas.js';
import { type ContractUser, getUser, updateUser } from '../users/store.js';
import { isPlan, limitsOf, PLAN_LIMITS, PLAN_NAMES, PLANS } from './plans.js';
import { nextPeriodStart, periodOf, usageOf } from './usage.js';

export const Limits = Type.Object({
  contracts: Type.Integer(),
  analyses: Type.Integer(),
  chat_messages: Type.Integer(),
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

const planNotFound = () => new ContractsError('INVALID_PLAN', { plans: PLANS.join(', ') });

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

export function registerSubscriptionRoutes(app: App, deps: ContractsDeps): void {
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
