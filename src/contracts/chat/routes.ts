// /chat: questions about one contract, answered by a model through the gateway.
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { userOf } from '../auth/bearer.js';
import { ask, history, MAX_QUESTION_CHARS } from './conversation.js';
import type { ContractsDeps } from '../deps.js';
import { authErrors, ErrorBody, Id, listRoute, pageOf } from '../schemas.js';

const Turn = Type.Object({
  id: Type.String(),
  contract_id: Type.String(),
  question: Type.String(),
  answer: Type.String(),
  model: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});

export function registerChatRoutes(app: App, deps: ContractsDeps): void {
  app.post(
    '/chat',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'Perguntar sobre um contrato; a resposta vem de um modelo, com base no texto do contrato',
        tags: ['chat'],
        body: Type.Object(
          { contract_id: Id, question: Type.String({ maxLength: MAX_QUESTION_CHARS }) },
          { additionalProperties: false },
        ),
        response: {
          200: Turn,
          400: ErrorBody,
          404: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
          ...authErrors,
        },
      },
    },
    async (request) => {
      return ask(deps, userOf(request), request.body.contract_id, request.body.question);
    },
  );

  app.get(
    '/chat',
    listRoute(
      'chat',
      'Histórico de perguntas e respostas de um contrato',
      Turn,
      { contract_id: Id },
      { 404: ErrorBody },
    ),
    async (request) => {
      const page = pageOf(request.query);
      return { ...(await history(deps, userOf(request).id, request.query.contract_id, page)), ...page };
    },
  );
}
