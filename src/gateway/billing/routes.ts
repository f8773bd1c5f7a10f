// The credit routes of SPEC A.3 that this folder owns: the balance read (`credit` scheme)
// and, with x402, the purchase. Thin: schemas, auth, one call, the answer shaped.
import { type TSchema, Type } from '@sinclair/typebox';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { creditGuard, creditTokenOf } from './auth.js';
import { balanceRecord } from './balance.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Movement = Type.Object({
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

export function registerCreditRoutes(app: App, ctx: Context): void {
  app.guards.set('credit', creditGuard(ctx));

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
