// Every error code of platform/identity, with its HTTP status and the message people see.
// Identity functions throw IdentityError (a domain error); each area's edge turns it into
// its own envelope and code style with `identityApiError`.
import { type ApiError, errorCodes } from '../http/errors.js';

/** The HTTP codes: the throttle's in both areas' styles, and the e-mail rule's (gateway). */
export const IDENTITY = errorCodes('platform/identity', {
  too_many_attempts: 429,
  TOO_MANY_ATTEMPTS: 429,
  invalid_email: 400,
});

export const IDENTITY_ERRORS = {
  TOO_MANY_ATTEMPTS: {
    status: 429,
    message: (retryAfterSeconds: number) =>
      `Muitas tentativas. Tente novamente em ${Math.ceil(retryAfterSeconds / 60)} minuto(s).`,
  },
} as const;

export type IdentityErrorCode = keyof typeof IDENTITY_ERRORS;

export class IdentityError extends Error {
  constructor(
    readonly code: IdentityErrorCode,
    /** Whole seconds the caller should wait (`Retry-After`). */
    readonly retryAfterSeconds: number,
  ) {
    super(code);
  }
}

/** The HTTP form of an identity error; `style` is the area's code style (gateway lower case, contracts upper case). */
export function identityApiError(err: IdentityError, style: 'lower' | 'upper'): ApiError {
  const entry = IDENTITY_ERRORS[err.code];
  const code = (style === 'lower' ? err.code.toLowerCase() : err.code) as keyof typeof IDENTITY;
  return IDENTITY[code](entry.message(err.retryAfterSeconds), {
    headers: { 'retry-after': String(err.retryAfterSeconds) },
  });
}

/** The e-mail rule's refusal; `param` names the field where the route has one. */
export const invalidEmail = (param?: string) =>
  IDENTITY.invalid_email('Informe um e-mail válido.', param === undefined ? {} : { param });
