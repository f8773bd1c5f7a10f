// The check of the `jwt` auth scheme; app.ts registers it as
// the scheme's guard, which runs on onRequest, before the body is read.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { parseAuthorization } from '../../platform/http/authorization.js';
import { ContractsError } from '../errors.js';
import type { TokenService } from './tokens.js';
import { type ContractUser, findUserByEmail, getUser } from '../users/store.js';
import type { ContractsTables } from '../tables.js';

declare module 'fastify' {
  interface FastifyRequest {
    contractUser?: ContractUser;
  }
}

/** The authenticated user of a `jwt` route (the hook guarantees it is there). */
export function userOf(request: FastifyRequest): ContractUser {
  const user = request.contractUser;
  if (!user) throw new ContractsError('AUTHENTICATION_FAILED');
  return user;
}

/** `Authorization: Bearer <token>` → the token, or the code for what is wrong. */
export function bearerToken(header: string | undefined): string {
  if (header === undefined) throw new ContractsError('MISSING_AUTHORIZATION_HEADER');
  const auth = parseAuthorization(header);
  if (auth?.scheme !== 'bearer' || auth.credentials === '') throw new ContractsError('MISSING_TOKEN');
  if (/\s/.test(auth.credentials)) throw new ContractsError('INVALID_TOKEN');
  return auth.credentials;
}

export async function authenticate(
  db: Kysely<ContractsTables>,
  tokens: TokenService,
  header: string | undefined,
): Promise<ContractUser> {
  const subject = await tokens.verify(bearerToken(header));
  const user =
    subject.kind === 'local' ? await getUser(db, subject.userId) : await findUserByEmail(db, subject.email);
  // A deleted user, or a provider identity with no local user: the token is fine, the person unknown here.
  if (!user) throw new ContractsError('AUTHENTICATION_FAILED');
  if (user.disabled) throw new ContractsError('ACCESS_DENIED');
  return user;
}
