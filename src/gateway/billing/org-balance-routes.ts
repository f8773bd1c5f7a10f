// `GET /api/account/organizations/{id}/credito`: the session route of org-balance.ts.
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { Nullable } from '../../platform/http/schemas.js';
import { sessionOf } from '../sessions/guard.js';
import type { ScopeDeps } from '../sessions/scope.js';
import { organizationBalance } from './org-balance.js';
import { Movement } from './routes.js';

const OrganizationBalance = Type.Object({
  organization: Type.Object({ id: Type.String(), name: Type.String() }),
  billing: Type.Union([Type.Literal('free'), Type.Literal('prepaid')], {
    description: 'prepaid: paid calls draw on this balance; free: calls cost nothing',
  }),
  saldo_micros: Type.Integer(),
  saldo_usd: Type.String(),
  comprado_micros: Type.Integer(),
  gasto_micros: Type.Integer(),
  ultimo_uso: Nullable(Type.String({ format: 'date-time' })),
  movimentos: Type.Array(Movement),
});

export function registerOrganizationBalanceRoutes(scope: App, deps: Pick<ScopeDeps, 'db'>): void {
  scope.get(
    '/api/account/organizations/:id/credito',
    {
      config: { auth: 'session' },
      schema: {
        summary: "An organisation's credit balance and latest movements (owner or admin)",
        tags: ['account', 'credit'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: OrganizationBalance },
      },
    },
    async (request) => organizationBalance(deps.db, request.params.id, sessionOf(request).account_id!),
  );
}
