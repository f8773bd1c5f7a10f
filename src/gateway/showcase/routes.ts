// Metrics and showcase routes: the public metrics, the public showcase document (cached 15
// minutes, strong ETag) and the operator's three views.
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { showcaseNotConfigured } from './errors.js';
import { PRODUCT_ID } from '../product.js';
import { type MetricsDeps, metrics } from './metrics.js';
import { operatorDocument, publicDocument } from './document.js';
import { optionalOperator } from './operator-access.js';
import { readDocument, readDocuments } from './store.js';

export interface ShowcaseRouteOptions extends MetricsDeps {
  operatorToken: string | undefined;
  /** False when the `showcase` section is absent: the operator's views answer 503. */
  collectorConfigured: boolean;
}

const DayVisits = Type.Object({ day: Type.String(), visits: Type.Integer() });
const MetricsBody = Type.Object({
  app: Type.String(),
  today: Type.String(),
  days: Type.Array(DayVisits),
  usage: Type.Object({
    requests: Type.Object({
      today: Type.Integer(),
      days: Type.Array(Type.Object({ day: Type.String(), requests: Type.Integer() })),
    }),
  }),
  accounts: Type.Object({ tenants: Type.Integer() }),
  ledger: Type.Optional(Type.Unknown()),
});

const CACHE = 'public, max-age=900';

/** A strong validator of the exact bytes sent. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/"x" matches "x". */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

export function registerShowcaseRoutes(app: App, deps: ShowcaseRouteOptions): void {
  const operatorOf = optionalOperator(deps.operatorToken);
  const controlPlane = () => {
    if (!deps.collectorConfigured) {
      throw showcaseNotConfigured();
    }
  };

  app.get(
    '/api/metrics',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Visits, requests and tenants of the last 7 days (operator token: plus the house ledger)',
        description:
          'Public without Authorization. With `Authorization: Bearer <OPERATOR_TOKEN>` the answer adds `ledger`; any other Authorization is 401. 503 when no operator token is configured.',
        tags: ['operator'],
        response: { 200: MetricsBody },
      },
    },
    async (request) => metrics(deps, operatorOf(request)),
  );

  app.get(
    '/api/vitrine',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Public showcase document (cached 15 minutes, strong ETag, 304 on If-None-Match)',
        tags: ['showcase'],
      },
    },
    async (request, reply) => {
      const stored = await readDocument(deps.db, PRODUCT_ID);
      const body = JSON.stringify(publicDocument(PRODUCT_ID, stored, deps.now()));
      const etag = etagOf(body);
      reply.header('cache-control', CACHE).header('etag', etag);
      if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.header('content-type', 'application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/api/vitrine/operador',
    {
      config: { auth: 'operator' },
      schema: {
        summary: "The collector's full document of this product (exact figures), or null",
        tags: ['showcase'],
      },
    },
    async () => {
      controlPlane();
      const stored = await readDocument(deps.db, PRODUCT_ID);
      const now = deps.now();
      return {
        produto: PRODUCT_ID,
        atualizado_em: stored ? new Date(stored.collectedAt).toISOString() : null,
        operador: stored ? operatorDocument(stored, now) : null,
      };
    },
  );

  app.get(
    '/api/vitrine/painel',
    {
      config: { auth: 'operator' },
      schema: { summary: "Every product's operator document, in product id order", tags: ['showcase'] },
    },
    async () => {
      controlPlane();
      const now = deps.now();
      const docs = await readDocuments(deps.db);
      if (docs.length === 0) return { apps: [] };
      const apps = docs.map((d) => operatorDocument(d, now));
      const d7 = (doc: Record<string, unknown>) =>
        ((doc.janelas as { d7?: Record<string, unknown> } | undefined)?.d7 ?? {}) as {
          api?: number;
          visitantes?: number;
          uso?: number;
        };
      return {
        apps,
        updated: new Date(Math.max(...docs.map((d) => d.collectedAt))).toISOString(),
        totals: {
          produtos: apps.length,
          api_d7: apps.reduce((a, doc) => a + (d7(doc).api ?? 0), 0),
          visitantes_d7: apps.reduce((a, doc) => a + (d7(doc).visitantes ?? 0), 0),
          uso_d7: apps.reduce((a, doc) => a + (d7(doc).uso ?? 0), 0),
        },
      };
    },
  );

  app.get(
    '/api/vitrine/cursores',
    {
      config: { auth: 'operator' },
      schema: {
        summary: "Per product, when the server's collector (borda) and the CLI (cli) last collected",
        tags: ['showcase'],
      },
    },
    async () => {
      controlPlane();
      const out: Record<string, { borda?: string; cli?: string }> = {};
      for (const d of await readDocuments(deps.db)) {
        const c: { borda?: string; cli?: string } = {};
        if (d.bordaAt !== null) c.borda = new Date(d.bordaAt).toISOString();
        if (d.cliAt !== null) c.cli = new Date(d.cliAt).toISOString();
        out[d.produto] = c;
      }
      return out;
    },
  );
}
