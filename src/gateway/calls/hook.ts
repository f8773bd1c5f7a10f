// Where the request log is fed: when the answer of a model route ends, for every caller the
// key check let in (a 4xx or 5xx after it is logged too; a 401 has no key to log under).
// The pipeline filled the request's note (note.ts); the hook adds route, status, latency.
import type { FastifyRequest } from 'fastify';
import '../pipeline/call-observer.js';
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

const logged = (request: FastifyRequest) => LOGGED_ROUTES.has(request.routeOptions.url ?? '');

export function registerCallLog(app: App, writer: CallLogWriter, now: () => number): void {
  // Both hooks run on every request of every route: callback style, as the platform's other
  // hot-path hooks, so a request they do not concern costs no promise.
  // A note on every logged request, before the key check, for the pipeline to fill.
  app.addHook('onRequest', (request, _reply, done) => {
    if (logged(request)) request.callNote = new CallNote();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const principal = request.principal;
    if (principal && logged(request)) {
      const note = request.callNote instanceof CallNote ? request.callNote : new CallNote();
      writer.add(
        callRow(principal, note, {
          route: request.routeOptions.url!,
          status: reply.statusCode,
          latencyMs: reply.elapsedTime,
          at: now(),
        }),
      );
    }
    done();
  });
}
