// The automatic Pix routes (SPEC A.3) and Asaas's webhook (auth `webhook`: its header
// token). Thin: schemas, auth, one call, the answer shaped. With Asaas configured, the
// gateway also runs the reconciliation job (reconcile.ts) on the platform's job queue.
import { Type } from '@sinclair/typebox';
import type { Context } from '../../../platform/context.js';
import type { App } from '../../../platform/http/app.js';
import { Nullable } from '../../../platform/http/schemas.js';
import { enqueue, JobRegistry, type Runner, startRunner } from '../../../platform/jobs/index.js';
import { callerReader } from '../pix/caller.js';
import { HEX_ID } from '../network.js';
import { type AsaasClient, createAsaasClient } from './client.js';
import { asaasOffers, asaasSetupOf, chargeState, createCharge, readChargeBody } from './charges.js';
import { asaasUnavailable, chargeNotFound } from './errors.js';
import { RECONCILE_KIND, reconcileHandler } from './reconcile.js';
import { asaasWebhookGuard, handleWebhook } from './webhook.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when Asaas is configured: runs one reconciliation pass through the job queue. */
    asaas?: { reconcileNow(): Promise<void> };
  }
}

const State = Type.Union([
  Type.Literal('pendente'),
  Type.Literal('pago'),
  Type.Literal('vencido'),
  Type.Literal('estornado'),
  Type.Literal('falhou'),
]);
const Str = (max: number) => Type.String({ maxLength: max });
const PayerKeys = {
  documento: Type.Optional(Str(32)),
  nome: Type.Optional(Str(200)),
  email: Type.Optional(Str(254)),
};

const ChargeBody = Type.Object(
  {
    oferta: Type.Union([
      Type.Object({ pacote: Type.Object({ usd: Type.Integer() }) }, { additionalProperties: false }),
      Type.Object({ saldo: Type.Object({ centavos: Type.Integer() }) }, { additionalProperties: false }),
    ]),
    pagador: Type.Optional(Type.Object(PayerKeys, { additionalProperties: false })),
    ...PayerKeys,
    pagina: Type.Optional(Str(2000)),
    navegador_id: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);

const Charge = Type.Object({
  id: Type.String({ pattern: HEX_ID }),
  credito: Nullable(Type.String({ description: 'package: the cred_ token, valid once paid; shown once' })),
  pix: Type.Object({
    copia_e_cola: Type.String(),
    imagem: Type.String({ description: 'PNG data URI' }),
    expira_em: Type.String({ format: 'date-time' }),
  }),
  estado_em: Type.String({ format: 'date-time' }),
});

const Offers = Type.Object({
  disponivel: Type.Boolean(),
  pacotes: Type.Array(Type.Object({ usd: Type.Integer(), brl_centavos: Type.Integer() })),
  saldo: Type.Object({
    min_centavos: Type.Integer(),
    max_centavos: Type.Integer(),
    pode_comprar: Type.Boolean(),
  }),
  precisa_documento: Type.Boolean(),
});

const WebhookBody = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 200 }),
    event: Type.String({ maxLength: 100 }),
    payment: Type.Optional(
      Type.Object({
        id: Type.Optional(Type.String()),
        externalReference: Type.Optional(Nullable(Type.String())),
      }),
    ),
  },
  { additionalProperties: true },
);

export interface AsaasRouteOptions {
  /** false: no reconciliation runner (tests that drive it by hand). */
  background?: boolean;
  reconcileEveryMs?: number;
}

export function registerAsaasRoutes(app: App, ctx: Context, options: AsaasRouteOptions = {}): void {
  const setup = asaasSetupOf(ctx);
  const client: AsaasClient | undefined = setup && createAsaasClient(setup.config);
  const callerOf = callerReader(ctx);
  const clientOf = () => {
    if (!client) throw asaasUnavailable();
    return client;
  };
  app.guards.set('webhook', asaasWebhookGuard(ctx));

  if (client && options.background !== false)
    startReconciliation(app, ctx, client, options.reconcileEveryMs ?? 60_000);

  app.get(
    '/api/credito/asaas',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Pix automático: disponibilidade, pacotes e faixa de saldo',
        tags: ['credit'],
        response: { 200: Offers },
      },
    },
    async (request) => asaasOffers(ctx, (await callerOf(request)).accountId),
  );

  app.post(
    '/api/credito/asaas',
    {
      config: { auth: 'none' },
      bodyLimit: 16 * 1024,
      schema: {
        summary:
          'Pix automático: gerar uma cobrança (pacote → token de crédito; saldo → organização da conta)',
        tags: ['credit'],
        body: ChargeBody,
        response: { 200: Charge },
      },
    },
    async (request, reply) => {
      const asaas = clientOf();
      const caller = await callerOf(request);
      reply.header('cache-control', 'no-store');
      return createCharge(ctx, asaas, {
        ...readChargeBody(request.body),
        ...caller,
      });
    },
  );

  app.get(
    '/api/credito/asaas/:id',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Pix automático: estado de uma cobrança',
        tags: ['credit'],
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
        response: {
          200: Type.Object({ estado: State, pago_em: Nullable(Type.String({ format: 'date-time' })) }),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const found = new RegExp(HEX_ID).test(id) ? await chargeState(ctx.db, id) : undefined;
      if (!found) throw chargeNotFound();
      return found;
    },
  );

  app.post(
    '/api/credito/asaas/webhook',
    {
      config: { auth: 'webhook' },
      bodyLimit: 256 * 1024,
      schema: {
        summary: 'Webhook do Asaas (cabeçalho asaas-access-token); relê a cobrança antes de agir',
        tags: ['credit'],
        body: WebhookBody,
        response: { 200: Type.Object({ recebido: Type.Boolean(), repetido: Type.Boolean() }) },
      },
    },
    async (request) => {
      const outcome = await handleWebhook(ctx.db, clientOf(), request.body);
      return { recebido: true, repetido: outcome.duplicate };
    },
  );
}

function startReconciliation(app: App, ctx: Context, client: AsaasClient, everyMs: number): void {
  const log = ctx.logger.child({ service: 'gateway', job: RECONCILE_KIND });
  const registry = new JobRegistry().register(reconcileHandler(ctx.db, client));
  const runner: Runner = startRunner(
    ctx.db,
    registry,
    { concurrency: 1, pollMs: 5_000, leaseMs: 60_000, backoffMs: 5_000, maxBackoffMs: 60_000 },
    log,
  );
  const schedule = async () => {
    await enqueue(ctx.db, { kind: RECONCILE_KIND, payload: null, dedupKey: RECONCILE_KIND, maxAttempts: 3 });
    runner.wake();
  };
  const timer = setInterval(
    () => schedule().catch((err) => log.warn({ err: (err as Error).name }, 'reconcile not scheduled')),
    everyMs,
  );
  timer.unref();
  app.decorate('asaas', {
    async reconcileNow() {
      await schedule();
      await runner.idle();
    },
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await runner.stop();
  });
}
