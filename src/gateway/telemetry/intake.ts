// The three intake calls as plain functions: what to do with a request's headers and body,
// decided without HTTP, answered as a status the route sends.
import type { Db } from '../../platform/db/index.js';
import type { Origins } from '../../platform/origins.js';
import { classify } from './bots.js';
import { type ClientErrorLog, readClientError } from './client-errors.js';
import { agentCounter, bump, COUNTERS } from './counters.js';
import { readBatch, SMOKE_HEADER, toRecord } from './funnel.js';
import type { FunnelStore } from './funnel-store.js';

export type Headers = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export interface IntakeDeps {
  db: Db;
  now: () => number;
  origins: Origins;
  funnel: FunnelStore;
  clientErrors: ClientErrorLog;
}

/** A body as the routes receive it (raw bytes of any content type) read as JSON, or undefined. */
export function jsonOf(body: unknown): unknown {
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** `POST /api/erro-cliente`: nothing to answer but 204, whatever happens. */
export function reportClientError(deps: IntakeDeps, body: unknown, network: string): 204 {
  const report = readClientError(jsonOf(body));
  if (report) deps.clientErrors.report(report, network);
  return 204;
}

/**
 * `POST /api/pagamento/aberto`: counted when the three headers say a page of this origin
 * opened the payment view; starts nothing and grants nothing.
 */
export async function recordPaymentView(deps: IntakeDeps, headers: Headers): Promise<202 | 204> {
  const ok =
    deps.origins.accepts(one(headers.origin)) &&
    one(headers['sec-fetch-site']) === 'same-origin' &&
    one(headers['x-svc-payment-view']) === '1';
  if (!ok) return 204;
  await bump(deps.db, COUNTERS.paymentView, deps.now());
  return 202;
}

const FUNNEL_TYPES = /^(application\/json|text\/plain)\s*(;.*)?$/i;

/** `POST /api/funil`: 202 when the batch is stored, 204 when it is ignored. */
export async function recordFunnel(deps: IntakeDeps, headers: Headers, body: unknown): Promise<202 | 204> {
  const type = one(headers['content-type']);
  if (type === undefined || !FUNNEL_TYPES.test(type)) return 204;
  const origin = one(headers.origin);
  if (origin !== undefined && !deps.origins.accepts(origin)) return 204;
  const site = one(headers['sec-fetch-site']);
  if (site !== undefined && site !== 'same-origin') return 204;
  const smoke = one(headers[SMOKE_HEADER]);
  if (smoke !== undefined && smoke !== '0') return 204;
  const batch = readBatch(jsonOf(body));
  if (!batch) return 204;
  const now = deps.now();
  const visitor = classify(one(headers['user-agent']));
  if (visitor.kind !== 'person') {
    // Robots are not stored, only counted by class and agent (for the showcase).
    await bump(deps.db, visitor.kind === 'ai' ? COUNTERS.aiPage : COUNTERS.robotPage, now);
    await bump(deps.db, agentCounter(visitor.agent), now);
    return 204;
  }
  const stored = await deps.funnel.append(toRecord(batch, one(headers.referer), now));
  return stored ? 202 : 204;
}
