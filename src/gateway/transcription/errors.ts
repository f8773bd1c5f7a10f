// The transcription route's own answers (docs/privacy.md "Transcription").
import { type ApiError, errorCodes } from '../../platform/http/errors.js';
import { EXTRACT } from '../extract/errors.js';

export const TRANSCRIPTION = errorCodes('gateway/transcription', {
  transcription_pending: 504,
  audio_too_long: 504,
});

/** The worker has not finished within the synchronous wait; the job goes on. */
export function transcriptionPending(jobId: string): ApiError {
  return TRANSCRIPTION.transcription_pending(
    `A transcrição não terminou no tempo de espera e continua na tarefa ${jobId}; consulte /v1/jobs/${jobId}.`,
    { headers: { location: `/v1/jobs/${jobId}`, 'retry-after': '5' } },
  );
}

export function audioTooLong(seconds: number, max: number): ApiError {
  return TRANSCRIPTION.audio_too_long(
    `O áudio tem ${Math.ceil(seconds)} s; a transcrição síncrona aceita até ${max} s.`,
    { param: 'file' },
  );
}

export function unsupportedAudio(): ApiError {
  return EXTRACT.unsupported_file_type(
    'O arquivo não é um áudio reconhecido (FLAC, MP3, MP4/M4A, OGG, WAV ou WebM; o tipo é decidido pelo conteúdo).',
    { param: 'file' },
  );
}
