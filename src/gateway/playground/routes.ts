// The console's privacy playground on the session (no API key): the barrier and, when
// asked, a catalogue model, in the settings of the organisation the person chose. Each
// route is the API's own path (the same cleaning function, the same model pipeline) with
// a session principal (principal.ts).
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import { unexpectedModelReply } from './errors.js';
import type { GatewayDeps } from '../deps.js';
import { createAuditLog } from '../privacy/audit.js';
import { findingsHeader } from '../privacy/clean.js';
import { cleaningAskOf } from '../privacy/asked.js';
import { answerClean, CleanBody, CleanResult } from '../privacy/routes.js';
import { sessionOf } from '../sessions/guard.js';
import { sessionPrincipal } from './principal.js';
import { previewRedaction } from '../pipeline/images.js';
import { FindingSchema } from '../privacy/schemas.js';

const Org = Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]);

/** An image of up to about 7.5 MB, as base64 in JSON. */
const IMAGE_BODY_LIMIT = 10 * 1024 * 1024;

/** Generic over the schema so the route's body and query keep their types. */
const route = <S extends { body?: TSchema; querystring?: TSchema; response?: Record<number, TSchema> }>(
  summary: string,
  schema: S,
) => ({
  config: { auth: 'session' as const },
  schema: { summary, tags: ['account'], ...schema },
});

export function registerPlaygroundRoutes(scope: App, deps: GatewayDeps): void {
  const audit = createAuditLog(deps.ctx);
  const principal = (request: FastifyRequest, organizationId: string | null) =>
    sessionPrincipal(deps.ctx.db.kysely, sessionOf(request), organizationId, request.ip, deps.now());

  scope.get(
    '/api/account/playground/models',
    route("The catalogue models the organisation released, for the console's playground", {
      querystring: Type.Object(
        { organizationId: Type.Optional(Type.String({ maxLength: 100 })) },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({
          data: Type.Array(Type.Object({ id: Type.String(), aliases: Type.Array(Type.String()) })),
        }),
      },
    }),
    async (request) => {
      const { organizationId } = request.query;
      const p = await principal(request, organizationId || null);
      return { data: deps.catalogue.chat(p.releasedModels).map((m) => ({ id: m.id, aliases: m.aliases })) };
    },
  );

  scope.post(
    '/api/account/playground/clean',
    route("POST /v1/privacy/clean with the session, in the chosen organisation's settings", {
      body: Type.Composite([CleanBody, Type.Object({ organizationId: Org })], {
        additionalProperties: false,
      }),
      response: { 200: CleanResult },
    }),
    async (request, reply) => {
      const { organizationId, ...body } = request.body;
      const p = await principal(request, organizationId);
      return answerClean(
        audit,
        p,
        body,
        cleaningAskOf(request, body),
        reply,
        'POST /api/account/playground/clean',
      );
    },
  );

  scope.post(
    '/api/account/playground/chat',
    route("One user message to a catalogue model with the session, in the organisation's settings", {
      body: Type.Object(
        {
          organizationId: Org,
          model: Type.String({ minLength: 1, maxLength: 200 }),
          text: Type.String({ minLength: 1, maxLength: 100_000 }),
          policy: Type.Optional(
            Type.Union([Type.Literal('placeholder'), Type.Literal('redact'), Type.Literal('block')]),
          ),
          sensitivity: Type.Optional(Type.Union([Type.Literal('balanced'), Type.Literal('strict')])),
        },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ model: Type.String(), content: Type.String() }) },
    }),
    async (request, reply) => {
      const body = request.body;
      const p = await principal(request, body.organizationId);
      const abort = new AbortController();
      const run = await deps.models.runModel(
        p,
        {
          model: body.model,
          source: 'chat',
          system: [],
          messages: [{ role: 'user', content: [{ type: 'text', text: body.text }] }],
          stream: false,
          streamUsage: false,
          extra: {},
        },
        {
          ...cleaningAskOf(request, body),
          signal: abort.signal,
          log: request.log,
          onScreened: (model) => reply.header('x-svc-model', model),
        },
      );
      if (run.kind !== 'reply') throw unexpectedModelReply();
      const content = run.reply.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
      return { model: run.model, content };
    },
  );

  scope.post(
    '/api/account/playground/image',
    {
      ...route("An image redacted as a model request would have it, in the organisation's settings", {
        body: Type.Object(
          {
            organizationId: Org,
            /** JPEG, PNG or WebP: a data URI or plain base64. */
            image: Type.String({ minLength: 1, maxLength: IMAGE_BODY_LIMIT }),
            policy: Type.Optional(
              Type.Union([Type.Literal('placeholder'), Type.Literal('redact'), Type.Literal('block')]),
            ),
            sensitivity: Type.Optional(Type.Union([Type.Literal('balanced'), Type.Literal('strict')])),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            /** The redacted image as a data URI: what the vendor would receive. */
            image: Type.String(),
            findings: Type.Array(FindingSchema),
            /** The policy is block and the image holds personal data: a model request would be refused. */
            blocked: Type.Boolean(),
            /** The organisation's setting: under refuse, a model request with this image is refused. */
            images: Type.Union([Type.Literal('refuse'), Type.Literal('redact')]),
          }),
        },
      }),
      bodyLimit: IMAGE_BODY_LIMIT + 64 * 1024,
    },
    async (request, reply) => {
      const body = request.body;
      const p = await principal(request, body.organizationId);
      const asked = cleaningAskOf(request, body);
      const abort = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) abort.abort();
      });
      const { image, findings, policy } = await previewRedaction(
        p,
        asked,
        deps.documents,
        body.image,
        abort.signal,
      );
      const blocked = policy === 'block' && findings.length > 0;
      const auditId = await audit.write(p, {
        route: 'POST /api/account/playground/image',
        policy,
        blocked,
        findings,
        input: body.image,
      });
      reply.header('x-svc-privacy', findingsHeader(findings));
      reply.header('x-svc-audit-id', auditId);
      return { image: `data:${image.mediaType};base64,${image.data}`, findings, blocked, images: p.images };
    },
  );
}
