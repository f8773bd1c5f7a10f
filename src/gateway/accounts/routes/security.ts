// Credentials of the signed-in account: the password and the second factor (TOTP).
import type { Kysely } from 'kysely';
import type { App } from '../../../platform/http/app.js';
import { sessionOf } from '../../sessions/guard.js';
import { assertRecentSignIn } from '../../sessions/reauth.js';
import { regenerateSession, setPendingTotp, stateOf } from '../../sessions/store.js';
import { changePassword } from '../login.js';
import { CodeBody, PasswordBody, SignInResult, TotpSetup } from '../schemas.js';
import { getAccount } from '../store.js';
import { matchTotp, newEnrolment, openTotpSecret, sealTotpSecret } from '../totp.js';
import { staleSession } from '../../sessions/errors.js';
import { accountRoute, assertNoBody, issue, issuingRoute, type Web } from './web.js';
import { invalidTotpCode, totpAlreadyEnabled, totpNotStarted } from '../errors.js';
import type { AccountsTables } from '../tables.js';

export function registerSecurityRoutes(scope: App, web: Web): void {
  const { deps } = web;
  issuingRoute(
    scope,
    web,
    {
      path: '/api/account/password',
      summary: 'Change the password; stops every API key and every other session of the account',
      body: PasswordBody,
    },
    changePassword,
  );

  scope.post(
    '/api/account/totp/setup',
    accountRoute('Start TOTP enrolment: secret, otpauth URI and QR code (needs a sign-in within 5 minutes)', {
      response: { 200: TotpSetup },
    }),
    async (request) => {
      assertNoBody(request.body);
      assertRecentSignIn(deps, request);
      const session = sessionOf(request);
      const account = await getAccount(deps.db, session.account_id!);
      if (!account) throw staleSession();
      if (account.totp_secret !== null) throw totpAlreadyEnabled();
      const enrolment = await newEnrolment(account.email);
      await setPendingTotp(deps.db, session.id, sealTotpSecret(deps.totpKey, enrolment.secret));
      return enrolment;
    },
  );

  scope.post(
    '/api/account/totp/confirm',
    accountRoute('Finish TOTP enrolment with a code from the app; the session is regenerated', {
      body: CodeBody,
      response: { 200: SignInResult },
    }),
    async (request, reply) => {
      const session = sessionOf(request);
      if (session.totp_pending === null) {
        throw totpNotStarted();
      }
      const secret = openTotpSecret(deps.totpKey, session.totp_pending);
      const now = deps.now();
      const step = await matchTotp(secret, request.body.code.trim(), now, null);
      if (step === null) throw invalidTotpCode();
      const enabled = await enableTotp(deps.db, session.account_id!, session.totp_pending, step);
      if (!enabled) throw totpAlreadyEnabled();
      const made = await regenerateSession(
        deps.db,
        session,
        { ...stateOf(session), methods: ['pwd', 'otp'], mfaState: 'verified' },
        now,
      );
      return issue(deps, reply, made);
    },
  );
}

// The confirming code's step is recorded as spent: it cannot also open a sign-in.
async function enableTotp(db: Kysely<AccountsTables>, accountId: string, sealed: string, step: number) {
  const result = await db
    .updateTable('accounts')
    .set({ totp_secret: sealed, totp_last_step: step })
    .where('id', '=', accountId)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
