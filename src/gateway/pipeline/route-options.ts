// What a model route hands the pipeline from its HTTP request, the same on every route that
// runs a model (chat completions, messages, embeddings, token counts): what the caller asks
// of the barrier (X-SVC-Policy, X-SVC-Nomes), an abort when the caller hangs up (it stops
// the provider call and, for a stream, the upstream read), X-SVC-Privacy and X-SVC-Model
// on every answer once the barrier has run (refusals included), and a prepaid call's payer
// and cost headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { payerOf } from '../billing/payer.js';
import './call-observer.js';
import { cleaningAskOf } from '../privacy/asked.js';
import { findingsHeader } from '../privacy/clean.js';
import type { RunOptions } from './run-model.js';

export function routeRunOptions(
  request: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string,
): RunOptions {
  const asked = cleaningAskOf(request);
  const abort = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  return {
    ...asked,
    signal: abort.signal,
    log: request.log,
    onScreened: (model, findings) => {
      reply.header('x-svc-privacy', findingsHeader(findings));
      reply.header('x-svc-model', model);
    },
    payer: payerOf(request.headers),
    resource: `${publicOrigin}${request.routeOptions.url}`,
    onBilling: (headers) => reply.headers(headers),
    note: request.callNote,
  };
}
