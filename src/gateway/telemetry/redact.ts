// Text that the browser reports (error messages, stacks, paths, funnel properties) before it
// reaches a log line or the archive: credentials by pattern first (the privacy barrier does
// not know them), then personal data through the barrier with the `redact` policy.
import { cleanerFor, DEFAULT_BARRIER } from '../orgs/cleaning-choice.js';

const CREDENTIAL = '[credencial removida]';

// Order matters: whole URLs' query strings and user info first, then shaped tokens, then
// `name=value` pairs, then anything long enough to be a key or a hash.
const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, `$1${CREDENTIAL}@`],
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]*)[?#][^\s"'<>)]*/gi, '$1'],
  [/\b(bearer|basic|token)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${CREDENTIAL}`],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, CREDENTIAL],
  [/\b(?:svck|cred|sk|pk|rk|ghp|gho|xox[abp]|AKIA)[_-][A-Za-z0-9_-]{6,}/g, CREDENTIAL],
  [
    /\b(pass(?:word|wd)?|senha|secret|segredo|token|api[_-]?key|apikey|auth(?:orization)?|access[_-]?token|refresh[_-]?token|session(?:id)?|cookie|csrf|x-credito|credito|signature|sig|key)(["']?\s*[:=]\s*["']?)[^\s"'&,;)}\]]+/gi,
    `$1$2${CREDENTIAL}`,
  ],
  [/\b0x[0-9a-fA-F]{40,}\b/g, CREDENTIAL],
  [/(?<![A-Za-z0-9_/.-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}/g, CREDENTIAL],
];

export function redactCredentials(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Credentials, then every category of personal data, each replaced by a marker. No
 * organisation's choice applies: a browser report may come from anyone (signed in or not),
 * and what it carries goes to the operator's logs, where nothing personal may land, so
 * it always gets the defaults (every category) under `redact`.
 */
export function redactText(text: string): string {
  if (text === '') return text;
  return cleanerFor(DEFAULT_BARRIER, { policy: 'redact' }).cleanText(redactCredentials(text));
}

const ID = ':id';
const MAX_PATH = 512;

/**
 * A path without query or fragment, each segment that could identify something (a number,
 * a hash, a token, an e-mail, anything with a digit or longer than 40 characters) as `:id`.
 */
export function normalisePath(raw: string): string {
  let path = raw.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) path = `/${path}`;
  const segments = path.slice(0, MAX_PATH).split('/');
  const out = segments.map((segment, i) => {
    if (i === 0 || segment === '') return segment;
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return ID;
    }
    if (/\d/.test(decoded) || decoded.length > 40 || /[^\p{L}._~-]/u.test(decoded)) return ID;
    // A word that the barrier reads as a name ("/perfil/joaquim") is not kept either.
    return redactText(decoded) === decoded ? segment : ID;
  });
  return out.join('/');
}

/**
 * A script's path (`source` of an error report): file names keep their build hashes, but a
 * segment with a long number, an e-mail, a credential or personal data becomes `:id`.
 */
export function sourcePath(raw: string): string | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  let path: string;
  try {
    path = new URL(text, 'http://x.invalid').pathname.slice(0, MAX_PATH);
  } catch {
    return undefined;
  }
  return path
    .split('/')
    .map((segment) => {
      if (segment === '') return segment;
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return ID;
      }
      if (/\d{5}|@/.test(decoded) || decoded.length > 64 || redactText(decoded) !== decoded) return ID;
      return segment;
    })
    .join('/');
}

/** Only the path of a URL (or of a path), normalised; undefined when nothing usable is left. */
export function pathOfUrl(raw: string): string | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  try {
    return normalisePath(new URL(text, 'http://x.invalid').pathname);
  } catch {
    return undefined;
  }
}

/** The host of a URL, lower case; undefined when it has none. */
export function hostOfUrl(raw: string): string | undefined {
  try {
    const host = new URL(raw).hostname.toLowerCase();
    return host === '' || host.length > 253 ? undefined : host;
  } catch {
    return undefined;
  }
}
