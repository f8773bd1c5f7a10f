// The ways in by e-mail link: "Esqueci a senha" (request, then the new password), the
// invitation an organisation's owner sends, and its acceptance. Thin over links.ts.
import { Type } from '@sinclair/typebox';
import type { App } from '../../../platform/http/app.js';
import { sessionOf } from '../../sessions/guard.js';
import { acceptInvite, type LinkDeps, inviteMember, requestReset, resetPassword } from '../links.js';
import { SignInResult } from '../schemas.js';
import { accountRoute, issue } from './web.js';

const Token = Type.String({ maxLength: 64 });
const Password = Type.String({ maxLength: 1024 });

export function registerLinkRoutes(scope: App, deps: LinkDeps): void {
  scope.post(
    '/api/auth/forgot',
    accountRoute(
      '"Esqueci a senha": e-mails a one-time link when an account has the address (the answer never says)',
      {
        body: Type.Object({ email: Type.String({ maxLength: 320 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ ok: Type.Literal(true) }) },
      },
      'browser',
    ),
    async (request) => {
      await requestReset(deps, { email: request.body.email, address: request.ip });
      return { ok: true as const };
    },
  );

  scope.post(
    '/api/auth/reset',
    accountRoute(
      'A new password from a reset link (spends it; every session and key of the account stop); signs in',
      {
        body: Type.Object({ token: Token, password: Password }, { additionalProperties: false }),
        response: { 200: SignInResult },
      },
      'browser',
    ),
    async (request, reply) => {
      const body = request.body;
      return issue(deps, reply, await resetPassword(deps, sessionOf(request), body));
    },
  );

  scope.post(
    '/api/auth/invite/accept',
    accountRoute(
      'Accept an invitation link: the account (new, or a new password) joins the organisation; signs in',
      {
        body: Type.Object(
          { token: Token, password: Password, name: Type.Optional(Type.String({ maxLength: 100 })) },
          { additionalProperties: false },
        ),
        response: { 200: SignInResult },
      },
      'browser',
    ),
    async (request, reply) => {
      const body = request.body;
      return issue(deps, reply, await acceptInvite(deps, sessionOf(request), body));
    },
  );

  scope.post(
    '/api/account/organizations/invite',
    accountRoute(
      'Invite an e-mail to an organisation (owner; administrators for members): a one-time link by e-mail',
      {
        body: Type.Object(
          {
            organizationId: Type.String({ minLength: 1, maxLength: 100 }),
            email: Type.String({ maxLength: 320 }),
            role: Type.Optional(
              Type.Union([
                Type.Literal('member'),
                Type.Literal('admin'),
                Type.Literal('owner'),
                Type.Literal('dpo'),
              ]),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ ok: Type.Literal(true), expiresAt: Type.String({ format: 'date-time' }) }),
        },
      },
    ),
    async (request) => {
      const body = request.body;
      const { expiresAt } = await inviteMember(deps, sessionOf(request), body);
      return { ok: true as const, expiresAt: new Date(expiresAt).toISOString() };
    },
  );
}
