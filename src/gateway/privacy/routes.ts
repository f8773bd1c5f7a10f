// Privacy routes (Key auth). Thin: validate, call the plain functions, shape.
import { Type } from '@sinclair/typebox';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { privacyJobNotFound } from './errors.js';
import type { FastifyReply } from 'fastify';
import type { CleaningAsk } from '../orgs/cleaning-choice.js';
import { type Principal, principalOf } from '../keys/auth.js';
import { type AuditLog, createAuditLog } from './audit.js';
import {
  auditedInput,
  badRequest,
  blockedError,
  type CleanInput,
  cleanRequest,
  findingsHeader,
  MAX_ITEMS,
} from './clean.js';
import { barrierDone, barrierStart } from './observe.js';
import { createPrivacyJob, MAX_JOB_ITEMS, readPrivacyJob } from './jobs.js';
import { cleaningAskOf } from './asked.js';
import { FindingSchema, PrivacySummarySchema } from './schemas.js';

const PolicySchema = Type.Union(
  [Type.Literal('placeholder'), Type.Literal('redact'), Type.Literal('block')],
  {
    description: "only tightens the organisation's policy; a looser one is clamped to it",
  },
);
const SensitivitySchema = Type.Union([Type.Literal('balanced'), Type.Literal('strict')], {
  description:
    "name detection; only tightens the organisation's (`strict` > `balanced`); a looser one is clamped to it",
});

export const CleanBody = Type.Object(
  {
    text: Type.Optional(Type.String()),
    input: Type.Optional(Type.Unknown()),
    items: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: MAX_ITEMS })),
    policy: Type.Optional(PolicySchema),
    sensitivity: Type.Optional(SensitivitySchema),
  },
  { additionalProperties: false },
);

export const CleanResult = Type.Object({
  clean_text: Type.String(),
  findings: Type.Array(FindingSchema),
  audit_id: Type.String(),
  clean_input: Type.Optional(Type.Unknown()),
  clean_items: Type.Optional(Type.Array(Type.String())),
});

const JobBody = Type.Object(
  {
    items: Type.Array(Type.String(), { minItems: 1, maxItems: MAX_JOB_ITEMS }),
    policy: Type.Optional(PolicySchema),
    sensitivity: Type.Optional(SensitivitySchema),
  },
  { additionalProperties: false },
);

export function registerPrivacyRoutes(app: App, ctx: Context): void {
  const audit = createAuditLog(ctx);

  app.post(
    '/v1/privacy/clean',
    {
      config: { auth: 'key' },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        summary: 'Clean personal data from a text, a JSON value or a list, without any model',
        tags: ['privacy'],
        body: CleanBody,
        response: { 200: CleanResult },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      return answerClean(audit, principal, request.body, cleaningAskOf(request, request.body), reply);
    },
  );

  app.post(
    '/v1/privacy/jobs',
    {
      config: { auth: 'key' },
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        summary: 'Scan a batch of texts, each separately; the job keeps only categories and counts',
        tags: ['privacy'],
        body: JobBody,
        response: { 202: Type.Object({ id: Type.String(), status: Type.String() }) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const job = await createPrivacyJob(
        ctx,
        principal,
        request.body.items,
        cleaningAskOf(request, request.body),
      );
      reply.header('location', `/v1/privacy/jobs/${job.id}`);
      reply.header(
        'x-svc-privacy',
        findingsHeader(
          job.privacy.categories.map((c) => ({
            category: c,
            count: job.privacy.counts[c] ?? 0,
            action: 'placeholder',
          })),
        ),
      );
      return reply.status(202).send({ id: job.id, status: job.status });
    },
  );

  app.get(
    '/v1/privacy/jobs/:id',
    {
      config: { auth: 'key' },
      schema: {
        summary: 'Read a privacy job: status and categories/counts, never content',
        tags: ['privacy'],
        params: Type.Object({ id: Type.String() }),
        response: { 200: Type.Object({ status: Type.String(), privacy: PrivacySummarySchema }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (!/^privjob_[A-Za-z0-9_-]{1,64}$/.test(request.params.id)) throw privacyJobNotFound();
      const job = await readPrivacyJob(ctx, principal, request.params.id);
      if (!job) throw privacyJobNotFound();
      return job;
    },
  );
}

/**
 * POST /v1/privacy/clean's work for any principal (an API key, or the console's session in
 * an organisation's settings): clean, audit, the headers, the answer or the 422.
 */
export async function answerClean(
  audit: AuditLog,
  principal: Principal,
  body: CleanInput,
  asked: CleaningAsk,
  reply: FastifyReply,
  route = 'POST /v1/privacy/clean',
) {
  const started = barrierStart();
  const result = cleanRequest(principal, body, asked);
  barrierDone('clean', started, result.findings, result.blocked);
  const auditId = await audit.write(principal, {
    route,
    policy: result.policy,
    blocked: result.blocked,
    findings: result.findings,
    input: auditedInput(body),
  });
  reply.header('x-svc-privacy', findingsHeader(result.findings));
  reply.header('x-svc-audit-id', auditId);
  if (result.blocked) throw blockedError(result.findings);
  return {
    clean_text: result.clean_text,
    findings: result.findings,
    audit_id: auditId,
    clean_input: result.clean_input,
    clean_items: result.clean_items,
  };
}

export { badRequest };
