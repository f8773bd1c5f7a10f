// The signed-in account's organisations: what the console needs to offer organisation keys
// (role, whether the organisation asks for a second factor), founding one (orgs/founding.ts),
// and each one's barrier settings (orgs/barrier.ts).
import { Type } from '@sinclair/typebox';
import { foundOrganization, MAX_NAME_LENGTH, MAX_OWNED_ORGANIZATIONS, organizationName } from './founding.js';
import type { Membership } from './store.js';
import type { App } from '../../platform/http/app.js';
import { sessionOf } from '../sessions/guard.js';
import type { ScopeDeps } from '../sessions/scope.js';
import { changeBarrier, readBarrier } from './barrier.js';
import { LOG_DAYS, listMemberships } from './store.js';

const Role = Type.Union([
  Type.Literal('owner'),
  Type.Literal('admin'),
  Type.Literal('member'),
  Type.Literal('dpo'),
]);
const Policy = Type.Union([Type.Literal('placeholder'), Type.Literal('redact'), Type.Literal('block')]);
const Sensitivity = Type.Union([Type.Literal('balanced'), Type.Literal('strict')]);
const Images = Type.Union([Type.Literal('refuse'), Type.Literal('redact')], {
  description:
    'images and PDFs in model requests: refuse (400 unsupported_content) or redact (OCR, personal data blacked out, then sent)',
});

const BarrierResult = Type.Object({
  organization: Type.Object({ id: Type.String(), name: Type.String() }),
  role: Role,
  editable: Type.Boolean(),
  policy: Policy,
  nameSensitivity: Sensitivity,
  categories: Type.Array(
    Type.Object({
      category: Type.String(),
      /** The placeholder label, as in [CPF_1]. */
      label: Type.String(),
      masked: Type.Boolean(),
    }),
  ),
  images: Images,
  requestLogDays: Type.Integer(),
});

const RequestLogDays = Type.Integer({
  minimum: LOG_DAYS.min,
  maximum: LOG_DAYS.max,
  description: 'days the request log keeps the organisation’s calls (default 30)',
});

const BarrierBody = Type.Object(
  {
    policy: Policy,
    nameSensitivity: Sensitivity,
    maskedCategories: Type.Array(Type.String({ maxLength: 40 }), {
      maxItems: 100,
      uniqueItems: true,
      description: 'the categories to mask (every other is left in the text); see GET for the list',
    }),
    images: Type.Optional(Images),
    requestLogDays: Type.Optional(RequestLogDays),
  },
  { additionalProperties: false },
);

const OrgParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

const OrganizationView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  role: Role,
  mfaRequired: Type.Boolean(),
  productEnabled: Type.Boolean(),
});

const OrganizationsResult = Type.Object({ organizations: Type.Array(OrganizationView) });

const FoundBody = Type.Object(
  {
    name: Type.String({
      description: `2 to ${MAX_NAME_LENGTH} characters after trimming; unique among organisations; not starting with org_`,
    }),
  },
  { additionalProperties: false },
);

const viewOf = (r: Membership) => ({
  id: r.id,
  name: r.name,
  role: r.role,
  mfaRequired: r.mfa_required === 1,
  productEnabled: r.product_enabled === 1,
});

const asObject = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

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
      return { organizations: rows.map(viewOf) };
    },
  );

  scope.post(
    '/api/account/organizations',
    {
      config: { auth: 'session' },
      attachValidation: true, // the handler answers invalid_organization_name itself
      schema: {
        summary: `Found an organisation; the signed-in account becomes its owner (at most ${MAX_OWNED_ORGANIZATIONS} owned)`,
        tags: ['account'],
        body: FoundBody,
        response: { 200: Type.Object({ organization: OrganizationView }) },
      },
    },
    async (request) => {
      const accountId = sessionOf(request).account_id!;
      const name = organizationName(asObject(request.body).name);
      // The name has its own code; what else the schema refuses (an unknown field) is invalid_request.
      if (request.validationError) throw request.validationError;
      const founded = await foundOrganization(deps.db, accountId, name);
      // Ids only: an organisation's name may be a person's name.
      request.log.info({ organization: founded.id, account: accountId }, 'organisation founded');
      return { organization: viewOf(founded) };
    },
  );

  scope.get(
    '/api/account/organizations/:id/privacy',
    {
      config: { auth: 'session' },
      schema: {
        summary:
          "An organisation's barrier settings (policy, name sensitivity, categories masked, images, request log retention), for a member",
        tags: ['account'],
        params: OrgParams,
        response: { 200: BarrierResult },
      },
    },
    async (request) => readBarrier(deps.db, request.params.id, sessionOf(request).account_id!),
  );

  scope.put(
    '/api/account/organizations/:id/privacy',
    {
      config: { auth: 'session' },
      schema: {
        summary:
          "Change an organisation's barrier settings (owner or admin, in a session with its second factor)",
        tags: ['account'],
        params: OrgParams,
        body: BarrierBody,
        response: { 200: BarrierResult },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const view = await changeBarrier(
        deps.db,
        request.params.id,
        session.account_id!,
        session.mfa_state === 'verified',
        request.body,
      );
      // Who changed what, for the operator: ids and settings only, never content.
      request.log.info(
        {
          organization: view.organization.id,
          account: session.account_id,
          policy: view.policy,
          nameSensitivity: view.nameSensitivity,
          images: view.images,
          requestLogDays: view.requestLogDays,
          unmasked: view.categories.filter((c) => !c.masked).map((c) => c.category),
        },
        'organisation barrier settings changed',
      );
      return view;
    },
  );
}
