// The signed-in account's organisations: what the console needs to offer organisation keys
// (role, whether the organisation asks for a second factor).
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { sessionOf } from '../sessions/guard.js';
import type { ScopeDeps } from '../sessions/scope.js';
import { listMemberships } from './store.js';

const OrganizationsResult = Type.Object({
  organizations: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      role: Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')]),
      mfaRequired: Type.Boolean(),
      productEnabled: Type.Boolean(),
    }),
  ),
});

export function registerOrganizationRoutes(scope: App, deps: Pick<ScopeDeps, 'db'>): void {
  scope.get(
    '/api/account/organizations',
    {
      config: { auth: 'session' },
      schema: {
        summary: "The signed-in account's organisations and its role in each",
        tags: ['account'],
        response: { 200: OrganizationsResult },
      },
    },
    async (request) => {
      const rows = await listMemberships(deps.db, sessionOf(request).account_id!);
      return {
        organizations: rows.map((r) => ({
          id: r.id,
          name: r.name,
          role: r.role,
          mfaRequired: r.mfa_required === 1,
          productEnabled: r.product_enabled === 1,
        })),
      };
    },
  );
}
