// The credit routes of SPEC A.3 that this folder owns: the balance read (`credit` scheme)
// and, with x402, the purchase. Thin: schemas, auth, one call, the answer shaped.
import { Type } from '@sinclair/typebox';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { Nullable } from '../../platform/http/schemas.js';
import { creditGuard, creditTokenOf } from './auth.js';
import { balanceRecord } from './balance.js';
import { invalidPackage } from './errors.js';
import { isPackage } from './tokens.js';
import { x402Guard } from './x402/guard.js';
import { paymentResponseHeader } from './x402/header.js';
import { PaymentCollector } from './x402/pay.js';
import { buyCredit } from './x402/purchase.js';

export const Movement = Type.Object({
  tipo: Type.String({ description: 'compra, liberacao, reserva, acerto, estorno ou ajuste' }),
  micros: Type.Integer({ description: 'signed: + into the balance, - out of it' }),
  usd: Type.String(),
  produto: Nullable(Type.String()),
  recurso: Nullable(Type.String()),
  em: Type.String({ format: 'date-time' }),
});

const Balance = Type.Object({
  saldo_micros: Type.Integer(),
  saldo_usd: Type.String(),
  estado: Type.String({ description: 'pendente, ativo ou recusado' }),
  pacote_usd: Type.Integer(),
  comprado_micros: Type.Integer(),
  gasto_micros: Type.Integer(),
  criado_em: Type.String({ format: 'date-time' }),
  ultimo_uso: Nullable(Type.String({ format: 'date-time' })),
  movimentos: Type.Array(Movement),
});

const Purchase = Type.Object({
  token: Type.String({ description: 'cred_… — shown this once, never again' }),
  saldo_usd: Type.String(),
  guarde: Type.String(),
  usar: Type.String(),
  saldo_em: Type.String(),
});

const BuyQuery = Type.Object(
  { usd: Type.Optional(Type.String({ maxLength: 16, description: '1, 5, 10 or 25' })) },
  { additionalProperties: false },
);

/** The package of `?usd=`: exactly 1, 5, 10 or 25, else 400. */
function packageOf(value: string | undefined): number {
  const usd = value !== undefined && /^[0-9]{1,2}$/.test(value) ? Number(value) : Number.NaN;
  if (!isPackage(usd)) throw invalidPackage();
  return usd;
}

export function registerCreditRoutes(app: App, ctx: Context): void {
  app.guards.set('credit', creditGuard(ctx));
  app.guards.set('x402', x402Guard(ctx));
  const payments = ctx.config.file.payments;
  const collector = payments?.x402 && new PaymentCollector(ctx, payments.x402, payments.mode === 'dev');

  app.post(
    '/api/credito',
    {
      config: { auth: 'x402' },
      schema: {
        summary: 'Buy a credit package with x402 (USDC); 402 carries the quote',
        tags: ['credit'],
        querystring: BuyQuery,
        response: { 200: Purchase },
      },
    },
    async (request, reply) => {
      const usd = packageOf((request.query as { usd?: string }).usd);
      // The guard answered 503 when x402 is not configured.
      const x402 = ctx.config.file.payments!.x402!;
      const { paymentResponse, ...body } = await buyCredit(ctx, collector!, x402, {
        usd,
        payment: request.x402Payment,
      });
      reply.header('cache-control', 'no-store');
      reply.header('x-payment-response', paymentResponseHeader(paymentResponse));
      reply.header('access-control-expose-headers', 'X-PAYMENT-RESPONSE');
      return body;
    },
  );

  app.get(
    '/api/credito',
    {
      config: { auth: 'credit' },
      schema: {
        summary: 'Credit balance of the token in X-Credito',
        tags: ['credit'],
        response: { 200: Balance },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return balanceRecord(ctx.db, creditTokenOf(request));
    },
  );
}
