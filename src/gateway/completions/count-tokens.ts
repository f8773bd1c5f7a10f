// POST /v1/messages/count_tokens (Key): the vendor messages API's token count, as
// `client.messages.countTokens()` of the vendor's SDK calls it. The body is a messages
// request without max_tokens; the count is of what the vendor would receive, after the
// barrier (pipeline/count-tokens.ts says who counts). It costs one request of the key's
// per-minute limit, like any call, and nothing else: no credit, no usage, no quota.
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import type { GatewayDeps } from '../deps.js';
import { principalOf } from '../keys/auth.js';
import { routeRunOptions } from '../pipeline/route-options.js';
import type { Obj } from '../models/formats/check.js';
import { parseMessagesRequest } from '../models/formats/messages.js';

/** As the messages route: a long conversation is what one counts before sending. */
const BODY_LIMIT = 10 * 1024 * 1024;

const CountBody = Type.Object(
  { model: Type.String(), messages: Type.Array(Type.Unknown()) },
  { additionalProperties: true },
);

export function registerCountTokensRoute(app: App, deps: GatewayDeps): void {
  app.post(
    '/v1/messages/count_tokens',
    {
      config: { auth: 'key' },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary:
          'Input tokens of a message request (vendor messages format), counted after the privacy barrier',
        tags: ['models'],
        body: CountBody,
        response: { 200: Type.Object({ input_tokens: Type.Integer() }) },
      },
    },
    async (request, reply) => {
      // A messages request but for max_tokens, which only bounds an answer none is asked for.
      const body: Obj = { ...request.body, max_tokens: 1 };
      delete body.stream;
      const conversation = parseMessagesRequest(body);
      const count = await deps.models.runCountTokens(
        principalOf(request),
        conversation,
        routeRunOptions(request, reply, deps.ctx.config.publicOrigin),
      );
      return { input_tokens: count.inputTokens };
    },
  );
}
