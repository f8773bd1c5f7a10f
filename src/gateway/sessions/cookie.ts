// The session cookie. `__Host-` makes the browser refuse it unless it is Secure, has
// Path=/ and no Domain, so no sibling subdomain can plant or overwrite it.
export const COOKIE_NAME = '__Host-svc-auth';

// randomToken(32): 43 base64url characters. Anything else is not ours and costs no query.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The session token from a Cookie header, when it has the shape of one. */
export function readSessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== COOKIE_NAME) continue;
    const value = part.slice(eq + 1).trim();
    // The first cookie of that name is the most specific one; a malformed value means no session.
    return TOKEN_SHAPE.test(value) ? value : undefined;
  }
  return undefined;
}

export function sessionCookie(token: string, maxAgeMs: number): string {
  const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000));
  return `${COOKIE_NAME}=${token}; Path=/; Max-Age=${maxAge}; Secure; HttpOnly; SameSite=Lax`;
}

export function clearedCookie(): string {
  return `${COOKIE_NAME}=; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Lax`;
}
