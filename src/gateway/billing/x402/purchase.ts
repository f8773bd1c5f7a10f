// `POST /api/credito?usd=N`: one package of credit bought with x402. The token is minted
// only after the payment settled, in one transaction with the payment row's token id.
import type { Context } from '../../../platform/context.js';
import type { ApiError } from '../../../platform/http/errors.js';
import { formatUsd, MICROS_PER_USD } from '../ledger.js';
import { issueCreditToken } from '../tokens.js';
import type { PaymentPayload } from './header.js';
import type { PaymentCollector } from './pay.js';
import { type PaymentRequirements, quote, requirements } from './requirements.js';
import type { X402Config } from '../../../platform/config/payments.js';
import { BILLING } from '../errors.js';

/** Texts for the payer; the codes in parentheses are the facilitator's or ours. */
const REASONS: Record<string, string> = {
  missing_payment: 'Pagamento necessário: pague com x402 e reenvie com o cabeçalho X-PAYMENT.',
  malformed_header: 'Cabeçalho X-PAYMENT inválido.',
  unsupported_version: 'Versão do x402 não suportada: use x402Version 1.',
  unsupported_scheme: 'Esquema de pagamento não suportado: use "exact".',
  invalid_network: 'Rede do pagamento diferente da cotação.',
  invalid_pay_to: 'O pagamento não é para o endereço da cotação.',
  insufficient_amount: 'Valor autorizado menor que o da cotação.',
  authorization_expired: 'A autorização de pagamento expirou.',
  authorization_not_yet_valid: 'A autorização de pagamento ainda não vale.',
  payment_already_used: 'Este pagamento já foi usado.',
  facilitator_timeout: 'O facilitador de pagamento não respondeu a tempo; nada foi cobrado por nós.',
  facilitator_unreachable: 'O facilitador de pagamento está indisponível; tente de novo mais tarde.',
};

export function paymentRequired(reason: string, req: PaymentRequirements): ApiError {
  const text = REASONS[reason] ?? `Pagamento recusado pelo facilitador (${reason}).`;
  return BILLING.payment_required(text, { body: quote(text, req) });
}

export interface Purchase {
  token: string;
  saldo_usd: string;
  guarde: string;
  usar: string;
  saldo_em: string;
  paymentResponse: { transaction: string; network: string; payer: string };
}

export async function buyCredit(
  ctx: Context,
  collector: PaymentCollector,
  config: X402Config,
  input: { usd: number; payment: PaymentPayload | { invalid: string } | undefined },
): Promise<Purchase> {
  const origin = ctx.config.publicOrigin;
  const micros = input.usd * MICROS_PER_USD;
  const req = requirements(config, {
    micros,
    resource: `${origin}/api/credito?usd=${input.usd}`,
    description: `Crédito pré-pago de US$ ${input.usd} no svc`,
  });
  if (input.payment === undefined) throw paymentRequired('missing_payment', req);
  if ('invalid' in input.payment) throw paymentRequired(input.payment.invalid, req);
  const cap = (config.daily_cap_usd ?? 0) * MICROS_PER_USD;
  if (cap > 0 && (await collector.soldToday()) + micros > cap) {
    throw BILLING.daily_cap_reached('O limite diário de vendas de crédito foi atingido; tente amanhã.');
  }
  const paid = await collector.collect(input.payment, req, 'credit');
  if (!paid.ok) throw paymentRequired(paid.reason, req);
  const { id, token } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const issued = await issueCreditToken(trx, {
      secret: ctx.secret,
      usd: input.usd,
      source: 'x402',
      reference: `x402:${paid.nonce}`,
      active: true,
    });
    await trx
      .updateTable('x402_payments')
      .set({ token_id: issued.id })
      .where('nonce', '=', paid.nonce)
      .execute();
    return issued;
  });
  void id;
  return {
    token,
    saldo_usd: formatUsd(micros),
    guarde: 'Guarde este token agora: ele é mostrado uma única vez e não pode ser recuperado.',
    usar: 'Envie-o no cabeçalho X-Credito nas chamadas pagas (organizações pré-pagas) e para consultar o saldo.',
    saldo_em: `${origin}/api/credito`,
    paymentResponse: { transaction: paid.transaction, network: paid.network, payer: paid.payer },
  };
}
