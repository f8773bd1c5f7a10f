// Provider type `openai`: any chat-completions endpoint. `base_url` includes the API
// version path, as in the official SDK (`https://api.openai.com/v1`).
import type { ProviderConfig } from '../../../../platform/config/index.js';
import type { Conversation } from '../../types.js';
import type { ProviderKind } from '../types.js';
import { buildChatRequest } from './request.js';
import { chatStreamTransform, parseChatReply } from './response.js';

/** The headers of every OpenAI-style call (chat completions and the Responses API). */
export function openaiHeaders(conv: Conversation, provider: ProviderConfig): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: conv.stream ? 'text/event-stream' : 'application/json',
  };
  if (provider.api_key) headers.authorization = `Bearer ${provider.api_key}`;
  return headers;
}

export const openaiProvider: ProviderKind = {
  format: 'chat',
  build(conv, upstreamModel, provider, basePath) {
    return {
      path: `${basePath}/chat/completions`,
      headers: openaiHeaders(conv, provider),
      body: buildChatRequest(conv, upstreamModel),
    };
  },
  parseReply: parseChatReply,
  streamTransform: chatStreamTransform,
};
