// The vendor's token count (POST {base_url}/v1/messages/count_tokens): the body of a messages
// request without the fields that only shape the answer, and `{input_tokens}` back.
import type { ProviderConfig } from '../../../../platform/config/index.js';
import { upstreamBadReply } from '../../errors.js';
import type { Conversation } from '../../types.js';
import type { UpstreamCall } from '../types.js';
import { anthropicProvider } from './index.js';

/** What count_tokens refuses: generation settings, which change nothing in the count. */
const NOT_COUNTED = ['max_tokens', 'temperature', 'top_p', 'stop_sequences', 'metadata', 'stream'];

export function buildCountTokensCall(
  conv: Conversation,
  upstreamModel: string,
  provider: ProviderConfig,
  basePath: string,
): UpstreamCall {
  const call = anthropicProvider.build({ ...conv, stream: false }, upstreamModel, provider, basePath);
  const body = call.body as Record<string, unknown>;
  for (const field of NOT_COUNTED) delete body[field];
  return { ...call, path: `${call.path}/count_tokens` };
}

export function parseCountTokens(body: unknown): number {
  const n = (body as { input_tokens?: unknown } | null)?.input_tokens;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw upstreamBadReply();
  return n;
}
