// /v1/embeddings' 200: the job record and the OpenAI embeddings fields, so the official
// clients work unchanged. Workers return floats; a caller that asked for base64 (the
// `openai` client does by default) gets each vector as little-endian float32 bytes.
import { toBase64 } from '../models/formats/embeddings.js';

type Json = Record<string, unknown>;

export function embeddingsAnswer(record: Json, result: unknown, request: unknown) {
  const r = (result ?? {}) as Json;
  const base64 = (request as { encoding_format?: string } | undefined)?.encoding_format === 'base64';
  const data = Array.isArray(r.data) ? (r.data as Json[]) : [];
  return {
    ...record,
    object: 'list',
    data: data.map((d, i) => ({
      object: 'embedding',
      index: typeof d.index === 'number' ? d.index : i,
      embedding: base64 && Array.isArray(d.embedding) ? toBase64(d.embedding as number[]) : d.embedding,
    })),
    model: typeof r.model === 'string' ? r.model : 'svc.embeddings',
    usage: r.usage ?? { prompt_tokens: 0, total_tokens: 0 },
  };
}
