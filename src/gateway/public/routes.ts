// Public gateway routes: health, the self-describing index and the OpenAPI document.
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { buildId } from '../../platform/config/build-info.js';
import { type Dependency, registerReadiness } from '../../platform/http/readiness.js';
import type { Surface } from '../telemetry/counters.js';

const Health = Type.Object({
  ok: Type.Boolean(),
  service: Type.String(),
  build: Type.String(),
  request_id: Type.String(),
});

const Endpoint = Type.Object({
  method: Type.String(),
  path: Type.String(),
  auth: Type.String(),
  summary: Type.String(),
});

const Index = Type.Object({
  name: Type.String(),
  description: Type.String(),
  build: Type.String(),
  base_url: Type.String(),
  docs: Type.Record(Type.String(), Type.String()),
  endpoints: Type.Array(Endpoint),
  mcp_tools: Type.Array(Type.String()),
});

export interface PublicRoutesOptions {
  baseUrl: string;
  /** What GET /api/ready checks: the database, and Redis when the counters live there. */
  dependencies: readonly Dependency[];
  /** Names of the MCP tools (the catalogue), when MCP is available. */
  mcpTools: () => string[];
  /** Told of each read of a machine surface (the showcase's `superficies`). */
  onSurfaceRead: (surface: Surface) => void;
}

export function registerPublicRoutes(app: App, options: PublicRoutesOptions): void {
  app.get(
    '/api/health',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Service health and the build it runs',
        tags: ['public'],
        response: { 200: Health },
      },
    },
    async (request) => ({ ok: true, service: 'gateway', build: buildId(), request_id: request.id }),
  );

  registerReadiness(app, '/api/ready', options.dependencies);

  app.get(
    '/api/',
    {
      config: { auth: 'none' },
      schema: { summary: 'Self-describing index of every route', tags: ['public'], response: { 200: Index } },
    },
    async () => {
      options.onSurfaceRead('indice');
      return {
        name: 'svc — gateway de privacidade para IA',
        description:
          'Acesso a modelos de linguagem com barreira de privacidade: CPF, CNPJ, RG, CNH, cartões, contas bancárias, endereços, e-mails, telefones, nomes e os demais dados pessoais são tratados antes de chegar ao modelo.',
        build: buildId(),
        base_url: options.baseUrl,
        docs: {
          openapi: `${options.baseUrl}/api/openapi.json`,
          health: `${options.baseUrl}/api/health`,
          ready: `${options.baseUrl}/api/ready`,
        },
        endpoints: app.routeTable.routes.map(({ method, path, auth, summary }) => ({
          method,
          path,
          auth,
          summary,
        })),
        mcp_tools: options.mcpTools(),
      };
    },
  );

  app.get(
    '/api/openapi.json',
    {
      config: { auth: 'none' },
      schema: { summary: 'OpenAPI 3.1 document of this service', tags: ['public'] },
    },
    async () => {
      options.onSurfaceRead('openapi');
      return app.swagger();
    },
  );
}
