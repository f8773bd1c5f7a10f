// GET /api/account/usage: what the console's "Uso" page draws.
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { invalidParam } from '../../platform/http/errors.js';
import { getRole } from '../orgs/store.js';
import { sessionOf } from '../sessions/guard.js';
import type { ScopeDeps } from '../sessions/scope.js';
import { usageReport } from './report.js';
import { notMember } from '../orgs/errors.js';

const Totals = {
  requests: Type.Integer(),
  input_tokens: Type.Integer(),
  output_tokens: Type.Integer(),
};

const UsageResult = Type.Object({
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(Type.Object({ day: Type.String(), ...Totals })),
  models: Type.Array(Type.Object({ model: Type.String(), ...Totals })),
});

const UsageQuery = Type.Object(
  {
    organizationId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    /** 1 to 90; query strings stay strings (the validator does not coerce). */
    days: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$' })),
  },
  { additionalProperties: false },
);

export function registerUsageRoutes(scope: App, deps: Pick<ScopeDeps, 'db' | 'now'>): void {
  scope.get(
    '/api/account/usage',
    {
      config: { auth: 'session' },
      schema: {
        summary:
          "Requests and tokens per UTC day and per model: the account's own keys, or one of its organisations",
        tags: ['account'],
        querystring: UsageQuery,
        response: { 200: UsageResult },
      },
    },
    async (request) => {
      const accountId = sessionOf(request).account_id!;
      const { organizationId } = request.query;
      const days = Number(request.query.days ?? 30);
      if (days < 1 || days > 90) throw invalidParam('days', 'days deve ser de 1 a 90.');
      if (organizationId !== undefined && !(await getRole(deps.db, organizationId, accountId))) {
        throw notMember();
      }
      const owner = organizationId !== undefined ? { organizationId } : { accountId };
      return usageReport(deps.db, owner, days, deps.now());
    },
  );
}
