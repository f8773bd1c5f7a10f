// The one error type every route throws, and the envelopes that shape it on the wire.
// Which envelope a request gets depends on the service and the path (docs/errors.md), so that
// the official SDKs raise their proper exception classes.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** Stable machine code, e.g. `invalid_request`, `pii_blocked`, `INVALID_TOKEN`. */
    readonly code: string,
    /** Human text in Brazilian Portuguese. Never holds personal data. */
    message: string,
    readonly extra: ApiErrorExtra = {},
  ) {
    super(message);
  }
}

export interface ApiErrorExtra {
  param?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Makes the ApiError of one declared code; `status` for a code declared with several. */
export type ErrorOf = (message: string, extra?: ApiErrorExtra, status?: number) => ApiError;

/** Where each code was declared and the statuses it answers with (the test reads them against docs/errors.md). */
const declared = new Map<string, { area: string; statuses: readonly number[] }>();

/**
 * The error catalogue of one area, in its `errors.ts`: each code with its HTTP status,
 * declared once in the whole codebase (a second declaration fails at start-up), and
 * documented in docs/errors.md (test/platform/error-catalogue.test.ts checks both). Every
 * ApiError is made through one of these.
 */
export function errorCodes<const C extends Record<string, number | readonly number[]>>(
  area: string,
  codes: C,
): { readonly [K in keyof C]: ErrorOf } {
  const makers: Record<string, ErrorOf> = {};
  for (const [code, status] of Object.entries(codes)) {
    const before = declared.get(code);
    if (before) throw new Error(`error code ${code} is declared by ${before.area} and again by ${area}`);
    const statuses = typeof status === 'number' ? [status] : status;
    declared.set(code, { area, statuses });
    makers[code] = (message, extra, other) => new ApiError(other ?? statuses[0]!, code, message, extra);
  }
  return makers as { readonly [K in keyof C]: ErrorOf };
}

export function declaredErrorCodes(): ReadonlyMap<string, { area: string; statuses: readonly number[] }> {
  return declared;
}

/** The platform's own codes (every service): docs/errors.md, "Platform codes". */
export const HTTP = errorCodes('platform/http', {
  invalid_json: 400,
  /** 400; a request Fastify could not take keeps the 4xx Fastify chose. */
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  internal_error: 500,
  not_configured: 503,
  shutting_down: 503,
  /** GET /api/ready (/ready): a dependency does not answer (readiness.ts). */
  not_ready: 503,
  /** Another connection held a database lock past DATABASE_LOCK_WAIT_MS (db/lock-wait.ts). */
  database_busy: 503,
});

export type EnvelopeKind = 'api' | 'openai' | 'anthropic' | 'contracts' | 'insights';

const OPENAI_TYPES: Record<number, string> = {
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

const ANTHROPIC_TYPES: Record<number, string> = {
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  503: 'overloaded_error',
};

function errorType(table: Record<number, string>, status: number): string {
  return table[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

export function envelope(kind: EnvelopeKind, err: ApiError): unknown {
  if (err.extra.body !== undefined) return err.extra.body;
  switch (kind) {
    case 'openai':
      return {
        error: {
          message: err.message,
          type: errorType(OPENAI_TYPES, err.status),
          code: err.code,
          param: err.extra.param ?? null,
        },
      };
    case 'anthropic':
      return { type: 'error', error: { type: errorType(ANTHROPIC_TYPES, err.status), message: err.message } };
    case 'contracts':
      return { message: err.message, error: err.code.toUpperCase() }; // contracts codes are upper case
    case 'api':
    case 'insights':
      return err.extra.param !== undefined
        ? { error: err.code, message: err.message, code: err.extra.param }
        : { error: err.code, message: err.message };
  }
}

/**
 * A field that failed its check, the message saying which check: each such message is
 * written once, at its check (a field's rules read best beside the code that applies them).
 * Every other message is named in its area's errors.ts.
 */
export const invalidParam = (param: string | undefined, message: string) =>
  HTTP.invalid_request(message, { param });

// The platform codes' messages, named: no message is written where it is thrown.
export const unsupportedContentType = () =>
  HTTP.unsupported_media_type('Tipo de conteúdo não suportado; envie application/json.');
export const bodyTooLarge = () =>
  HTTP.payload_too_large('O corpo da requisição excede o tamanho máximo permitido.');
export const emptyJsonBody = () => HTTP.invalid_json('O corpo JSON está vazio.');
export const invalidJsonBody = () => HTTP.invalid_json('O corpo da requisição não é um JSON válido.');
export const contentLengthMismatch = () =>
  HTTP.invalid_request('O cabeçalho Content-Length não corresponde ao corpo enviado.');
/** A request Fastify refused with a 4xx of its own choosing. */
export const invalidRequest = (status: number) => HTTP.invalid_request('Requisição inválida.', {}, status);
/** A schema's refusal: `where` is body, querystring, params or headers; `detail` is Ajv's, which never echoes the value. */
export const schemaRefusal = (where: string, name: string, detail: string) =>
  HTTP.invalid_request(`Requisição inválida: ${where === 'body' ? '' : `${where} `}${name} ${detail}.`, {
    param: name,
  });
export const internalError = () => HTTP.internal_error('Erro interno. Tente novamente mais tarde.');
export const databaseBusy = (retryAfterSeconds: number) =>
  HTTP.database_busy('O banco de dados está ocupado. Tente novamente em instantes.', {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
export const pathParamTooLong = () => HTTP.uri_too_long('Parâmetro de caminho longo demais.');
export const invalidUrl = () => HTTP.invalid_request('URL inválida.');
export const shuttingDown = () =>
  HTTP.shutting_down('O serviço está sendo reiniciado. Tente novamente.', {
    headers: { 'retry-after': '1' },
  });
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  HTTP.method_not_allowed(`Método ${method} não permitido nesta rota.`, {
    headers: { allow: allowed.join(', ') },
  });
export const routeNotFound = () => HTTP.not_found('Rota não encontrada.');
/** A route guarded by a token the operator did not set (`setting` names it). */
export const routeNotConfigured = (setting: string) =>
  HTTP.not_configured(`Rota indisponível: ${setting} não está configurado.`);
export const invalidBearerToken = () =>
  HTTP.unauthorized('Token ausente ou inválido.', { headers: { 'www-authenticate': 'Bearer' } });
export const notReady = (failing: readonly string[], checks: Record<string, string>) => {
  const message = `Serviço não está pronto; sem resposta de: ${failing.join(', ')}.`;
  return HTTP.not_ready(message, { body: { error: 'not_ready', message, failing, checks } });
};
