// Where the request log is fed: when the answer of a model route ends, for every caller the
// key check let in (a 4xx or 5xx after it is logged too; a 401 has no key to log under).
// The pipeline filled the request's note (note.ts); the hook adds route, status, latency.
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import { CallNote } from './note.js';
import { callRow } from './row.js';
import type { CallLogWriter } from './writer.js';

/** The model routes whose calls the log keeps. */
export const LOGGED_ROUTES: ReadonlySet<string> = new Set([
  '/v1/chat/completions',
  '/v1/messages',
  '/v1/responses',
  '/v1/embeddings',
]);

declare module 'fastify' {
  interface FastifyRequest {
    callNote?: CallNote;
  }
}

/** The request's note, made on first use (pipeline/route-options.ts hands it to the pipeline). */
export function noteOf(request: FastifyRequest): CallNote {
  request.callNote ??= new CallNote();
  return request.callNote;
}

export function registerCallLog(app: App, writer: CallLogWriter, now: () => number): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    const principal = request.principal;
    if (!principal || route === undefined || !LOGGED_ROUTES.has(route)) return;
    writer.add(
      callRow(principal, request.callNote ?? new CallNote(), {
        route,
        status: reply.statusCode,
        latencyMs: reply.elapsedTime,
        at: now(),
      }),
    );
  });
}
