// Synchronizer CSRF token bound to the session: HMAC of the session id and its per-session
// random value, under a key derived from SVC_SECRET. It is never stored, a database copy does
// not reveal it, and it changes whenever the session is regenerated.
import { hmac, safeEqual } from '../../platform/crypto.js';
import type { SessionRow } from './store.js';

export function csrfFor(key: Buffer, session: Pick<SessionRow, 'id' | 'csrf_secret'>): string {
  return hmac(key, `${session.id}.${session.csrf_secret}`);
}

export function csrfMatches(
  key: Buffer,
  session: Pick<SessionRow, 'id' | 'csrf_secret'>,
  presented: string | undefined,
): boolean {
  if (presented === undefined) return false;
  return safeEqual(csrfFor(key, session), presented);
}
