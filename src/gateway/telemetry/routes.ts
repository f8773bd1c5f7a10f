// UI telemetry routes: client error reports, payment-page views, the funnel and its archive.
// The three intake routes read any body as bytes (a browser's sendBeacon sends text/plain)
// and never answer an error: a bad report is ignored (204), as SPEC asks.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import { invalidParam } from '../../platform/http/errors.js';
import { networkOf } from '../../platform/identity/throttle.js';
import { PRODUCT_ID } from '../product.js';
import { isUtcDay } from '../../platform/days.js';
import { FUNNEL_LIMITS, SMOKE_HEADER } from './funnel.js';
import { type IntakeDeps, recordFunnel, recordPaymentView, reportClientError } from './intake.js';

export type TelemetryRouteOptions = IntakeDeps;

const Index = Type.Object({
  v: Type.Integer(),
  produto: Type.String(),
  teto: Type.Object({ bytesDia: Type.Integer(), dias: Type.Integer() }),
  dias: Type.Array(Type.Object({ dia: Type.String(), bytes: Type.Integer() })),
});

const ArchiveQuery = Type.Object(
  {
    dia: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
    desde: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,15}$', description: 'Byte offset; 0 at the start' }),
    ),
  },
  { additionalProperties: false },
);

export function registerTelemetryRoutes(app: App, deps: TelemetryRouteOptions): void {
  const networkOfRequest = (request: FastifyRequest) => networkOf(request.ip);

  app.register(async (intake) => {
    intake.removeAllContentTypeParsers();
    intake.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FUNNEL_LIMITS.body }, (_r, body, done) =>
      done(null, body),
    );
    // Too large, unreadable or anything else: still only "ignored".
    intake.setErrorHandler((error, request, reply) => {
      request.log.warn({ code: (error as { code?: string }).code }, 'telemetry report ignored');
      reply.status(204).send();
    });

    intake.post(
      '/api/erro-cliente',
      {
        config: { auth: 'none' },
        bodyLimit: FUNNEL_LIMITS.body,
        schema: {
          summary: 'Error report of the browser UI (always 204; written to the log, redacted, never stored)',
          tags: ['telemetry'],
        },
      },
      async (request, reply) =>
        reply.status(reportClientError(deps, request.body, networkOfRequest(request))).send(),
    );

    intake.post(
      '/api/pagamento/aberto',
      {
        config: { auth: 'none' },
        bodyLimit: FUNNEL_LIMITS.body,
        schema: {
          summary: 'A payment page was opened (same origin; 202 counted, 204 ignored; grants nothing)',
          tags: ['telemetry'],
        },
      },
      async (request, reply) => reply.status(await recordPaymentView(deps, request.headers)).send(),
    );

    intake.post(
      '/api/funil',
      {
        config: { auth: 'none' },
        bodyLimit: FUNNEL_LIMITS.body,
        schema: {
          summary: `Funnel batch of the browser UI (202 stored, 204 ignored: robots, header ${SMOKE_HEADER}, invalid batches, ceilings)`,
          tags: ['telemetry'],
        },
      },
      async (request, reply) => reply.status(await recordFunnel(deps, request.headers, request.body)).send(),
    );
  });

  app.get(
    '/api/funil/arquivos',
    {
      config: { auth: 'operator' },
      schema: {
        summary: 'Funnel archive: stored days and their sizes',
        tags: ['telemetry'],
        response: { 200: Index },
      },
    },
    async () => ({
      v: 1,
      produto: PRODUCT_ID,
      teto: deps.funnel.ceilings,
      dias: await deps.funnel.index(deps.now()),
    }),
  );

  app.get(
    '/api/funil/arquivo',
    {
      config: { auth: 'operator' },
      schema: {
        summary: 'Funnel archive of one UTC day as NDJSON from a byte offset (at most 4 MiB of whole lines)',
        tags: ['telemetry'],
        querystring: ArchiveQuery,
      },
    },
    async (request, reply) => {
      const { dia, desde } = request.query;
      if (!isUtcDay(dia)) throw invalidParam(undefined, 'Parâmetro dia inválido: use AAAA-MM-DD (UTC).');
      const from = Number(desde ?? '0');
      const size = await deps.funnel.daySize(dia);
      if (from > size) {
        throw invalidParam(undefined, 'Parâmetro desde além do tamanho do dia.');
      }
      const chunk = await deps.funnel.read(dia, from);
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('x-svc-funil-proximo', String(chunk.next))
        .header('x-svc-funil-tamanho', String(chunk.size))
        .send(chunk.body);
    },
  );
}
