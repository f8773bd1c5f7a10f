// Provider type `anthropic`: the vendor messages API. `base_url` is the host, as in the
// official SDK (`https://api.anthropic.com`); the path `/v1/messages` is added here.
import type { ProviderKind } from '../types.js';
import { buildMessagesRequest } from './request.js';
import { messagesStreamTransform, parseMessagesReply } from './response.js';

export const ANTHROPIC_VERSION = '2023-06-01';

export const anthropicProvider: ProviderKind = {
  format: 'messages',
  build(conv, upstreamModel, provider, basePath) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: conv.stream ? 'text/event-stream' : 'application/json',
      'anthropic-version': ANTHROPIC_VERSION,
    };
    if (provider.api_key) headers['x-api-key'] = provider.api_key;
    return { path: `${basePath}/v1/messages`, headers, body: buildMessagesRequest(conv, upstreamModel) };
  },
  parseReply: parseMessagesReply,
  streamTransform: messagesStreamTransform,
};
