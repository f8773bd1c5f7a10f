// Translates what Fastify and its parsers throw into ApiError, so that every failure
// leaves through the same envelope with a clear code and never with a stack trace.
import { isLockConflict } from '../db/lock-wait.js';
import {
  ApiError,
  bodyTooLarge,
  contentLengthMismatch,
  databaseBusy,
  emptyJsonBody,
  internalError,
  invalidJsonBody,
  invalidRequest,
  schemaRefusal,
  unsupportedContentType,
} from './errors.js';

/** Seconds a client is asked to wait after `database_busy`: locks held elsewhere are usually brief. */
const BUSY_RETRY_AFTER_S = 2;

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  validation?: { instancePath?: string; message?: string; params?: Record<string, unknown> }[];
  validationContext?: string;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = (error ?? {}) as FastifyLikeError;
  if (e.validation) return validationError(e);
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedContentType();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return emptyJsonBody();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return contentLengthMismatch();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalidJsonBody();
  }
  if (error instanceof SyntaxError && e.statusCode === 400) {
    return invalidJsonBody();
  }
  // The write that waited was not made (its statement or transaction rolled back): try again.
  if (isLockConflict(error)) {
    return databaseBusy(BUSY_RETRY_AFTER_S);
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return invalidRequest(e.statusCode);
  }
  return internalError();
}

function validationError(e: FastifyLikeError): ApiError {
  const first = e.validation?.[0] ?? {};
  const where = e.validationContext ?? 'body';
  const missing = first.params?.missingProperty;
  const field = [where, ...(first.instancePath ?? '').split('/').filter(Boolean)];
  if (typeof missing === 'string') field.push(missing);
  const name = field.slice(1).join('.') || where;
  // Ajv's messages never echo the offending value, so nothing the client sent is repeated.
  const detail = typeof missing === 'string' ? 'é obrigatório' : (first.message ?? 'é inválido');
  return schemaRefusal(where, name, detail);
}
