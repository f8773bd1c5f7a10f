// POST /v1/audio/transcriptions (Key): OpenAI-compatible multipart in, the transcript
// cleaned by the barrier out (`{text}` or plain text). The audio lives only in this call.
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import type { GatewayDeps } from '../deps.js';
import { MAX_UPLOAD_BYTES, multipartLimits, readUpload, type UploadOptions } from '../extract/multipart.js';
import { principalOf } from '../keys/auth.js';
import { payerOf } from '../billing/payer.js';
import { askedFields, cleaningAskOf } from '../privacy/asked.js';
import { findingsHeader } from '../privacy/clean.js';
import { chooseBackend } from './backend.js';
import { FORM_FIELDS, readForm, transcribe } from './transcribe.js';

// Documentation only: the form is read in the handler, not by the schema.
const Form = {
  description:
    'Formulário multipart como o da OpenAI: o áudio (FLAC, MP3, MP4/M4A, OGG, WAV ou WebM, até 25 MB) no campo "file"; "model" (aceito e ignorado), "language", "response_format" (json ou text), "temperature" opcionais; "policy" e "sensitivity" opcionais, que só tornam a limpeza mais estrita.',
};

export async function registerTranscriptionRoutes(app: App, deps: GatewayDeps): Promise<void> {
  const upload: UploadOptions = { fileField: 'file', fields: FORM_FIELDS, maxBytes: MAX_UPLOAD_BYTES };
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: multipartLimits(upload) });
    scope.post(
      '/v1/audio/transcriptions',
      {
        config: { auth: 'key' },
        bodyLimit: upload.maxBytes + 64 * 1024,
        schema: {
          summary: 'Transcribe audio (OpenAI-compatible); the transcript is cleaned by the privacy policy',
          tags: ['privacy'],
          body: { content: { 'multipart/form-data': { schema: Form } } },
          response: { 200: Type.Object({ text: Type.String() }) },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        // The upload's own limits (413, 415, 400) first: what is wrong with the request is
        // said whatever the server's configuration.
        const { file, fields } = await readUpload(request, upload);
        const form = readForm(fields);
        const asked = cleaningAskOf(request, askedFields(fields));
        const backend = await chooseBackend(deps);
        // The caller hanging up stops the provider call; nothing is kept for later.
        const abort = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) abort.abort();
        });
        const result = await transcribe(deps, backend, principal, file, form, asked, {
          signal: abort.signal,
          payer: payerOf(request.headers),
          onScreened: (findings) => reply.header('x-svc-privacy', findingsHeader(findings)),
        });
        if (form.responseFormat === 'text') {
          return reply.type('text/plain; charset=utf-8').send(result.text);
        }
        return { text: result.text };
      },
    );
  });
}
