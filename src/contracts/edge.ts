// Where the contract API's errors become HTTP answers: domain errors (ContractsError, the
// identity throttle's IdentityError) and schema violations are turned into ApiError here,
// then the platform's handler writes the `{message, error}` envelope.
import type { App } from '../platform/http/app.js';
import { IdentityError, identityApiError } from '../platform/identity/errors.js';
import { CONTRACTS, ContractsError, contractsApiError } from './errors.js';
import { describeViolation } from './validation.js';

interface SchemaError {
  validation?: { keyword?: string; instancePath?: string; params?: Record<string, unknown> }[];
  validationContext?: string;
}

export function toHttpError(error: unknown): unknown {
  if (error instanceof ContractsError) return contractsApiError(error);
  if (error instanceof IdentityError) return identityApiError(error, 'upper');
  const schema = error as SchemaError | undefined;
  if (schema?.validation) {
    const { field, message } = describeViolation(schema.validationContext ?? 'body', schema.validation);
    return CONTRACTS.INVALID_REQUEST!(message, field ? { param: field } : {});
  }
  return error;
}

/** Every route of the app maps its errors here first (hooks and validation included). */
export function registerErrorMapping(app: App): void {
  app.addHook('onRoute', (route) => {
    route.errorHandler ??= (error) => {
      throw toHttpError(error);
    };
  });
}
