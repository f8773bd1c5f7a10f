// SVC_CONFIG `transcription`: the OpenAI-compatible provider behind POST
// /v1/audio/transcriptions (docs/configuration.md, docs/privacy.md "Transcription").
import { type Static, Type } from '@sinclair/typebox';

export const TranscriptionSchema = Type.Object(
  {
    /** Includes the API version path, as for model providers: `https://api.openai.com/v1`. */
    base_url: Type.String({ pattern: '^https?://' }),
    api_key: Type.Optional(Type.String()),
    /** The provider's model name, e.g. `whisper-1` or `gpt-4o-transcribe`. */
    model: Type.String({ minLength: 1 }),
    /**
     * Longest audio transcribed synchronously, in seconds (default 600). Checked before
     * sending when the file states its length (WAV, FLAC); beyond it → 504.
     */
    max_audio_seconds: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Longest wait for the provider's answer, in seconds (default 120); beyond it → 504. */
    timeout_seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 280 })),
  },
  { additionalProperties: false },
);

export type TranscriptionConfig = Static<typeof TranscriptionSchema>;

export const TRANSCRIPTION_DEFAULTS = { max_audio_seconds: 600, timeout_seconds: 120 } as const;
