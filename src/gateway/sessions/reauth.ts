// Sensitive actions (key creation, second-factor enrolment) need a recent sign-in, not just
// a live session: a session left open on a shared computer cannot mint credentials.
import type { FastifyRequest } from 'fastify';
import { type SessionDeps, sessionOf } from './guard.js';
import { reauthRequired } from './errors.js';

/** How recent a sign-in must be to create a key. */
export const REAUTH_WINDOW = 5 * 60_000;

export function assertRecentSignIn(deps: SessionDeps, request: FastifyRequest): void {
  const authTime = sessionOf(request).auth_time;
  if (authTime === null || deps.now() - authTime > REAUTH_WINDOW) throw reauthRequired();
}
