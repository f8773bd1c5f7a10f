// svc.documents.review: a review of the document's text by a model reached through the
// gateway's own chat route, so the barrier and the organisation's rules apply to the call
// (the key in the worker's config decides whose). The result is `{review, model}`.
import { CapabilityError, type WorkerCapability } from '../registry.js';
import { endpoint, upstream } from './upstream.js';

const SYSTEM =
  'Você revisa documentos. Aponte erros, ambiguidades, cláusulas ou trechos problemáticos e ' +
  'sugestões objetivas de melhoria. Responda em português do Brasil. Marcadores como [CPF_1] ' +
  'substituem dados pessoais: mantenha-os como estão.';

export const review: WorkerCapability = {
  name: 'svc.documents.review',
  configured: (config) => config.review !== undefined,
  async run(job, { config, gateway, signal }) {
    const { model, api_key } = config.review!;
    const input = job.input ?? {};
    if (typeof input.document !== 'string') throw new CapabilityError('missing_document');
    const instructions =
      typeof input.instructions === 'string' ? `\n\nInstruções: ${input.instructions}` : '';
    const body = {
      model,
      messages: [
        { role: 'system', content: SYSTEM + instructions },
        { role: 'user', content: input.document },
      ],
    };
    const r = await upstream(
      endpoint(gateway, '/v1/chat/completions'),
      api_key,
      JSON.stringify(body),
      signal,
    );
    const content = (r.choices as { message?: { content?: unknown } }[] | undefined)?.[0]?.message?.content;
    if (typeof content !== 'string') throw new CapabilityError('gateway_bad_answer');
    return { json: { review: content, model } };
  },
};
