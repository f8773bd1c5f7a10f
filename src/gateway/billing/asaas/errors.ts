// The automatic Pix flow's errors (docs/payments.md "Errors"): pt-BR, no payer data.
import { ApiError } from '../../../platform/http/errors.js';

export const asaasUnavailable = () =>
  new ApiError(503, 'asaas_unavailable', 'O Pix automático não está disponível; use o Pix manual.');
export const tooManyPending = () =>
  new ApiError(503, 'too_many_pending', 'Há cobranças demais aguardando pagamento. Tente mais tarde.');
export const dailyCharges = () =>
  new ApiError(429, 'daily_limit', 'Esta rede já gerou as cobranças permitidas hoje. Tente amanhã.');
export const asaasFailed = () =>
  new ApiError(502, 'pix_not_generated', 'O gateway de pagamento não gerou o Pix. Tente novamente.');
export const invalidDocument = () =>
  new ApiError(400, 'invalid_document', 'Informe um CPF ou CNPJ válido.', { param: 'documento' });
export const invalidName = () =>
  new ApiError(400, 'invalid_name', 'Informe o nome de quem paga.', { param: 'nome' });
export const invalidEmail = () =>
  new ApiError(400, 'invalid_email', 'Informe um e-mail válido.', { param: 'email' });
export const invalidAmount = (min: number, max: number) =>
  new ApiError(
    400,
    'invalid_amount',
    `Valor fora do intervalo: de R$ ${(min / 100).toFixed(2).replace('.', ',')} a R$ ${(max / 100).toFixed(2).replace('.', ',')}.`,
    { param: 'oferta' },
  );
export const invalidOffer = () =>
  new ApiError(400, 'invalid_request', 'Escolha uma oferta: {pacote: {usd}} ou {saldo: {centavos}}.', {
    param: 'oferta',
  });
export const balanceNeedsAccount = () =>
  new ApiError(
    401,
    'invalid_session',
    'Para comprar saldo, entre com uma conta que administre uma organização.',
  );
export const balanceForbidden = () =>
  new ApiError(
    403,
    'organization_forbidden',
    'Saldo é creditado a uma organização: sua conta não administra nenhuma (peça a quem é proprietário).',
  );
export const chargeNotFound = () => new ApiError(404, 'not_found', 'Cobrança não encontrada.');
export const webhookUnauthorized = () =>
  new ApiError(401, 'unauthorized', 'Token do webhook ausente ou inválido.');
export const webhookInvalid = () => new ApiError(400, 'invalid_request', 'Evento de webhook inválido.');
