// svc.embeddings: the (already cleaned) input forwarded to an OpenAI-compatible
// /embeddings; the result is that server's answer, floats.
import type { WorkerCapability } from '../registry.js';
import { endpoint, upstream } from './upstream.js';

export const embeddings: WorkerCapability = {
  name: 'svc.embeddings',
  configured: (config) => config.embeddings !== undefined,
  async run(job, { config, signal }) {
    const up = config.embeddings!;
    const input = job.input ?? {};
    const body = {
      model: up.model,
      input: input.input,
      encoding_format: 'float',
      dimensions: input.dimensions,
    };
    const r = await upstream(endpoint(up.base_url, '/embeddings'), up.api_key, JSON.stringify(body), signal);
    return { json: { object: 'list', data: r.data, model: r.model ?? up.model, usage: r.usage } };
  },
};
