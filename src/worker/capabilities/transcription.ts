// svc.transcription: the audio forwarded to an OpenAI-compatible /audio/transcriptions;
// the result is `{text}` (the gateway cleans it before storing it).
import { CapabilityError, type WorkerCapability } from '../registry.js';
import { endpoint, upstream } from './upstream.js';

export const transcription: WorkerCapability = {
  name: 'svc.transcription',
  configured: (config) => config.transcription !== undefined,
  async run(job, { config, signal }) {
    const up = config.transcription!;
    if (!job.file) throw new CapabilityError('missing_file');
    const form = new FormData();
    const type = job.file.content_type;
    form.append('file', new Blob([Buffer.from(job.file.base64, 'base64')], { type }), 'audio');
    form.append('model', up.model);
    form.append('response_format', 'json');
    const language = job.input?.language;
    if (typeof language === 'string') form.append('language', language);
    const r = await upstream(endpoint(up.base_url, '/audio/transcriptions'), up.api_key, form, signal, false);
    if (typeof r.text !== 'string') throw new CapabilityError('upstream_bad_answer');
    return { json: { text: r.text } };
  },
};
