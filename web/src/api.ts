// The page's one door to the server: the same public routes any client uses. The CSRF value
// lives in memory only; the session is the HttpOnly cookie the browser keeps.

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

let csrf = '';
/** SIGNUP as the server announces it: `off`, `review` or `open`. */
export let signupMode = 'off';

export interface SignIn {
  csrf: string;
  mfaRequired?: boolean;
  user: unknown;
}

/** Starts or resumes the browser session; answers the view the server sees (`anonymous`, `mfa`, `signed_in`). */
export async function bootstrap(): Promise<string> {
  const res = await fetch('/api/auth/bootstrap', { credentials: 'same-origin' });
  const body = await res.json();
  if (!res.ok) throw problemOf(res, body);
  csrf = body.csrf;
  signupMode = String(body.signup ?? 'off');
  try {
    const json = atob(String(body.context).replace(/-/g, '+').replace(/_/g, '/'));
    return String(JSON.parse(json).view ?? 'anonymous');
  } catch {
    return 'anonymous';
  }
}

/** The session's CSRF value, for a write that does not go through `api` (an upload with progress). */
export const csrfToken = (): string => csrf;

/** Remembers the new CSRF value of a response that rotated the session (login, MFA, password). */
export function adopt(result: { csrf?: string }): void {
  if (result.csrf) csrf = result.csrf;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  type = 'application/json',
): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  let payload: BodyInit | undefined;
  if (body instanceof Blob) {
    payload = body;
    headers['content-type'] = type;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  const text = await res.text();
  const parsed = text ? safeJson(text) : null;
  if (!res.ok) throw problemOf(res, parsed);
  return parsed as T;
}

/** A call to /v1 with an API key held in memory by the page (never stored). */
export async function v1<T>(
  key: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed = safeJson(await res.text()) as { error?: { message?: string; code?: string } } | null;
  if (!res.ok) {
    const err = parsed?.error;
    throw new ApiProblem(res.status, err?.code ?? 'erro', err?.message ?? `Falha (${res.status}).`);
  }
  return parsed as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function problemOf(res: Response, body: unknown): ApiProblem {
  const b = (body ?? {}) as { error?: unknown; message?: string };
  const code = typeof b.error === 'string' ? b.error : 'erro';
  const retry = Number(res.headers.get('retry-after'));
  return new ApiProblem(
    res.status,
    code,
    b.message ?? `O servidor respondeu ${res.status}. Tente novamente.`,
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}

/** The text shown to the person for a failure, with how long to wait when the server says. */
export function describe(err: unknown): string {
  if (err instanceof ApiProblem) {
    if (err.retryAfter) return `${err.message} Aguarde ${waitText(err.retryAfter)} antes de tentar de novo.`;
    return err.message;
  }
  return 'Não foi possível falar com o servidor. Verifique a conexão e tente novamente.';
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} segundos`;
  return `${Math.ceil(seconds / 60)} minutos`;
}
