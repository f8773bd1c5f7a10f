// The OpenAI embeddings wire format upstream (POST {base_url}/embeddings): what we send and
// how the answer reads. `encoding_format` goes as the caller asked it (the official client
// asks base64, which spares both sides the parsing of thousands of decimal numbers); an
// upstream that answers the other encoding anyway is converted (embeddings.ts in formats/).
import type { ProviderConfig } from '../../../../platform/config/index.js';
import { upstreamBadReply } from '../../errors.js';
import type { Embeddings, EmbeddingsRequest, Vector } from '../../formats/embeddings.js';
import type { UpstreamCall } from '../types.js';

export function buildEmbeddingsCall(
  req: EmbeddingsRequest,
  upstreamModel: string,
  provider: ProviderConfig,
  basePath: string,
): UpstreamCall {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (provider.api_key) headers.authorization = `Bearer ${provider.api_key}`;
  const body: Record<string, unknown> = { model: upstreamModel, input: req.input };
  if (req.encoding !== undefined) body.encoding_format = req.encoding;
  if (req.dimensions !== undefined) body.dimensions = req.dimensions;
  if (req.user !== undefined) body.user = req.user;
  return { path: `${basePath}/embeddings`, headers, body };
}

/**
 * `{data: [{index, embedding}], usage: {prompt_tokens}}` → one vector per input, in input
 * order. A reply with another number of vectors, an index out of range or twice, or a
 * vector that is neither numbers nor a base64 string is unreadable (502).
 */
export function parseEmbeddingsReply(body: unknown, inputs: number): Embeddings {
  const b = body as { data?: unknown; usage?: { prompt_tokens?: unknown } } | null;
  if (!Array.isArray(b?.data) || b.data.length !== inputs) throw upstreamBadReply();
  const vectors: Vector[] = new Array(inputs);
  b.data.forEach((d: { index?: unknown; embedding?: unknown } | null, i) => {
    const index = typeof d?.index === 'number' ? d.index : i;
    const v = d?.embedding;
    if (!Number.isInteger(index) || index < 0 || index >= inputs || vectors[index] !== undefined)
      throw upstreamBadReply();
    if (typeof v !== 'string' && !(Array.isArray(v) && v.every((x) => typeof x === 'number')))
      throw upstreamBadReply();
    vectors[index] = v;
  });
  const tokens = b.usage?.prompt_tokens;
  return {
    vectors,
    inputTokens: typeof tokens === 'number' && Number.isFinite(tokens) && tokens >= 0 ? tokens : 0,
  };
}
