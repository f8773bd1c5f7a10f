// The caller's side of a job (Key auth): status, binary result, cancel; and the
// capabilities of the workers seen recently. Another organisation's job id is 404.
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { principalOf } from '../keys/auth.js';
import { jobNotFinished, jobNotFound, noBinaryResult } from './errors.js';
import { jobRecord, ownerOf, type WorkerJobs } from './service.js';
import { isFinished, readBinaryResult } from './store.js';

const JobParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const JobRecord = Type.Object({
  id: Type.String(),
  status: Type.String(),
  status_url: Type.String(),
  capability: Type.String(),
  attempts: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
  finished_at: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.Object({ code: Type.String() }), Type.Null()]),
  result: Type.Unknown(),
  result_url: Type.Union([Type.String(), Type.Null()]),
  result_content_type: Type.Union([Type.String(), Type.Null()]),
});

export function registerJobRoutes(app: App, jobs: WorkerJobs): void {
  const tags = ['workers'];
  app.get(
    '/v1/jobs/:id',
    {
      config: { auth: 'key' },
      schema: {
        summary: 'A worker job: status, timestamps, error, and the result or a link to it',
        tags,
        params: JobParams,
        response: { 200: JobRecord },
      },
    },
    async (request) => jobRecord(await jobs.read(principalOf(request), request.params.id)),
  );

  app.get(
    '/v1/jobs/:id/result',
    {
      config: { auth: 'key' },
      schema: {
        summary: "A finished job's result: the binary with its content type, or the JSON",
        tags,
        params: JobParams,
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const view = await jobs.read(principal, request.params.id);
      if (!isFinished(view.status)) throw jobNotFinished();
      if (view.status !== 'completed') throw noBinaryResult();
      if (view.resultType === null) return reply.header('cache-control', 'no-store').send(view.result);
      const bin = await readBinaryResult(jobs.db, view.id, ownerOf(principal));
      if (!bin) throw jobNotFound();
      return reply.header('content-type', bin.type).header('cache-control', 'no-store').send(bin.bytes);
    },
  );

  app.post(
    '/v1/jobs/:id/cancel',
    {
      config: { auth: 'key' },
      schema: {
        summary: 'Cancel a queued or leased job (409 when it already finished)',
        tags,
        params: JobParams,
        response: { 200: JobRecord },
      },
    },
    async (request) => jobRecord(await jobs.cancel(principalOf(request), request.params.id)),
  );

  app.get(
    '/v1/capabilities',
    {
      config: { auth: 'key' },
      schema: {
        summary: 'Capabilities offered by the workers seen in the last 2 minutes',
        tags,
        response: {
          200: Type.Object({
            capabilities: Type.Array(Type.String()),
            workers: Type.Array(
              Type.Object({
                name: Type.String(),
                version: Type.String(),
                capabilities: Type.Array(Type.String()),
                seen_at: Type.String(),
              }),
            ),
          }),
        },
      },
    },
    async () => jobs.capabilities(),
  );
}
