// /risk-analysis: run the analysis of one contract (rules + model summary), read it, list.
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { analyseContract, analysisNotFound, getAnalysis, listAnalyses } from './analysis.js';
import { userOf } from '../auth/bearer.js';
import type { ContractsDeps } from '../deps.js';
import { authErrors, ErrorBody, Id, listRoute, ownItemRoute, pageOf, Risk } from '../schemas.js';

const Clause = Type.Object({
  category: Type.String(),
  label: Type.String(),
  risk: Risk,
  reason: Type.String(),
  sentence: Type.String(),
});

const Missing = Type.Object({
  category: Type.String(),
  label: Type.String(),
  risk: Risk,
  reason: Type.String(),
});

const Meta = Type.Object({
  id: Type.String(),
  contract_id: Type.String(),
  overall_risk: Risk,
  created_at: Type.String({ format: 'date-time' }),
});

export const AnalysisListItem = Type.Composite([Meta, Type.Object({ contract_title: Type.String() })]);

const Analysis = Type.Composite([
  Meta,
  Type.Object({
    counts: Type.Object({ low: Type.Integer(), medium: Type.Integer(), high: Type.Integer() }),
    clauses: Type.Array(Clause),
    missing: Type.Array(Missing),
    summary: Type.Union([Type.Object({ text: Type.String(), model: Type.String() }), Type.Null()]),
  }),
]);

export function registerAnalysisRoutes(app: App, deps: ContractsDeps): void {
  app.post(
    '/risk-analysis',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'Analisar os riscos de um contrato (regras + resumo do modelo, quando houver)',
        tags: ['risk-analysis'],
        body: Type.Object({ contract_id: Id }, { additionalProperties: false }),
        response: { 201: Analysis, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody, ...authErrors },
      },
    },
    async (request, reply) => {
      const analysis = await analyseContract(deps, userOf(request), request.body.contract_id);
      reply.header('location', `/risk-analysis/${analysis.id}`);
      return reply.status(201).send(analysis);
    },
  );

  app.get(
    '/risk-analysis',
    listRoute('risk-analysis', 'Listar as análises do usuário (opcional: de um contrato)', AnalysisListItem, {
      contract_id: Type.Optional(Id),
    }),
    async (request) => {
      const page = pageOf(request.query);
      const list = await listAnalyses(deps, userOf(request).id, {
        ...page,
        contractId: request.query.contract_id,
      });
      return { ...list, ...page };
    },
  );

  app.get(
    '/risk-analysis/:id',
    ownItemRoute('risk-analysis', 'Ler uma análise', { 200: Analysis }),
    async (request) => {
      const analysis = await getAnalysis(deps, userOf(request).id, request.params.id);
      if (!analysis) throw analysisNotFound();
      return analysis;
    },
  );
}
