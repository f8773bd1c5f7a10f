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
