// The worker protocol (auth `worker`: WORKER_TOKEN), docs/workers.md: register, lease by
// long poll, heartbeat, complete, fail. The worker's own key travels in `X-Worker-Key` (lease,
// refresh), the lease token in `X-Lease-Token`; a write with a token that is not the job's
// current lease's is 409 (identity.ts).
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { CAPABILITY_NAMES } from './capabilities.js';
import { badInput, capabilityUnknown, resultTooLarge } from './errors.js';
import type { WorkerJobs } from './service.js';
import { BINARY_RESULT_MAX, JSON_RESULT_MAX } from './settings.js';
import { registerWorker } from './identity.js';
import type { Holder } from './store.js';

const Name = Type.String({ minLength: 1, maxLength: 100, pattern: '^[\\x21-\\x7e]+$' });
const Caps = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 32 });
const JobParams = Type.Object({ id: Type.String({ pattern: '^svcj_[A-Za-z0-9_-]{1,40}$' }) });
const LeaseHeader = Type.Object({
  'x-lease-token': Type.String({ minLength: 1, maxLength: 200 }),
  'x-worker-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
const WorkerKeyHeader = Type.Object({
  'x-worker-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
const holderOf = (headers: { 'x-lease-token': string; 'x-worker-key'?: string }): Holder => ({
  token: headers['x-lease-token'],
  ...(headers['x-worker-key'] === undefined ? {} : { key: headers['x-worker-key'] }),
});
const Ok = Type.Object({ ok: Type.Literal(true) });

const checkCaps = (caps: string[]) => {
  for (const c of caps) if (!CAPABILITY_NAMES.includes(c)) throw capabilityUnknown(c);
};

export function registerWorkerProtocolRoutes(app: App, jobs: WorkerJobs): void {
  const tags = ['workers'];
  app.post(
    '/api/worker/register',
    {
      config: { auth: 'worker' },
      schema: {
        summary:
          'Register (or refresh, with worker_id and X-Worker-Key) a worker: name, version, capabilities; call at least once a minute',
        tags,
        headers: WorkerKeyHeader,
        body: Type.Object(
          {
            name: Name,
            version: Type.String({ minLength: 1, maxLength: 50 }),
            capabilities: Caps,
            worker_id: Type.Optional(Type.String({ pattern: '^wrk_[A-Za-z0-9_-]{1,40}$' })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            worker_id: Type.String(),
            worker_key: Type.String({ description: 'this worker’s own key: send it in X-Worker-Key' }),
            lease_seconds: Type.Number(),
            max_poll_seconds: Type.Number(),
          }),
        },
      },
    },
    async (request) => {
      const { name, version, capabilities, worker_id } = request.body;
      checkCaps(capabilities);
      const { workerId, key } = await registerWorker(
        jobs.db,
        { name, version, capabilities },
        { id: worker_id, key: request.headers['x-worker-key'] },
      );
      return {
        worker_id: workerId,
        worker_key: key,
        lease_seconds: jobs.settings.leaseMs / 1000,
        max_poll_seconds: jobs.settings.maxPollMs / 1000,
      };
    },
  );

  app.post(
    '/api/worker/lease',
    {
      config: { auth: 'worker' },
      schema: {
        summary: 'Lease one job of the given capabilities, waiting up to wait_seconds (204: none)',
        tags,
        headers: WorkerKeyHeader,
        body: Type.Object(
          {
            worker_id: Type.String({ pattern: '^wrk_[A-Za-z0-9_-]{1,40}$' }),
            capabilities: Type.Optional(Caps),
            wait_seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 60 })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const gone = new AbortController();
      reply.raw.on('close', () => gone.abort());
      const job = await jobs.lease(
        { id: request.body.worker_id, key: request.headers['x-worker-key'] },
        request.body.capabilities,
        (request.body.wait_seconds ?? 25) * 1000,
        gone.signal,
      );
      if (!job) return reply.status(204).send();
      return { job };
    },
  );

  app.post(
    '/api/worker/jobs/:id/heartbeat',
    {
      config: { auth: 'worker' },
      schema: {
        summary: 'Extend the lease; says whether the job was cancelled (409: the lease is not yours)',
        tags,
        params: JobParams,
        headers: LeaseHeader,
        response: {
          200: Type.Object({
            cancelled: Type.Boolean(),
            lease_expires_at: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async (request) => jobs.heartbeat(request.params.id, holderOf(request.headers)),
  );

  // Results: JSON `{result}`, or any other content type taken as a binary result. Own scope,
  // own parsers, so only this route takes raw bodies.
  app.register(async (plain) => {
    const scope = plain as unknown as App;
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BINARY_RESULT_MAX }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/worker/jobs/:id/complete',
      {
        config: { auth: 'worker' },
        bodyLimit: BINARY_RESULT_MAX,
        schema: {
          summary: 'Complete a leased job: JSON {result}, or a binary body with its content type',
          tags,
          params: JobParams,
          headers: LeaseHeader,
          response: { 200: Ok },
        },
      },
      async (request) => {
        const token = holderOf(request.headers);
        const body: unknown = request.body;
        if (Buffer.isBuffer(body)) {
          const type = String(request.headers['content-type'] ?? '')
            .split(';')[0]!
            .trim()
            .toLowerCase();
          if (body.length === 0) throw badInput('Resultado binário vazio.');
          await jobs.complete(request.params.id, token, { type, bytes: body });
        } else {
          if (JSON.stringify(body ?? null).length > JSON_RESULT_MAX) throw resultTooLarge();
          const result = (body as { result?: unknown } | null)?.result;
          if (result === undefined) throw badInput('Envie {"result": …} ou um corpo binário.', 'result');
          await jobs.complete(request.params.id, token, { json: result });
        }
        return { ok: true as const };
      },
    );
  });

  app.post(
    '/api/worker/jobs/:id/release',
    {
      config: { auth: 'worker' },
      schema: {
        summary: 'Hand a leased job back to the queue (graceful stop); another worker may take it at once',
        tags,
        params: JobParams,
        headers: LeaseHeader,
        response: { 200: Ok },
      },
    },
    async (request) => {
      await jobs.release(request.params.id, holderOf(request.headers));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/worker/jobs/:id/fail',
    {
      config: { auth: 'worker' },
      schema: {
        summary: 'Fail a leased job with an error code (no retry)',
        tags,
        params: JobParams,
        headers: LeaseHeader,
        body: Type.Object(
          { error: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }) },
          { additionalProperties: false },
        ),
        response: { 200: Ok },
      },
    },
    async (request) => {
      await jobs.fail(request.params.id, holderOf(request.headers), request.body.error);
      return { ok: true as const };
    },
  );
}
