// Translates what Fastify and its parsers throw into ApiError, so that every failure
// leaves through the same envelope with a clear code and never with a stack trace.
import { isLockConflict } from '../db/lock-wait.js';
import { ApiError, HTTP } from './errors.js';

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
      return HTTP.unsupported_media_type('Tipo de conteúdo não suportado; envie application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return HTTP.payload_too_large('O corpo da requisição excede o tamanho máximo permitido.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return HTTP.invalid_json('O corpo JSON está vazio.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return HTTP.invalid_request('O cabeçalho Content-Length não corresponde ao corpo enviado.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return HTTP.invalid_json('O corpo da requisição não é um JSON válido.');
  }
  if (error instanceof SyntaxError && e.statusCode === 400) {
    return HTTP.invalid_json('O corpo da requisição não é um JSON válido.');
  }
  // The write that waited was not made (its statement or transaction rolled back): try again.
  if (isLockConflict(error)) {
    return HTTP.database_busy('O banco de dados está ocupado. Tente novamente em instantes.', {
      headers: { 'retry-after': String(BUSY_RETRY_AFTER_S) },
    });
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return HTTP.invalid_request('Requisição inválida.', {}, e.statusCode);
  }
  return HTTP.internal_error('Erro interno. Tente novamente mais tarde.');
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
  return HTTP.invalid_request(
    `Requisição inválida: ${where === 'body' ? '' : `${where} `}${name} ${detail}.`,
    {
      param: name,
    },
  );
}
