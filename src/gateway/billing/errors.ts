// The credit routes' errors (docs/payments.md "Errors"): one catalogue, pt-BR messages.
import { ApiError } from '../../platform/http/errors.js';

export const notConfigured = () =>
  new ApiError(503, 'payments_not_configured', 'Pagamentos não estão configurados neste servidor.');

export const invalidCreditToken = () =>
  new ApiError(401, 'invalid_credit_token', 'Token de crédito ausente ou inválido (cabeçalho X-Credito).');

export const invalidPackage = () =>
  new ApiError(400, 'invalid_package', 'Pacote inválido: escolha 1, 5, 10 ou 25 dólares.', { param: 'usd' });

/** X-Credito on a spend (a model call, a job): the token cannot pay. */
export const unusableCreditToken = () =>
  new ApiError(
    401,
    'invalid_credit_token',
    'Token de crédito inválido, desconhecido ou ainda não liberado (X-Credito).',
  );

export const insufficientCredit = () =>
  new ApiError(
    402,
    'insufficient_credit',
    'Crédito insuficiente para esta chamada; compre crédito em /api/credito.',
  );
