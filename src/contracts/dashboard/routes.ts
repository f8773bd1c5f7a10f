// GET /dashboard: the user's overview.
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { AnalysisListItem } from '../analyses/routes.js';
import { userOf } from '../auth/bearer.js';
import type { ContractsDeps } from '../deps.js';
import { authErrors } from '../schemas.js';
import { Limits } from '../subscriptions/routes.js';
import { dashboard } from './overview.js';

export function registerDashboardRoutes(app: App, deps: ContractsDeps): void {
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
}
