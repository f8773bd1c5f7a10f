// The manual Pix routes (SPEC A.3) and the owner's review routes (auth `operator`).
// Thin: schemas, auth, one call, the answer shaped.
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { Context } from '../../../platform/context.js';
import type { App } from '../../../platform/http/app.js';
import { Nullable } from '../../../platform/http/schemas.js';
import { callerReader } from './caller.js';
import { requestNotFound } from './errors.js';
import { MULTIPART_LIMITS, readPixForm, TEXT_LIMITS } from './form.js';
import { HEX_ID } from '../network.js';
import { pixOffers } from './offers.js';
import { PROOF_MAX_BYTES } from './proof.js';
import {
  getPixRequest,
  listPixRequests,
  pixConfigOf,
  refusePixRequest,
  releasePixRequest,
  submitPixRequest,
} from './requests.js';

const State = Type.Union([
  Type.Literal('pendente'),
  Type.Literal('liberado'),
  Type.Literal('recusado'),
  Type.Literal('falhou'),
]);
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) }, { additionalProperties: false });

const Offers = Type.Object({
  chave: Type.String(),
  brl_por_usd: Type.Number(),
  pacotes: Type.Array(
    Type.Object({
      usd: Type.Integer(),
      brl_centavos: Type.Integer(),
      txid: Type.String(),
      copia_e_cola: Type.String(),
      imagem: Type.String({ description: 'PNG data URI of the QR code' }),
    }),
  ),
  comprovante: Type.Object({ tipos: Type.Array(Type.String()), max_bytes: Type.Integer() }),
  liberacao: Type.Literal('manual'),
});

const Submitted = Type.Object({
  id: Type.String({ pattern: HEX_ID }),
  estado: Type.Literal('pendente'),
  credito: Type.String({ description: 'the cred_ token, valid only after release; shown once' }),
  estado_em: Type.String({ format: 'date-time' }),
});

const Public = Type.Object({ estado: State, usd: Type.Integer(), decidido_em: Nullable(Type.String()) });

const OperatorView = Type.Object({
  id: Type.String(),
  estado: State,
  usd: Type.Integer(),
  txid: Type.String(),
  criado_em: Type.String(),
  estado_em: Type.String(),
  decidido_em: Nullable(Type.String()),
  conta: Nullable(Type.String()),
});

// Documentation only: the handler reads the multipart body itself.
const FormBody = {
  description: `Formulário multipart: usd (1, 5, 10 ou 25), comprovante (JPEG, PNG, WebP ou PDF, até ${PROOF_MAX_BYTES} bytes, tipo decidido pelos bytes), email; opcionais nome, pagina (até ${TEXT_LIMITS.pagina}), recurso (até ${TEXT_LIMITS.recurso}), descricao (até ${TEXT_LIMITS.descricao}), preco_usd (decimal), navegador_id (UUID).`,
};

export function registerPixRoutes(app: App, ctx: Context): void {
  const callerOf = callerReader(ctx);

  app.get(
    '/api/credito/pix',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Pix manual: chave, cotação e BR Code (copia e cola) por pacote',
        tags: ['credit'],
        querystring: Type.Object(
          { navegador_id: Type.Optional(Type.String({ format: 'uuid' })) },
          { additionalProperties: false },
        ),
        response: { 200: Offers },
      },
    },
    async (request) => pixOffers(pixConfigOf(ctx), (request.query as { navegador_id?: string }).navegador_id),
  );

  // Multipart only in this scope: every other route keeps refusing anything but JSON.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
    scope.post(
      '/api/credito/pix',
      {
        config: { auth: 'none' },
        bodyLimit: PROOF_MAX_BYTES + 64 * 1024,
        schema: {
          summary: 'Pix manual: enviar o comprovante; devolve o token de crédito, válido após a liberação',
          tags: ['credit'],
          body: { content: { 'multipart/form-data': { schema: FormBody } } },
          response: { 200: Submitted },
        },
      },
      async (request, reply) => {
        pixConfigOf(ctx); // 503 before reading a byte of the body
        const caller = await callerOf(request);
        const form = await readPixForm(request);
        reply.header('cache-control', 'no-store');
        return submitPixRequest(ctx, { ...form, ...caller });
      },
    );
  });

  app.get(
    '/api/credito/pix/:id',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Pix manual: estado de um pedido',
        tags: ['credit'],
        params: IdParams,
        response: { 200: Public },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const found = new RegExp(HEX_ID).test(id) ? await getPixRequest(ctx.db, id) : undefined;
      if (!found) throw requestNotFound();
      return { estado: found.estado, usd: found.usd, decidido_em: found.decidido_em };
    },
  );

  app.get(
    '/api/operador/credito/pix',
    {
      config: { auth: 'operator' },
      schema: {
        summary: 'Operador: pedidos de Pix manual, do mais recente ao mais antigo',
        tags: ['operator'],
        querystring: Type.Object({ estado: Type.Optional(State) }, { additionalProperties: false }),
        response: { 200: Type.Object({ pedidos: Type.Array(OperatorView) }) },
      },
    },
    async (request) => ({
      pedidos: await listPixRequests(ctx.db, (request.query as { estado?: never }).estado),
    }),
  );

  for (const [action, decide] of [
    ['liberar', releasePixRequest],
    ['recusar', refusePixRequest],
  ] as const) {
    app.post(
      `/api/operador/credito/pix/:id/${action}`,
      {
        config: { auth: 'operator' },
        schema: {
          summary:
            action === 'liberar'
              ? 'Operador: liberar um pedido de Pix manual (o token passa a valer)'
              : 'Operador: recusar um pedido de Pix manual (o token nunca vale)',
          tags: ['operator'],
          params: IdParams,
          response: { 200: OperatorView },
        },
      },
      async (request) => {
        const { id } = request.params as { id: string };
        if (!new RegExp(HEX_ID).test(id)) throw requestNotFound();
        return decide(ctx.db, id);
      },
    );
  }
}
