// The transcription route's own answers (docs/privacy.md "Transcription").
import { ApiError } from '../../platform/http/errors.js';

export function transcriptionNotConfigured(): ApiError {
  return new ApiError(
    503,
    'transcription_not_configured',
    'A transcrição de áudio não está configurada neste servidor.',
  );
}

export function audioTooLong(seconds: number, max: number): ApiError {
  return new ApiError(
    504,
    'audio_too_long',
    `O áudio tem ${Math.ceil(seconds)} s; a transcrição síncrona aceita até ${max} s.`,
    { param: 'file' },
  );
}

export function unsupportedAudio(): ApiError {
  return new ApiError(
    415,
    'unsupported_file_type',
    'O arquivo não é um áudio reconhecido (FLAC, MP3, MP4/M4A, OGG, WAV ou WebM; o tipo é decidido pelo conteúdo).',
    { param: 'file' },
  );
}
