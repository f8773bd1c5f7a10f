// The one reader of `Authorization` headers. Schemes are case-insensitive (RFC 9110 §11.1):
// `bearer svck_…` is the same credential as `Bearer svck_…` on every route.

export interface Authorization {
  /** Lower case, e.g. `bearer`. */
  scheme: string;
  /** Everything after the scheme, trimmed; may be empty or hold several words. */
  credentials: string;
}

export function parseAuthorization(header: string | string[] | undefined): Authorization | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^\s*([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)(?:\s+(.*))?$/s.exec(header);
  if (!match) return undefined;
  return { scheme: match[1]!.toLowerCase(), credentials: (match[2] ?? '').trim() };
}

/** The token of `Authorization: Bearer <token>` (any case), or undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const auth = parseAuthorization(header);
  if (auth?.scheme !== 'bearer' || auth.credentials === '' || /\s/.test(auth.credentials)) return undefined;
  return auth.credentials;
}
