// The automatic Pix flow's errors (docs/payments.md "Errors"): pt-BR, no payer data.

import { invalidEmail as identityInvalidEmail } from '../../../platform/identity/errors.js';
import { BILLING } from '../errors.js';
import { errorCodes, HTTP } from '../../../platform/http/errors.js';
import { SESSIONS } from '../../sessions/errors.js';
import { ORGS } from '../../orgs/errors.js';

export const ASAAS = errorCodes('gateway/billing/asaas', {
  asaas_unavailable: 503,
  too_many_pending: 503,
  pix_not_generated: 502,
  invalid_document: 400,
  invalid_name: 400,
  invalid_amount: 400,
});

export const asaasUnavailable = () =>
  ASAAS.asaas_unavailable('O Pix automático não está disponível; use o Pix manual.');
export const tooManyPending = () =>
  ASAAS.too_many_pending('Há cobranças demais aguardando pagamento. Tente mais tarde.');
export const dailyCharges = () =>
  BILLING.daily_limit('Esta rede já gerou as cobranças permitidas hoje. Tente amanhã.');
export const asaasFailed = () =>
  ASAAS.pix_not_generated('O gateway de pagamento não gerou o Pix. Tente novamente.');
export const invalidDocument = () =>
  ASAAS.invalid_document('Informe um CPF ou CNPJ válido.', { param: 'documento' });
export const invalidName = () => ASAAS.invalid_name('Informe o nome de quem paga.', { param: 'nome' });
export const invalidEmail = () => identityInvalidEmail('email');
export const invalidAmount = (min: number, max: number) =>
  ASAAS.invalid_amount(
    `Valor fora do intervalo: de R$ ${(min / 100).toFixed(2).replace('.', ',')} a R$ ${(max / 100).toFixed(2).replace('.', ',')}.`,
    { param: 'oferta' },
  );
export const invalidOffer = () =>
  HTTP.invalid_request('Escolha uma oferta: {pacote: {usd}} ou {saldo: {centavos}}.', {
    param: 'oferta',
  });
export const balanceNeedsAccount = () =>
  SESSIONS.invalid_session('Para comprar saldo, entre com uma conta que administre uma organização.');
export const balanceForbidden = () =>
  ORGS.organization_forbidden(
    'Saldo é creditado a uma organização: sua conta não administra nenhuma (peça a quem é proprietário).',
  );
export const chargeNotFound = () => HTTP.not_found('Cobrança não encontrada.');
export const webhookUnauthorized = () => HTTP.unauthorized('Token do webhook ausente ou inválido.');
export const webhookInvalid = () => HTTP.invalid_request('Evento de webhook inválido.');
