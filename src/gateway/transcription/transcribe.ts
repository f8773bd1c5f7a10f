// POST /v1/audio/transcriptions without HTTP: the form's fields checked, the audio's type
// decided by its bytes and its stated length checked against the synchronous limit, then
// the chosen backend (backend.ts).
import { TRANSCRIPTION_DEFAULTS } from '../../platform/config/transcription.js';
import { invalidParam } from '../../platform/http/errors.js';
import type { GatewayDeps } from '../deps.js';
import type { Principal } from '../keys/auth.js';
import type { Payer } from '../billing/payer.js';
import type { CleaningAsk } from '../orgs/cleaning-choice.js';
import { sniffAudio, statedSeconds } from './audio.js';
import type { Transcribed, TranscriptionBackend } from './backend.js';
import { audioTooLong, unsupportedAudio } from './errors.js';

export const FORM_FIELDS = [
  'model',
  'language',
  'response_format',
  'temperature',
  'policy',
  'sensitivity',
] as const;

export interface TranscriptionForm {
  responseFormat: 'json' | 'text';
  language?: string;
  temperature?: number;
}

/** The text fields of the form; `model` is accepted (OpenAI clients always send one) and not used: the configuration names the provider's model. */
export function readForm(fields: Record<string, string>): TranscriptionForm {
  const format = fields.response_format ?? 'json';
  if (format !== 'json' && format !== 'text')
    throw invalidParam('response_format', 'response_format deve ser json ou text.');
  const language = fields.language;
  if (language !== undefined && !/^[a-z]{2,3}(-[A-Za-z]{2})?$/.test(language))
    throw invalidParam('language', 'language deve ser um código ISO-639-1, por exemplo "pt".');
  let temperature: number | undefined;
  if (fields.temperature !== undefined) {
    temperature = Number(fields.temperature);
    if (fields.temperature.trim() === '' || !(temperature >= 0 && temperature <= 1))
      throw invalidParam('temperature', 'temperature deve ser um número entre 0 e 1.');
  }
  return { responseFormat: format, language, temperature };
}

/**
 * `backend` is chosen (chooseBackend) before the upload is read: a 503 should not cost 25 MB.
 * `asked`: the form's `policy` / `sensitivity` and the headers (privacy/asked.ts).
 */
export async function transcribe(
  deps: GatewayDeps,
  backend: TranscriptionBackend,
  principal: Principal,
  audio: Uint8Array,
  form: TranscriptionForm,
  asked: CleaningAsk,
  opts: { signal: AbortSignal; payer?: Payer; onScreened(findings: Transcribed['findings']): void },
): Promise<Transcribed> {
  const type = sniffAudio(audio);
  if (type === null) throw unsupportedAudio();
  const max =
    deps.ctx.config.file.transcription?.max_audio_seconds ?? TRANSCRIPTION_DEFAULTS.max_audio_seconds;
  const seconds = statedSeconds(audio, type);
  if (seconds !== undefined && seconds > max) throw audioTooLong(seconds, max);
  return backend.transcribe(
    principal,
    {
      audio,
      type,
      language: form.language,
      temperature: form.temperature,
      asked,
      payer: opts.payer,
    },
    opts,
  );
}
