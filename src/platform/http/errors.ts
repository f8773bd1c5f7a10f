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
    readonly extra: { param?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) {
    super(message);
  }
}

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
