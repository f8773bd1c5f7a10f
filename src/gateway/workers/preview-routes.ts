// The preview routes of A.5 (Key auth) — /v1/embeddings has its own (gateway/embeddings/),
// which comes here through jobReplies when no catalogue embedding model is named. Each
// creates a worker job of one capability and answers its record: 200 when the job finished
// within the route's wait, else 202 with `Location` and `Retry-After`. A caller that hangs
// up stops only its own wait.
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import { principalOf } from '../keys/auth.js';
import { payerOf } from '../billing/payer.js';
import { cleaningAskOf } from '../privacy/asked.js';
import { capability } from './capabilities.js';
import { jobFailed, unsupportedFile } from './errors.js';
import { JobRecord } from './job-routes.js';
import { embeddingsAnswer } from './embeddings.js';
import { jobRecord, type WorkerJobs } from './service.js';
import { FILE_INPUT_MAX, JSON_INPUT_MAX, MEDIA_JSON_MAX } from './settings.js';
import type { JobView } from './store.js';

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
const Audio = Type.Object(
  {
    audio: Type.String({ minLength: 1, description: 'base64' }),
    content_type: Type.Optional(Type.String({ maxLength: 100 })),
    gain_db: Type.Optional(Type.Number({ minimum: -60, maximum: 24 })),
    start_seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 3600 })),
    fade_in_seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 600 })),
    fade_out_seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 600 })),
  },
  { additionalProperties: false },
);
const body = (props: Record<string, TSchema>) => Type.Object(props, { additionalProperties: false });

interface JsonRoute {
  path: string;
  capability: string;
  summary: string;
  body: TObject;
  limit: number;
}

const JSON_ROUTES: JsonRoute[] = [
  {
    path: '/v1/audio/speech',
    capability: 'svc.speech',
    summary: 'Speech from text (preview; waits for the worker, else 202)',
    body: body({ text: Text(20_000), voice: Type.Optional(Text(100)), format: Type.Optional(Text(20)) }),
    limit: JSON_INPUT_MAX,
  },
  {
    path: '/v1/audio/music',
    capability: 'svc.music',
    summary: 'Music from a description of instruments, mood and tempo (preview; 202)',
    body: body({
      style: Text(2_000),
      seconds: Type.Optional(Type.Union([Type.Literal(60), Type.Literal(120), Type.Literal(180)])),
    }),
    limit: JSON_INPUT_MAX,
  },
  {
    path: '/v1/audio/compositions',
    capability: 'svc.compositions',
    summary: 'A voice over a background, with gains and ramps (preview; 202)',
    body: body({ voice: Audio, background: Audio, format: Type.Optional(Text(20)) }),
    limit: MEDIA_JSON_MAX,
  },
  {
    path: '/v1/images/generations',
    capability: 'svc.images.generations',
    summary: 'An image from a prompt (preview; 202)',
    body: body({
      prompt: Text(4_000),
      size: Type.Optional(Type.String({ pattern: '^[0-9]{2,4}x[0-9]{2,4}$' })),
      n: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
    }),
    limit: JSON_INPUT_MAX,
  },
  {
    path: '/v1/images/edits',
    capability: 'svc.images.edits',
    summary: 'An image edited by an instruction (preview; 202)',
    body: body({
      prompt: Text(4_000),
      image: Type.String({ minLength: 1, description: 'base64' }),
      mask: Type.Optional(Type.String({ minLength: 1 })),
      size: Type.Optional(Type.String({ pattern: '^[0-9]{2,4}x[0-9]{2,4}$' })),
    }),
    limit: MEDIA_JSON_MAX,
  },
  {
    path: '/v1/documents/review/jobs',
    capability: 'svc.documents.review',
    summary: "A review of a document's text by a model, through the barrier (preview; 202)",
    body: body({
      document: Text(400_000),
      instructions: Type.Optional(Text(4_000)),
      language: Type.Optional(Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?$' })),
    }),
    limit: JSON_INPUT_MAX,
  },
];

const FILE_ROUTES = [
  {
    path: '/v1/ocr',
    capability: 'svc.ocr',
    summary: 'Text of an image or PDF by OCR (preview; waits for the worker, else 202)',
  },
  {
    path: '/v1/documents/fidelity/jobs',
    capability: 'svc.documents.fidelity',
    summary: 'Faithful document OCR: per-page text and page images (preview; 202)',
  },
];

const FILE_TYPES = /^(application\/pdf|image\/(png|jpeg|webp|tiff))$/;

/**
 * How a route answers with a worker job: what it hands the queue with the input (who pays,
 * what the caller asks of the barrier) and the answer once the job is stored. Also used by
 * POST /v1/embeddings (gateway/embeddings/) when no catalogue embedding model is named.
 */
export function jobReplies(jobs: WorkerJobs, origin: string) {
  /** Who pays (prepaid organisations) and what the caller asks of the barrier (X-SVC-Policy, X-SVC-Nomes). */
  const asSent = (request: FastifyRequest) => ({
    asked: cleaningAskOf(request),
    payer: payerOf(request.headers),
    resource: `${origin}${request.url.split('?')[0]}`,
  });

  /** 200 when the job finished within the wait, else 202; the caller hanging up ends only the wait. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    { view, headers }: { view: JobView; headers: Record<string, string> },
  ) {
    reply.headers(headers);
    const waitMs = jobs.settings.waitMs[capability(view.capability)!.wait];
    const gone = new AbortController();
    reply.raw.on('close', () => gone.abort());
    const now = waitMs > 0 ? await jobs.wait(view.id, waitMs, gone.signal) : view;
    if (now.status === 'failed') throw jobFailed(now.id, now.error);
    const record = jobRecord(now);
    if (now.status === 'completed' || now.status === 'cancelled') {
      if (now.capability === 'svc.embeddings')
        return reply.status(200).send(embeddingsAnswer(record, now.result, request.body));
      return reply.status(200).send(record);
    }
    return reply.status(202).header('location', record.status_url).header('retry-after', '2').send(record);
  }

  return { asSent, answer };
}

export function registerPreviewRoutes(app: App, jobs: WorkerJobs, origin: string): void {
  const tags = ['workers'];
  const responses = { 200: JobRecord, 202: JobRecord };
  const { asSent, answer } = jobReplies(jobs, origin);

  for (const route of JSON_ROUTES) {
    app.post(
      route.path,
      {
        config: { auth: 'key' },
        bodyLimit: route.limit,
        schema: { summary: route.summary, tags, body: route.body, response: responses },
      },
      async (request, reply) => {
        const submitted = await jobs.submit(
          principalOf(request),
          route.capability,
          request.body,
          asSent(request),
        );
        return answer(request, reply, submitted);
      },
    );
  }

  // Files arrive as the raw body (PDF or image), in a scope with its own parsers.
  app.register(async (plain) => {
    const scope = plain as unknown as App;
    for (const type of ['application/pdf', /^image\//] as const)
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: FILE_INPUT_MAX }, (_req, b, done) =>
        done(null, b),
      );
    for (const route of FILE_ROUTES) {
      scope.post(
        route.path,
        {
          config: { auth: 'key' },
          bodyLimit: FILE_INPUT_MAX,
          schema: {
            summary: route.summary,
            tags,
            querystring: Type.Object(
              { language: Type.Optional(Type.String({ pattern: '^[a-z]{3}(\\+[a-z]{3})*$' })) },
              { additionalProperties: false },
            ),
            response: responses,
          },
        },
        async (request, reply) => {
          const type = String(request.headers['content-type'] ?? '')
            .split(';')[0]!
            .trim()
            .toLowerCase();
          if (!Buffer.isBuffer(request.body) || request.body.length === 0 || !FILE_TYPES.test(type))
            throw unsupportedFile();
          const language = (request.query as { language?: string }).language ?? 'por';
          const submitted = await jobs.submit(
            principalOf(request),
            route.capability,
            { language },
            { file: { type, bytes: request.body }, ...asSent(request) },
          );
          return answer(request, reply, submitted);
        },
      );
    }
  });
}
