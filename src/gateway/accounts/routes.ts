// SPEC.md A.1 (Session routes) and the browser login of DESIGN.md. Thin: the guard checks
// Origin, CSRF and the session; plain functions do the work; handlers shape the answer.
//
// Every route here lives in one plugin scope whose error handler turns anything unexpected
// (storage unreachable, above all) into 503 `auth_unavailable` and never sets a cookie on an
// error, so the browser keeps its previous session.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { ApiError, envelope } from '../../platform/http/errors.js';
import { toApiError } from '../../platform/http/platform-errors.js';
import { describeError } from '../../platform/logger.js';
import { cidrMatcher, clientAddress } from '../../platform/net.js';
import { deriveKey } from '../../platform/secret.js';
import { registerKeyRoutes } from '../keys/routes.js';
import { PRODUCT_ID } from '../product.js';
import { clearedCookie, sessionCookie } from '../sessions/cookie.js';
import { checkOrigin, loadSession, sessionGuard, sessionOf } from '../sessions/guard.js';
import {
  createSession,
  regenerateSession,
  type SessionRow,
  setPendingTotp,
  stateOf,
} from '../sessions/store.js';
import { DEFAULT_LIMITS, type ThrottleLimits } from '../../platform/identity/throttle.js';
import { assertRecentSignIn } from '../sessions/reauth.js';
import { browserState, sessionUser } from '../sessions/view.js';
import { AVATAR_MAX, readAvatar, saveAvatar, toAvatar, UPLOAD_MAX } from './avatar.js';
import {
  type AccountDeps,
  changePassword,
  endAll,
  type Issued,
  login,
  logout,
  signUp,
  verifyMfa,
} from './login.js';
import { readProfile, updateProfile } from './profile.js';
import {
  BootstrapResult,
  CodeBody,
  LoginBody,
  NoQuery,
  Ok,
  PasswordBody,
  ProfilePatch,
  ProfileResult,
  SignInResult,
  SignUpBody,
  TotpSetup,
  UserResult,
} from './schemas.js';
import { getAccount } from './store.js';
import { matchTotp, newEnrolment, openTotpSecret, sealTotpSecret, totpKey } from './totp.js';

export interface AccountRoutesOptions {
  /** The clock; tests move it instead of sleeping. */
  now?: () => number;
  limits?: ThrottleLimits;
}

export function registerAccountRoutes(app: App, ctx: Context, options: AccountRoutesOptions = {}): void {
  const isTrustedProxy = cidrMatcher(ctx.config.trustedProxies ?? []);
  const deps: AccountDeps = {
    db: ctx.db.kysely,
    now: options.now ?? Date.now,
    productId: PRODUCT_ID,
    publicOrigin: ctx.config.publicOrigin,
    audience: ctx.config.publicOrigin,
    csrfKey: deriveKey(ctx.secret, 'csrf'),
    totpKey: totpKey(ctx.secret),
    limits: options.limits ?? DEFAULT_LIMITS,
  };
  const addressOf = (request: FastifyRequest) =>
    clientAddress(request.socket.remoteAddress, request.headers['x-forwarded-for'], isTrustedProxy);

  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.setErrorHandler((error, request, reply) => {
      let api = toApiError(error);
      if (api.status >= 500) {
        request.log.error({ error: describeError(error) }, 'identity store unavailable');
        api = new ApiError(
          503,
          'auth_unavailable',
          'Autenticação indisponível no momento. Tente novamente.',
          {
            headers: { 'retry-after': '5' },
          },
        );
      }
      // An error never replaces the browser's session.
      reply.removeHeader('set-cookie');
      if (api.extra.headers) reply.headers(api.extra.headers);
      reply.status(api.status).send(envelope('api', api));
    });

    const guard = {
      browser: sessionGuard(deps, 'browser', true),
      pending: sessionGuard(deps, 'pending', true),
      read: sessionGuard(deps, 'account', false),
      write: sessionGuard(deps, 'account', true),
    };

    /** Hands the browser a regenerated session: new cookie, new CSRF, new view context. */
    function issue(reply: FastifyReply, made: Issued) {
      reply.header('set-cookie', sessionCookie(made.token, made.row.expires_at - deps.now()));
      const state = browserState(deps.csrfKey, made.row);
      reply.header('x-svc-context', state.context);
      const pending = made.row.mfa_state === 'pending';
      return { ...state, mfaRequired: pending, user: pending ? null : sessionUser(made.row, deps.audience) };
    }

    scope.get(
      '/api/auth/bootstrap',
      {
        config: { auth: 'none' },
        onRequest: async (request) => checkOrigin(deps, request, false),
        schema: {
          summary: 'Start or resume the browser session: cookie, CSRF value and view context',
          tags: ['account'],
          querystring: NoQuery,
          response: { 200: BootstrapResult },
        },
      },
      async (request, reply) => {
        let session = await loadSession(deps, request);
        if (!session) {
          const made = await createSession(deps.db, deps.productId, deps.now());
          session = made.row;
          reply.header('set-cookie', sessionCookie(made.token, made.row.expires_at - deps.now()));
        }
        const state = browserState(deps.csrfKey, session);
        reply.header('x-svc-context', state.context);
        return state;
      },
    );

    scope.post(
      '/api/auth/login',
      {
        config: { auth: 'session' },
        onRequest: guard.browser,
        schema: {
          summary:
            'Sign in with e-mail and password (then /api/auth/mfa when the account has a second factor)',
          tags: ['account'],
          body: LoginBody,
          response: { 200: SignInResult },
        },
      },
      async (request, reply) => {
        const made = await login(deps, sessionOf(request), { ...request.body, address: addressOf(request) });
        return issue(reply, made);
      },
    );

    scope.post(
      '/api/auth/mfa',
      {
        config: { auth: 'session' },
        onRequest: guard.pending,
        schema: {
          summary: 'Second sign-in step: the TOTP code',
          tags: ['account'],
          body: CodeBody,
          response: { 200: SignInResult },
        },
      },
      async (request, reply) => {
        const made = await verifyMfa(deps, sessionOf(request), {
          code: request.body.code,
          address: addressOf(request),
        });
        return issue(reply, made);
      },
    );

    scope.post(
      '/api/auth/signup',
      {
        config: { auth: 'session' },
        onRequest: guard.browser,
        schema: {
          summary: 'Create an account (awaiting release) and sign this browser in',
          tags: ['account'],
          body: SignUpBody,
          response: { 200: SignInResult },
        },
      },
      async (request, reply) => {
        const made = await signUp(deps, sessionOf(request), { ...request.body, address: addressOf(request) });
        return issue(reply, made);
      },
    );

    scope.post(
      '/api/auth/logout',
      {
        config: { auth: 'session' },
        onRequest: guard.browser,
        schema: {
          summary: "End this product's session in this browser",
          tags: ['account'],
          response: { 200: Ok },
        },
      },
      async (request, reply) => {
        assertNoBody(request.body);
        await logout(deps, sessionOf(request));
        reply.header('set-cookie', clearedCookie());
        return { ok: true as const };
      },
    );

    scope.post(
      '/api/auth/end-all',
      {
        config: { auth: 'session' },
        onRequest: guard.write,
        schema: {
          summary: 'End all accesses: every session and every API key of the account stop',
          tags: ['account'],
          response: { 200: Ok },
        },
      },
      async (request, reply) => {
        assertNoBody(request.body);
        await endAll(deps, sessionOf(request));
        reply.header('set-cookie', clearedCookie());
        return { ok: true as const };
      },
    );

    scope.get(
      '/api/me',
      {
        config: { auth: 'session' },
        onRequest: guard.read,
        schema: { summary: 'The signed-in session user', tags: ['account'], response: { 200: UserResult } },
      },
      async (request) => ({ user: sessionUser(sessionOf(request), deps.audience) }),
    );

    scope.get(
      '/api/account/profile',
      {
        config: { auth: 'session' },
        onRequest: guard.read,
        schema: {
          summary: 'The profile of the signed-in account',
          tags: ['account'],
          response: { 200: ProfileResult },
        },
      },
      async (request) => ({ profile: await profileOf(sessionOf(request).account_id!) }),
    );

    scope.patch(
      '/api/account/profile',
      {
        config: { auth: 'session' },
        onRequest: guard.write,
        schema: {
          summary: 'Change the profile; `revision` must be the one last read (409 when stale)',
          tags: ['account'],
          body: ProfilePatch,
          response: { 200: ProfileResult },
        },
      },
      async (request) => ({
        profile: await updateProfile(deps.db, sessionOf(request).account_id!, request.body),
      }),
    );

    async function profileOf(accountId: string) {
      const profile = await readProfile(deps.db, accountId);
      if (!profile) throw new ApiError(401, 'invalid_session', 'Sessão inválida. Entre novamente.');
      return profile;
    }

    scope.get(
      '/api/account/avatar',
      {
        config: { auth: 'session' },
        onRequest: guard.read,
        schema: {
          summary: 'The profile photo of the signed-in account (WebP, at most 64 KiB)',
          tags: ['account'],
        },
      },
      async (request, reply) => {
        // Only ever the caller's own photo: the route reads no id, URL or query.
        const webp = await readAvatar(deps.db, sessionOf(request).account_id!);
        if (!webp) throw new ApiError(404, 'not_found', 'Nenhuma foto de perfil cadastrada.');
        return reply.header('content-type', 'image/webp').header('cache-control', 'no-store').send(webp);
      },
    );

    // Raw image bodies are accepted on this route only: its own scope, its own parser.
    scope.register(async (upload) => {
      upload.addContentTypeParser(
        /^image\//,
        { parseAs: 'buffer', bodyLimit: UPLOAD_MAX },
        (_req, body, done) => done(null, body),
      );
      upload.put(
        '/api/account/avatar',
        {
          config: { auth: 'session' },
          onRequest: guard.write,
          bodyLimit: UPLOAD_MAX,
          schema: {
            summary: `Upload a profile photo (any common image; stored as WebP of at most ${AVATAR_MAX / 1024} KiB)`,
            tags: ['account'],
            response: { 200: Ok },
          },
        },
        async (request) => {
          if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
            throw new ApiError(
              415,
              'unsupported_media_type',
              'Envie a imagem no corpo, com Content-Type image/*.',
            );
          }
          const webp = await toAvatar(request.body);
          await saveAvatar(deps.db, sessionOf(request).account_id!, webp);
          return { ok: true as const };
        },
      );
    });

    scope.delete(
      '/api/account/avatar',
      {
        config: { auth: 'session' },
        onRequest: guard.write,
        schema: { summary: 'Remove the profile photo', tags: ['account'], response: { 200: Ok } },
      },
      async (request) => {
        await saveAvatar(deps.db, sessionOf(request).account_id!, null);
        return { ok: true as const };
      },
    );

    scope.post(
      '/api/account/password',
      {
        config: { auth: 'session' },
        onRequest: guard.write,
        schema: {
          summary: 'Change the password; stops every API key and every other session of the account',
          tags: ['account'],
          body: PasswordBody,
          response: { 200: SignInResult },
        },
      },
      async (request, reply) => {
        const made = await changePassword(deps, sessionOf(request), {
          ...request.body,
          address: addressOf(request),
        });
        return issue(reply, made);
      },
    );

    scope.post(
      '/api/account/totp/setup',
      {
        config: { auth: 'session' },
        onRequest: guard.write,
        schema: {
          summary: 'Start TOTP enrolment: secret, otpauth URI and QR code (needs a sign-in within 5 minutes)',
          tags: ['account'],
          response: { 200: TotpSetup },
        },
      },
      async (request) => {
        assertNoBody(request.body);
        assertRecentSignIn(deps, request);
        const session = sessionOf(request);
        const account = await getAccount(deps.db, session.account_id!);
        if (!account) throw new ApiError(401, 'invalid_session', 'Sessão inválida. Entre novamente.');
        if (account.totp_secret !== null) throw totpAlreadyEnabled();
        const enrolment = await newEnrolment(account.email);
        await setPendingTotp(deps.db, session.id, sealTotpSecret(deps.totpKey, enrolment.secret));
        return enrolment;
      },
    );

    scope.post(
      '/api/account/totp/confirm',
      {
        config: { auth: 'session' },
        onRequest: guard.write,
        schema: {
          summary: 'Finish TOTP enrolment with a code from the app; the session is regenerated',
          tags: ['account'],
          body: CodeBody,
          response: { 200: SignInResult },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        if (session.totp_pending === null) {
          throw new ApiError(
            409,
            'totp_not_started',
            'Inicie a configuração do segundo fator antes de confirmar.',
          );
        }
        const secret = openTotpSecret(deps.totpKey, session.totp_pending);
        const now = deps.now();
        const step = await matchTotp(secret, request.body.code.trim(), now, null);
        if (step === null)
          throw new ApiError(401, 'invalid_code', 'Código inválido. Confira o relógio do aparelho.');
        const enabled = await enableTotp(session.account_id!, session.totp_pending, step);
        if (!enabled) throw totpAlreadyEnabled();
        const made = await regenerate(session, now);
        return issue(reply, made);
      },
    );

    async function enableTotp(accountId: string, sealed: string, step: number): Promise<boolean> {
      // The confirming code's step is recorded as spent: it cannot also open a sign-in.
      const result = await deps.db
        .updateTable('accounts')
        .set({ totp_secret: sealed, totp_last_step: step })
        .where('id', '=', accountId)
        .where('totp_secret', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    }

    function regenerate(session: SessionRow, now: number): Promise<Issued> {
      return regenerateSession(
        deps.db,
        session,
        { ...stateOf(session), methods: ['pwd', 'otp'], mfaState: 'verified' },
        now,
      );
    }

    registerKeyRoutes(scope as unknown as FastifyInstance, deps, guard, deriveKey(ctx.secret, 'api-key'));
  });
}

const totpAlreadyEnabled = () =>
  new ApiError(409, 'totp_already_enabled', 'O segundo fator já está ativo nesta conta.');

/** Routes that take no body refuse one, so a client bug does not pass silently. */
function assertNoBody(body: unknown): void {
  if (body === undefined || body === null) return;
  if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return;
  throw new ApiError(400, 'invalid_request', 'Esta rota não recebe corpo.');
}
