// POST /auth/login and sign-up as plain functions. An unknown e-mail and a wrong password
// take the same path (a dummy Argon2 verification, a recorded failure, the same 401), so
// neither the answer nor its timing tells whether an address has an account. Failures
// are counted in the database (login_attempts, shared with the gateway's throttle under
// keys of our own), so the limit holds across instances.
import type { Kysely } from 'kysely';
import { verifyPassword } from '../gateway/accounts/passwords.js';
import {
  assertNotThrottled,
  DEFAULT_LIMITS,
  networkOf,
  recordFailure,
  type Subject,
  clearFailures,
} from '../gateway/sessions/throttle.js';
import { sha256 } from '../platform/crypto.js';
import type { Database } from '../platform/db/schema.js';
import { ApiError } from '../platform/http/errors.js';
import { authError, type TokenService } from './tokens.js';
import { type ContractUser, findUserByEmail, normaliseEmail } from './users.js';

export const LOGIN_LIMITS = DEFAULT_LIMITS;
/** Sign-ups per network per hour: account creation costs an Argon2 hash and a row. */
export const SIGNUP_LIMIT = { max: 10, windowMs: 60 * 60_000 };

export const missingCredentials = () =>
  new ApiError(400, 'MISSING_CREDENTIALS', 'Informe o e-mail e a senha.');

const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS', 'E-mail ou senha incorretos.');

/** The throttle's 429, in this API's upper-case code style. */
export async function checkThrottle(db: Kysely<Database>, subjects: Subject[], now: number): Promise<void> {
  try {
    await assertNotThrottled(db, subjects, now);
  } catch (err) {
    if (err instanceof ApiError && err.status === 429)
      throw new ApiError(429, 'TOO_MANY_ATTEMPTS', err.message, err.extra);
    throw err;
  }
}

export function loginSubjects(email: string, address: string): Subject[] {
  return [
    { key: `cusr:${sha256(normaliseEmail(email))}`, limit: LOGIN_LIMITS.account },
    { key: `cnet:${networkOf(address)}`, limit: LOGIN_LIMITS.network },
  ];
}

export function signupSubject(address: string): Subject {
  return { key: `csignup:${networkOf(address)}`, limit: SIGNUP_LIMIT };
}

export interface LoginResult {
  token: string;
  user: ContractUser;
}

export async function login(
  db: Kysely<Database>,
  tokens: TokenService,
  input: { email?: unknown; password?: unknown },
  address: string,
  now: number,
): Promise<LoginResult> {
  const { email, password } = input;
  if (typeof email !== 'string' || typeof password !== 'string' || email.trim() === '' || password === '')
    throw missingCredentials();
  const subjects = loginSubjects(email, address);
  await checkThrottle(db, subjects, now);
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.password_hash, password);
  if (!user || !ok) {
    await recordFailure(db, subjects, now);
    throw invalidCredentials();
  }
  await clearFailures(db, subjects[0]!);
  // Said only to whoever knows the password: a disabled account is not revealed to guessers.
  if (user.disabled) throw authError.denied();
  const { token } = await tokens.issue(user.id);
  return { token, user };
}
