// `GET /api/pagamento`, and the same document beside `accepts` in every 402 quote
// (discovery.ts says why). One hook puts it there, so no route that quotes can forget it.
import { Type } from '@sinclair/typebox';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { Nullable } from '../../platform/http/schemas.js';
import { DISCOVERY_PATH, meansOf, paymentDocument } from './discovery.js';

const Quota = Type.Object({
  free: Type.Array(
    Type.Object({ o_que: Type.String(), limite: Type.Number(), janela: Nullable(Type.String()) }),
  ),
  paid: Type.Array(Type.Object({ o_que: Type.String(), price_usd: Type.Number() })),
  how_to_pay: Type.String(),
  live: Nullable(Type.String()),
  free_now: Type.Array(Type.String()),
  trial: Type.Optional(Type.Object({ days: Type.Integer(), how: Type.String() })),
});

const X402 = Type.Object({
  provider: Type.Literal('x402'),
  mode: Type.Union([Type.Literal('live'), Type.Literal('dev')]),
  network: Type.Union([Type.Literal('base'), Type.Literal('base-sepolia')]),
  chain_id: Type.Integer(),
  pay_to: Nullable(Type.String()),
  homolog: Type.Boolean(),
  dev: Type.Boolean(),
  dev_gate: Type.Boolean({ description: 'true when the 402 is simulated (dev mode); grants no access' }),
  gratis: Type.Array(Type.String()),
  facilitator: Type.String(),
  asset: Type.Literal('USDC'),
  asset_address: Type.String(),
  faucet: Nullable(Type.String()),
  wallets: Type.Record(Type.String(), Type.String()),
});

const Credit = Type.Object({ url: Type.String(), header: Type.Literal('X-Credito') });

const PaymentDocument = Type.Object({
  quota: Quota,
  x402: Nullable(X402),
  credito: Nullable(Credit),
  meios: Type.Object(
    { x402: Type.Boolean(), pix: Type.Boolean(), asaas: Type.Boolean() },
    { description: 'the ways to buy credit this server offers' },
  ),
});

/** An x402 quote body (`{x402Version, error, accepts}`), as BILLING's 402s carry. */
function isQuote(payload: unknown): payload is Record<string, unknown> {
  return typeof payload === 'object' && payload !== null && 'x402Version' in payload && 'accepts' in payload;
}

export function registerPaymentDiscovery(app: App, ctx: Context): void {
  app.get(
    DISCOVERY_PATH,
    {
      config: { auth: 'none' },
      schema: {
        summary: 'How to pay: what is free, the prices, x402 and credit tokens',
        tags: ['credit'],
        response: { 200: PaymentDocument },
      },
    },
    async () => ({ ...paymentDocument(ctx), meios: meansOf(ctx) }),
  );
  // Callback style: it runs before every JSON answer, and an async hook costs a promise each.
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    done(
      null,
      reply.statusCode === 402 && isQuote(payload) ? { ...payload, ...paymentDocument(ctx) } : payload,
    );
  });
}
