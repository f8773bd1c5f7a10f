// `POST /api/credito?usd=N`: one package of credit bought with x402. The token is minted
// only after the payment settled, in one transaction with the payment row's state
// (credit.ts). A package paid for whose token never reached the buyer (a crash between the
// settle and the answer) goes to the same wallet's next purchase of that package, uncharged.
import type { Context } from '../../../platform/context.js';
import { formatUsd, MICROS_PER_USD } from '../ledger.js';
import { inTransaction } from '../../../platform/db/transactions.js';
import { reissueCreditToken } from '../tokens.js';
import { creditPayment } from './credit.js';
import { undeliveredPackage } from './payments.js';
import type { PaymentPayload } from './header.js';
import type { PaymentCollector } from './pay.js';
import { requirements } from './requirements.js';
import type { X402Config } from '../config.js';
import { dailySalesCap, paymentRequired } from './errors.js';
import { kyselyOf } from '../tables.js';

export interface Purchase {
  token: string;
  saldo_usd: string;
  guarde: string;
  usar: string;
  saldo_em: string;
  paymentResponse: { transaction: string; network: string; payer: string };
}

/**
 * Hands over the token of a credited package that no buyer received, with a new string;
 * undefined when another request handed it over first.
 */
async function redeliver(ctx: Context, nonce: string): Promise<string | undefined> {
  return inTransaction(ctx.db, async (trx) => {
    const row = await kyselyOf(trx)
      .updateTable('x402_payments')
      .set({ delivered_at: Date.now() })
      .where('nonce', '=', nonce)
      .where('state', '=', 'credited')
      .where('delivered_at', 'is', null)
      .returning('token_id')
      .executeTakeFirst();
    if (!row?.token_id) return undefined;
    return reissueCreditToken(trx, { secret: ctx.secret, tokenId: row.token_id });
  });
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
  const payment = input.payment;
  const paying = { purpose: 'credit', usd: input.usd } as const;
  const answer = (token: string, receipt: Purchase['paymentResponse']): Purchase => ({
    token,
    saldo_usd: formatUsd(micros),
    guarde: 'Guarde este token agora: ele é mostrado uma única vez e não pode ser recuperado.',
    usar: 'Envie-o no cabeçalho X-Credito nas chamadas pagas (organizações pré-pagas) e para consultar o saldo.',
    saldo_em: `${origin}/api/credito`,
    paymentResponse: receipt,
  });

  // The same wallet paid for this package before and never got its token (the answer was
  // lost in a crash): this signed authorisation proves the wallet, and is not collected.
  const stranded = await undeliveredPackage(ctx.db, payment.payload.authorization.from, input.usd);
  if (stranded) {
    const proof = await collector.prove(payment, req, paying);
    if (!proof.ok) throw paymentRequired(proof.reason, req);
    const token = await redeliver(ctx, stranded.nonce);
    if (!token) throw paymentRequired('payment_already_used', req);
    return answer(token, {
      transaction: stranded.transaction ?? '',
      network: stranded.network,
      payer: payment.payload.authorization.from,
    });
  }

  const cap = (config.daily_cap_usd ?? 0) * MICROS_PER_USD;
  if (cap > 0 && (await collector.soldToday()) + micros > cap) {
    throw dailySalesCap();
  }
  const paid = await collector.collect(payment, req, paying);
  if (!paid.ok) throw paymentRequired(paid.reason, req);
  const credited = await creditPayment(ctx, paid.nonce, { delivered: true });
  // The reconciler credited it while this request was slow: hand its token over.
  const token = credited.token ?? (await redeliver(ctx, paid.nonce));
  if (!token) throw paymentRequired('payment_already_used', req);
  return answer(token, { transaction: paid.transaction, network: paid.network, payer: paid.payer });
}
