// The page's one door to the server: every call of the console goes through `api()` (or
// `uploadWithProgress()` for a form whose upload shows its progress), typed by the route's
// name from wire.gen.ts, which scripts/console-wire.mjs generates from the same TypeBox
// schemas the server validates and serialises with. A page names a route
// ('GET /api/account/organizations/{id}/privacy') and gets its answer's type; it never writes
// the type of an answer itself. The CSRF value lives in memory only; the session is the
// HttpOnly cookie the browser keeps.
import type { Reply, Route, Routes } from './wire.js';

export type { Reply, Route, Routes } from './wire.js';

/** A refusal or failure of the server, from either envelope it answers with. */
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

type Part<R extends Route, K extends 'params' | 'query' | 'body'> = Routes[R][K];

/** What a call may carry besides the route's own parts. */
interface Extra {
  headers?: Record<string, string>;
  /** Outlives the page (telemetry sent while leaving). */
  keepalive?: boolean;
  /** A body the route reads itself, not as JSON (an image, the funnel's text). */
  raw?: { data: Blob | string; type: string };
}

/** A part is optional when the route has none, or when none of its fields is required. */
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type Input<R extends Route> = Slot<'params', Part<R, 'params'>> &
  Slot<'query', Part<R, 'query'>> &
  Slot<'body', Part<R, 'body'>> &
  Extra;

type Args<R extends Route> = Record<string, never> extends Input<R> ? [input?: Input<R>] : [input: Input<R>];

/** Calls `route` ("METHOD /path/{param}") and answers its 200 body, typed from the server's schema. */
export async function api<R extends Route>(route: R, ...[input]: Args<R>): Promise<Reply<R>> {
  const { method, url } = target(route, input ?? {});
  const headers: Record<string, string> = { ...input?.headers };
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  let payload: BodyInit | undefined;
  if (input?.raw) {
    payload = input.raw.data;
    headers['content-type'] = input.raw.type;
  } else if (input?.body !== undefined) {
    payload = JSON.stringify(input.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(url, {
    method,
    headers,
    body: payload,
    credentials: 'same-origin',
    keepalive: input?.keepalive,
  });
  const parsed = parse(await res.text());
  if (!res.ok) throw problemOf(res.status, res.headers.get('retry-after'), parsed);
  // The one place an answer meets its type: the route's 200 schema shaped it on the server.
  return parsed as Reply<R>;
}

/** A route answering bytes (the profile photo); null when the server has none (404). */
export async function blob(route: 'GET /api/account/avatar'): Promise<Blob | null> {
  const res = await fetch(target(route, {}).url, { credentials: 'same-origin' });
  if (res.status === 404) return null;
  if (!res.ok) throw problemOf(res.status, res.headers.get('retry-after'), parse(await res.text()));
  return res.blob();
}

/**
 * A form sent with its upload's progress (fetch cannot report it): `onProgress` gets 0–100, or
 * null when the size is unknown. Same answer type and same problems as `api()`.
 */
export function uploadWithProgress<R extends 'POST /api/credito/pix'>(
  route: R,
  form: FormData,
  onProgress: (percent: number | null) => void,
): Promise<Reply<R>> {
  const { method, url } = target(route, {});
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    // A signed-in session makes this a session write: the server wants its CSRF value.
    xhr.setRequestHeader('x-csrf-token', csrf);
    xhr.upload.onprogress = (e) =>
      onProgress(e.lengthComputable ? Math.round((e.loaded / e.total) * 100) : null);
    xhr.onload = () => {
      const parsed = parse(xhr.responseText);
      if (xhr.status === 200) resolve(parsed as Reply<R>);
      else reject(problemOf(xhr.status, xhr.getResponseHeader('retry-after'), parsed));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.send(form);
  });
}

function target(route: Route, input: { params?: unknown; query?: unknown }) {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const params = (input.params ?? {}) as Record<string, string>;
  let url = route
    .slice(space + 1)
    .replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, string | undefined>)) {
    if (value !== undefined) query.set(name, value);
  }
  const search = query.toString();
  if (search) url += `?${search}`;
  return { method, url };
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The one reading of a refusal: the /api routes answer `{error: code, message}`, the /v1
 * routes `{error: {code, message}}` (docs/errors.md).
 */
export function problemOf(status: number, retryAfter: string | null, body: unknown): ApiProblem {
  const envelope = (body ?? {}) as { error?: unknown; message?: unknown };
  const inner = (typeof envelope.error === 'object' && envelope.error !== null ? envelope.error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const code = typeof envelope.error === 'string' ? envelope.error : inner.code;
  const message = typeof envelope.message === 'string' ? envelope.message : inner.message;
  const retry = Number(retryAfter);
  return new ApiProblem(
    status,
    typeof code === 'string' ? code : 'erro',
    typeof message === 'string' ? message : `O servidor respondeu ${status}. Tente novamente.`,
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}

/** Starts or resumes the browser session; answers the view the server sees (`anonymous`, `mfa`, `signed_in`). */
export async function bootstrap(): Promise<string> {
  const body = await api('GET /api/auth/bootstrap');
  csrf = body.csrf;
  signupMode = body.signup;
  try {
    const json = atob(body.context.replace(/-/g, '+').replace(/_/g, '/'));
    return String(JSON.parse(json).view ?? 'anonymous');
  } catch {
    return 'anonymous';
  }
}

/** Remembers the new CSRF value of a response that rotated the session (login, MFA, password). */
export function adopt(result: { csrf?: unknown }): void {
  if (typeof result.csrf === 'string' && result.csrf) csrf = result.csrf;
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
