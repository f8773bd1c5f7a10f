// POST /v1/embeddings (Key): OpenAI's embeddings format. A `model` that names a catalogue
// embedding model (id, alias or upstream name) is answered synchronously by its provider,
// through the model pipeline; a `model` that names nothing in the catalogue, or none at
// all, keeps the preview worker job of the SPEC (gateway/workers/). A chat model is a 400.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import { bodyTooLarge } from '../../platform/http/errors.js';
import type { GatewayDeps } from '../deps.js';
import { principalOf } from '../keys/auth.js';
import { routeRunOptions } from '../pipeline/route-options.js';
import {
  MAX_INPUT_CHARS,
  MAX_INPUTS,
  parseEmbeddingsRequest,
  readInputs,
  renderEmbeddings,
} from '../models/formats/embeddings.js';
import { JobRecord } from '../workers/job-routes.js';
import { jobReplies } from '../workers/preview-routes.js';
import { JSON_INPUT_MAX } from '../workers/settings.js';

/**
 * A batch at the provider: 2,048 inputs of about 4 KB each (OpenAI's own ceiling is 300,000
 * tokens a request). A worker job keeps the 1 MiB of the other worker inputs.
 */
const BODY_LIMIT = 8 * 1024 * 1024;

const Body = Type.Object(
  {
    input: Type.Union([Type.String(), Type.Array(Type.Unknown())], {
      description: `Um texto ou uma lista de 1 a ${MAX_INPUTS} textos, nenhum vazio, até ${MAX_INPUT_CHARS} caracteres cada. Listas de tokens são recusadas (400 unsupported_content).`,
    }),
    model: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Um modelo de embeddings do catálogo (resposta síncrona do provedor); outro nome, ou nenhum, cria a tarefa do worker.',
      }),
    ),
    encoding_format: Type.Optional(Type.Union([Type.Literal('float'), Type.Literal('base64')])),
    dimensions: Type.Optional(Type.Integer({ minimum: 1, maximum: 65_536 })),
    user: Type.Optional(Type.String({ maxLength: 256 })),
  },
  { additionalProperties: false },
);

export function registerEmbeddingsRoutes(app: App, deps: GatewayDeps): void {
  const { catalogue, models } = deps;
  const origin = deps.ctx.config.publicOrigin;
  const jobs = jobReplies(deps.workerJobs, origin);

  app.post(
    '/v1/embeddings',
    {
      config: { auth: 'key' },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary:
          'Embeddings (OpenAI-compatible) behind the privacy barrier: synchronous at a catalogue embedding model, else a worker job (preview)',
        tags: ['models'],
        body: Body,
        response: {
          200: Type.Unknown({
            description:
              'A lista da OpenAI ({object, data[{object, index, embedding}], model, usage}); a de uma tarefa do worker traz também o registro da tarefa.',
          }),
          // The worker job still running after its wait (docs/workers.md).
          202: JobRecord,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const principal = principalOf(request);
      if (body.model === undefined || !catalogue.get(body.model)) {
        readInputs(body.input);
        if (bodyBytes(request) > JSON_INPUT_MAX) throw bodyTooLarge();
        const { input, model, dimensions } = body;
        const submitted = await deps.workerJobs.submit(
          principal,
          'svc.embeddings',
          { input, model, dimensions },
          jobs.asSent(request),
        );
        return jobs.answer(request, reply, submitted);
      }
      const req = parseEmbeddingsRequest(body);
      const run = await models.runEmbeddings(
        principal,
        body.model,
        req,
        routeRunOptions(request, reply, origin),
      );
      return renderEmbeddings(run.embeddings, body.model, req.encoding);
    },
  );
}

/** The body's size as sent (Content-Length), or as re-encoded when it came chunked. */
function bodyBytes(request: FastifyRequest): number {
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) && length > 0 ? length : Buffer.byteLength(JSON.stringify(request.body));
}
