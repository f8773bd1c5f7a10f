// The browser sign-in flows: password, second factor, sign-up,
// password change and "end all accesses". Each privilege change regenerates the session.
// Plain functions over storage; the routes only parse and shape.
import type { Signup } from '../../platform/config/env.js';
import { emailTaken, invalidCode, invalidCredentials, invalidPassword, signupClosed } from './errors.js';
import type { SessionDeps } from '../sessions/guard.js';
import {
  createSession,
  regenerateSession,
  revokeSession,
  type SessionRow,
  stateOf,
} from '../sessions/store.js';
import { EmailTakenError, isEmailAddress, normaliseEmail } from '../../platform/identity/email.js';
import { identityApiError, IdentityError, invalidEmail } from '../../platform/identity/errors.js';
import {
  isAcceptablePassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  verifyPassword,
} from '../../platform/identity/passwords.js';
import {
  assertNotThrottled,
  clearFailures,
  credentialSubjects,
  networkSubject,
  recordFailure,
  type Subject,
  type ThrottleLimits,
} from '../../platform/identity/throttle.js';
import { createAccount, endAllAccesses, findAccountByEmail, getAccount } from './store.js';
import { acceptStep, matchTotp, openTotpSecret } from './totp.js';
import { passwordStepExpired, staleSession } from '../sessions/errors.js';

export interface AccountDeps extends SessionDeps {
  totpKey: Buffer;
  /** SIGNUP: `off` refuses sign-up, `review` makes accounts that await release, `open` released ones. */
  signup: Signup;
  limits: ThrottleLimits;
  /** The `audience` of the session user: the web origin the session is valid for. */
  audience: string;
}

export type Issued = { row: SessionRow; token: string };

/** How long the second-factor step may follow the password step. */
export const MFA_STEP_WINDOW = 5 * 60_000;

export function checkEmail(email: string): void {
  if (!isEmailAddress(email)) {
    throw invalidEmail();
  }
}

export function checkNewPassword(password: string): void {
  if (!isAcceptablePassword(password)) {
    throw invalidPassword(PASSWORD_MIN, PASSWORD_MAX);
  }
}

/** The throttle's refusal in this area's code style (429 `too_many_attempts`). */
async function checkThrottle(deps: AccountDeps, subjects: Subject[]): Promise<void> {
  try {
    await assertNotThrottled(deps.db, subjects, deps.now());
  } catch (err) {
    throw err instanceof IdentityError ? identityApiError(err, 'lower') : err;
  }
}

const passwordSubjects = (deps: AccountDeps, email: string, address: string) =>
  credentialSubjects(deps.limits, { scope: 'pwd', id: normaliseEmail(email), address });

/**
 * Password step. An unknown e-mail and a wrong password take the same path (a dummy Argon2
 * verification, one failure recorded) and get the same answer.
 */
export async function login(
  deps: AccountDeps,
  session: SessionRow,
  input: { email: string; password: string; address: string },
): Promise<Issued> {
  const subjects = passwordSubjects(deps, input.email, input.address);
  await checkThrottle(deps, subjects.all);
  const account = await findAccountByEmail(deps.db, input.email);
  const ok = await verifyPassword(account?.password_hash, input.password);
  const now = deps.now();
  if (!ok || !account) {
    await recordFailure(deps.db, subjects.all, now);
    throw invalidCredentials();
  }
  await clearFailures(deps.db, subjects.onSuccess);
  const hasTotp = account.totp_secret !== null;
  return regenerateSession(
    deps.db,
    session,
    { accountId: account.id, authTime: now, methods: ['pwd'], mfaState: hasTotp ? 'pending' : 'none' },
    now,
  );
}

/** Second-factor step on a session whose password step just succeeded. */
export async function verifyMfa(
  deps: AccountDeps,
  session: SessionRow,
  input: { code: string; address: string },
): Promise<Issued> {
  const now = deps.now();
  const accountId = session.account_id!;
  if (session.auth_time === null || now - session.auth_time > MFA_STEP_WINDOW) {
    throw passwordStepExpired();
  }
  const subjects = credentialSubjects(deps.limits, { scope: 'otp', id: accountId, address: input.address });
  await checkThrottle(deps, subjects.all);
  const account = await getAccount(deps.db, accountId);
  if (!account?.totp_secret) throw staleSession();
  const step = await matchTotp(
    openTotpSecret(deps.totpKey, account.totp_secret),
    input.code.trim(),
    now,
    account.totp_last_step,
  );
  if (step === null || !(await acceptStep(deps.db, accountId, step))) {
    await recordFailure(deps.db, subjects.all, now);
    throw invalidCode();
  }
  await clearFailures(deps.db, subjects.onSuccess);
  return regenerateSession(
    deps.db,
    session,
    { accountId, authTime: now, methods: ['pwd', 'otp'], mfaState: 'verified' },
    now,
  );
}

/**
 * Sign-up, when SIGNUP allows it: the account is created awaiting release (`review`: an
 * operator releases it with the CLI) or released (`open`), and this browser is signed in. A taken e-mail counts as a failure of the network so
 * that sign-up cannot be used to test addresses in bulk.
 */
export async function signUp(
  deps: AccountDeps,
  session: SessionRow,
  input: { email: string; password: string; name?: string; address: string },
): Promise<Issued> {
  if (deps.signup === 'off') throw signupClosed();
  checkEmail(input.email);
  checkNewPassword(input.password);
  const network = networkSubject('net', deps.limits.network, input.address);
  await checkThrottle(deps, [network]);
  let accountId: string;
  try {
    const name = input.name?.trim();
    accountId = (
      await createAccount(deps.db, {
        email: input.email,
        password: input.password,
        ...(name ? { name } : {}),
        released: deps.signup === 'open',
      })
    ).id;
  } catch (err) {
    if (!(err instanceof EmailTakenError)) throw err;
    await recordFailure(deps.db, [network], deps.now());
    throw emailTaken();
  }
  const now = deps.now();
  return regenerateSession(
    deps.db,
    session,
    { accountId, authTime: now, methods: ['pwd'], mfaState: 'none' },
    now,
  );
}

/**
 * Password change: proves the current password, stops every key and session of the account
 * (the key becomes inactive), then signs this browser in again with a new session.
 */
export async function changePassword(
  deps: AccountDeps,
  session: SessionRow,
  input: { currentPassword: string; newPassword: string; address: string },
): Promise<Issued> {
  checkNewPassword(input.newPassword);
  const accountId = session.account_id!;
  const account = await getAccount(deps.db, accountId);
  if (!account) throw staleSession();
  // The same counter as the login form: a stolen session cannot guess the password faster here.
  const subjects = passwordSubjects(deps, account.email, input.address);
  await checkThrottle(deps, subjects.all);
  if (!(await verifyPassword(account.password_hash, input.currentPassword))) {
    await recordFailure(deps.db, subjects.all, deps.now());
    throw invalidCredentials();
  }
  await endAllAccesses(deps.db, accountId, input.newPassword);
  const now = deps.now();
  const state = stateOf(session);
  return createSession(deps.db, session.product_id, now, { ...state, authTime: now });
}

/** "End all accesses": every session (this one too) and every key of the account stop. */
export async function endAll(deps: AccountDeps, session: SessionRow): Promise<void> {
  await endAllAccesses(deps.db, session.account_id!);
}

/** Logout: this product's session only; the account's sessions elsewhere stay. */
export async function logout(deps: AccountDeps, session: SessionRow): Promise<void> {
  await revokeSession(deps.db, session.id, deps.now());
}
