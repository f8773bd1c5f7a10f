// The credit routes' errors (docs/payments.md "Errors"): one catalogue, pt-BR messages.
import { errorCodes } from '../../platform/http/errors.js';

export const BILLING = errorCodes('gateway/billing', {
  payments_not_configured: 503,
  invalid_credit_token: 401,
  invalid_package: 400,
  insufficient_credit: 402,
  payment_required: 402,
  daily_cap_reached: 429,
  daily_limit: 429,
  pending_limit: 429,
});

export const notConfigured = () =>
  BILLING.payments_not_configured('Pagamentos não estão configurados neste servidor.');

export const invalidCreditToken = () =>
  BILLING.invalid_credit_token('Token de crédito ausente ou inválido (cabeçalho X-Credito).');

export const invalidPackage = () =>
  BILLING.invalid_package('Pacote inválido: escolha 1, 5, 10 ou 25 dólares.', { param: 'usd' });

/** X-Credito on a spend (a model call, a job): the token cannot pay. */
export const unusableCreditToken = () =>
  BILLING.invalid_credit_token('Token de crédito inválido, desconhecido ou ainda não liberado (X-Credito).');

/** Retry-After: until the oldest pending one of the network leaves the count (pending.ts). */
export const pendingLimit = (retryAfterSeconds: number) =>
  BILLING.pending_limit(
    'Há pedidos desta rede aguardando conferência ou pagamento. Conclua-os ou tente mais tarde.',
    { headers: { 'retry-after': String(Math.max(1, retryAfterSeconds)) } },
  );

export const insufficientCredit = () =>
  BILLING.insufficient_credit('Crédito insuficiente para esta chamada; compre crédito em /api/credito.');
