// Translates what Fastify and its parsers throw into ApiError, so that every failure
// leaves through the same envelope with a clear code and never with a stack trace.
import { ApiError } from './errors.js';

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
      return new ApiError(
        415,
        'unsupported_media_type',
        'Tipo de conteúdo não suportado; envie application/json.',
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(
        413,
        'payload_too_large',
        'O corpo da requisição excede o tamanho máximo permitido.',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'invalid_json', 'O corpo JSON está vazio.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(
        400,
        'invalid_request',
        'O cabeçalho Content-Length não corresponde ao corpo enviado.',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'invalid_json', 'O corpo da requisição não é um JSON válido.');
  }
  if (error instanceof SyntaxError && e.statusCode === 400) {
    return new ApiError(400, 'invalid_json', 'O corpo da requisição não é um JSON válido.');
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new ApiError(e.statusCode, 'invalid_request', 'Requisição inválida.');
  }
  return new ApiError(500, 'internal_error', 'Erro interno. Tente novamente mais tarde.');
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
  return new ApiError(
    400,
    'invalid_request',
    `Requisição inválida: ${where === 'body' ? '' : `${where} `}${name} ${detail}.`,
    {
      param: name,
    },
  );
}
