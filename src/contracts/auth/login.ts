// POST /auth/login and sign-up as plain functions. An unknown e-mail and a wrong password
// take the same path (a dummy Argon2 verification, a recorded failure, the same 401), so
// neither the answer nor its timing tells whether an address has an account. Failures go
// to the shared login throttle (platform/identity) under keys of our own.
import type { Kysely } from 'kysely';
import { normaliseEmail } from '../../platform/identity/email.js';
import { verifyPassword } from '../../platform/identity/passwords.js';
import {
  assertNotThrottled,
  clearFailures,
  credentialSubjects,
  DEFAULT_LIMITS,
  recordFailure,
  type ThrottleLimits,
} from '../../platform/identity/throttle.js';
import { ContractsError } from '../errors.js';
import { type ContractUser, findUserByEmail } from '../users/store.js';
import type { TokenService } from './tokens.js';
import type { ContractsTables } from '../tables.js';

export const LOGIN_LIMITS: ThrottleLimits = DEFAULT_LIMITS;
export function loginSubjects(email: string, address: string) {
  return credentialSubjects(LOGIN_LIMITS, {
    scope: 'cusr',
    id: normaliseEmail(email),
    address,
    networkScope: 'cnet',
  });
}

export interface LoginResult {
  token: string;
  user: ContractUser;
}

export async function login(
  db: Kysely<ContractsTables>,
  tokens: TokenService,
  input: { email?: unknown; password?: unknown } | null | undefined,
  address: string,
  now: number,
): Promise<LoginResult> {
  const email = input?.email;
  const password = input?.password;
  if (typeof email !== 'string' || typeof password !== 'string' || email.trim() === '' || password === '')
    throw new ContractsError('MISSING_CREDENTIALS');
  const subjects = loginSubjects(email, address);
  await assertNotThrottled(db, subjects.all, now);
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.password_hash, password);
  if (!user || !ok) {
    await recordFailure(db, subjects.all, now);
    throw new ContractsError('INVALID_CREDENTIALS');
  }
  await clearFailures(db, subjects.onSuccess);
  // Said only to whoever knows the password: a disabled account is not revealed to guessers.
  if (user.disabled) throw new ContractsError('ACCESS_DENIED');
  const { token } = await tokens.issue(user.id);
  return { token, user };
}
