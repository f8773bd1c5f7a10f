// x402's refusals (docs/payments.md "Refusal reasons"): 402 carries the quote, so the
// payer can pay and resend; pt-BR texts, the reason also named in code (`motivo`).
import type { ApiError } from '../../../platform/http/errors.js';
import { BILLING } from '../errors.js';
import { type PaymentRequirements, quote } from './requirements.js';

/** Texts for the payer; the codes in parentheses are the facilitator's or ours. */
const REASONS: Record<string, string> = {
  missing_payment: 'Pagamento necessário: pague com x402 e reenvie com o cabeçalho X-PAYMENT.',
  malformed_header: 'Cabeçalho X-PAYMENT inválido.',
  unsupported_version: 'Versão do x402 não suportada: use x402Version 1.',
  unsupported_scheme: 'Esquema de pagamento não suportado: use "exact".',
  invalid_network: 'Rede do pagamento diferente da cotação.',
  invalid_pay_to: 'O pagamento não é para o endereço da cotação.',
  insufficient_amount: 'Valor autorizado menor que o da cotação.',
  amount_exceeds_quote:
    'Valor autorizado maior que o da cotação: autorize exatamente o valor cotado. Nada foi cobrado.',
  authorization_expired: 'A autorização de pagamento expirou.',
  authorization_not_yet_valid: 'A autorização de pagamento ainda não vale.',
  payment_already_used: 'Este pagamento já foi usado.',
  facilitator_timeout: 'O facilitador de pagamento não respondeu a tempo; nada foi cobrado.',
  settlement_pending:
    'O facilitador não confirmou o pagamento a tempo. Se ele se confirmar, o valor é creditado: um pacote, ao comprá-lo de novo com a mesma carteira (sem nova cobrança); uma chamada, no saldo de quem a fez.',
  facilitator_unreachable: 'O facilitador de pagamento está indisponível; tente de novo mais tarde.',
};

/** 402 with the quote; `motivo` names the reason in code (docs/payments.md "Refusal reasons"). */
export function paymentRequired(reason: string, req: PaymentRequirements): ApiError {
  const text = REASONS[reason] ?? `Pagamento recusado pelo facilitador (${reason}).`;
  return BILLING.payment_required(text, { body: { ...quote(text, req), motivo: reason } });
}

export const dailySalesCap = () =>
  BILLING.daily_cap_reached('O limite diário de vendas de crédito foi atingido; tente amanhã.');

/** No balance for the call, and x402 offered: the 402 quotes this call's price. */
export function insufficientCreditQuoted(req: PaymentRequirements): ApiError {
  const text =
    'Crédito insuficiente para esta chamada: pague esta chamada com x402 ou compre crédito em /api/credito.';
  return BILLING.insufficient_credit(text, { body: quote(text, req) });
}
