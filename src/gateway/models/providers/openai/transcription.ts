// The OpenAI audio transcription wire format (POST {base}/audio/transcriptions, multipart):
// what we send and how the answer reads. We always ask for `json`; the route renders
// `text` itself, so one parser serves both.
import { FormData } from 'undici';
import type { TranscriptionConfig } from '../../../../platform/config/transcription.js';
import { upstreamBadReply } from '../../errors.js';

export interface TranscriptionInput {
  audio: Uint8Array;
  /** Sent as the part's file name: providers use its extension to pick a decoder. */
  fileName: string;
  language?: string;
  temperature?: number;
}

export interface TranscriptionReply {
  text: string;
  /** Tokens when the provider reports them (newer models); 0 otherwise. */
  usage: { input: number; output: number };
}

export function buildTranscriptionForm(input: TranscriptionInput, config: TranscriptionConfig): FormData {
  const form = new FormData();
  form.append('file', new Blob([input.audio]), input.fileName);
  form.append('model', config.model);
  form.append('response_format', 'json');
  if (input.language) form.append('language', input.language);
  if (input.temperature !== undefined) form.append('temperature', String(input.temperature));
  return form;
}

export function parseTranscription(body: unknown): TranscriptionReply {
  const b = body as { text?: unknown; usage?: { input_tokens?: unknown; output_tokens?: unknown } } | null;
  if (typeof b?.text !== 'string') throw upstreamBadReply();
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  return { text: b.text, usage: { input: n(b.usage?.input_tokens), output: n(b.usage?.output_tokens) } };
}
