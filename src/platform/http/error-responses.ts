// The error answers of a route for its OpenAPI document, derived in one place from what
// decides them: the auth scheme (http/auth.ts), the method, the request schemas and the
// envelope of the path (errors.ts). Generated clients then know every status they can get.
import type { EnvelopeKind } from './errors.js';
import type { AuthScheme } from './routes.js';

const BY_SCHEME: Record<AuthScheme, number[]> = {
  none: [],
  key: [401, 403, 429],
  session: [401, 403],
  operator: [401, 503],
  worker: [401, 503],
  credit: [401],
  x402: [402, 429],
  jwt: [401, 403],
  webhook: [401],
};

const MEANING: Record<number, string> = {
  400: 'Invalid request (body, query or path parameters)',
  401: 'Missing or invalid credentials',
  402: 'Payment required',
  403: 'Credentials valid but not allowed here',
  404: 'Not found',
  413: 'Body too large',
  414: 'Path parameter too long',
  415: 'Unsupported content type',
  429: 'Rate limit or quota reached',
  500: 'Unexpected error',
  503: 'Unavailable (not configured, storage unreachable or shutting down)',
};

export interface RouteShape {
  method: string;
  url: string;
  auth: AuthScheme;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

export function errorStatuses(route: RouteShape): number[] {
  const out = [500, 503, ...BY_SCHEME[route.auth]];
  if (['POST', 'PUT', 'PATCH'].includes(route.method) || route.schema.body) out.push(400, 413, 415);
  if (route.schema.querystring) out.push(400);
  if (route.schema.params || route.url.includes(':')) out.push(400, 404, 414);
  return [...new Set(out)].sort((a, b) => a - b);
}

const str = { type: 'string' };

/** JSON schemas of the envelopes of docs/errors.md. */
export const ENVELOPE_SCHEMAS: Record<EnvelopeKind, object> = {
  api: {
    type: 'object',
    required: ['error', 'message'],
    properties: { error: str, message: str, code: str },
  },
  insights: {
    type: 'object',
    required: ['error'],
    properties: { error: str, message: str },
  },
  contracts: {
    type: 'object',
    required: ['message', 'error'],
    properties: { message: str, error: str },
  },
  openai: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['message', 'type', 'code'],
        properties: { message: str, type: str, code: str, param: { type: ['string', 'null'] } },
      },
    },
  },
  anthropic: {
    type: 'object',
    required: ['type', 'error'],
    properties: {
      type: { type: 'string', enum: ['error'] },
      error: { type: 'object', required: ['type', 'message'], properties: { type: str, message: str } },
    },
  },
};

/** The route's documented responses plus one entry per error status it can answer. */
export function withErrorResponses(
  route: RouteShape,
  kind: EnvelopeKind,
  responses: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(responses ?? { 200: { description: 'Default Response' } }) };
  for (const status of errorStatuses(route)) {
    out[status] ??= { description: MEANING[status] ?? 'Error', ...ENVELOPE_SCHEMAS[kind] };
  }
  return out;
}
