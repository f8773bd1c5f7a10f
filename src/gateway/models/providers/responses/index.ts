// An `openai` provider with `responses_api: true`, for callers of `/v1/responses`: their
// calls go to `{base_url}/responses` in the same format (other callers still get chat
// completions from it).
import { openaiHeaders } from '../openai/index.js';
import type { ProviderKind } from '../types.js';
import { buildResponsesRequest } from './request.js';
import { parseResponsesReply, responsesStreamTransform } from './response.js';

export const responsesProvider: ProviderKind = {
  format: 'responses',
  build(conv, upstreamModel, provider, basePath) {
    return {
      path: `${basePath}/responses`,
      headers: openaiHeaders(conv, provider),
      body: buildResponsesRequest(conv, upstreamModel),
    };
  },
  parseReply: parseResponsesReply,
  streamTransform: responsesStreamTransform,
};
