// Which backend transcribes: the OpenAI-compatible provider of SVC_CONFIG `transcription`
// when one is configured (through the model pipeline), else a worker that advertises
// `svc.transcription` (a durable job, waited for synchronously), else 503. This is the one
// place that chooses; the route does not know which one answered.
import type { GatewayDeps } from '../deps.js';
import type { Principal } from '../keys/auth.js';
import type { Finding } from '../../privacy/index.js';
import type { CleaningAsk } from '../orgs/cleaning-choice.js';
import type { AudioType } from './audio.js';
import type { Payer } from '../billing/payer.js';
import { jobFailed } from '../workers/errors.js';
import { transcriptionNotConfigured } from '../models/errors.js';
import { transcriptionPending } from './errors.js';

export interface TranscriptionRequest {
  audio: Uint8Array;
  type: AudioType;
  language?: string;
  temperature?: number;
  /** What the caller asked of the barrier (form fields and headers); it can only tighten. */
  asked: CleaningAsk;
  /** Who pays a prepaid organisation's job (the worker backend). */
  payer?: Payer;
}

export interface Transcribed {
  text: string;
  findings: Finding[];
}

export interface TranscriptionBackend {
  name: 'provider' | 'worker';
  transcribe(
    principal: Principal,
    req: TranscriptionRequest,
    opts: { signal: AbortSignal; onScreened(findings: Finding[]): void },
  ): Promise<Transcribed>;
}

export async function chooseBackend(deps: GatewayDeps): Promise<TranscriptionBackend> {
  if (deps.ctx.config.file.transcription) return providerBackend(deps);
  if (await deps.workerJobs.available(CAPABILITY)) return workerBackend(deps);
  throw transcriptionNotConfigured();
}

function providerBackend(deps: GatewayDeps): TranscriptionBackend {
  return {
    name: 'provider',
    transcribe: (principal, req, opts) =>
      deps.models.runTranscription(
        principal,
        // The caller's file name is not sent: it may name the person being recorded.
        {
          audio: req.audio,
          fileName: `audio.${req.type}`,
          language: req.language,
          temperature: req.temperature,
        },
        { ...req.asked, signal: opts.signal, onScreened: opts.onScreened },
      ),
  };
}

const CAPABILITY = 'svc.transcription';

const MIME: Record<AudioType, string> = {
  wav: 'audio/wav',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  m4a: 'audio/mp4',
};

/**
 * A job for a worker, waited for as long as the speech wait (`workers.waits.speech`). The
 * transcript was cleaned before it was stored (with the cleaning chosen when the job was
 * submitted: the organisation's settings, tightened by the request); a caller who hangs up leaves the job to finish, and one who waits
 * too long gets 504 naming the job, whose result stays readable at /v1/jobs/{id}.
 */
function workerBackend(deps: GatewayDeps): TranscriptionBackend {
  const jobs = deps.workerJobs;
  return {
    name: 'worker',
    async transcribe(principal, req, opts) {
      const { view } = await jobs.submit(
        principal,
        CAPABILITY,
        { language: req.language, temperature: req.temperature },
        {
          // The caller's file name is not sent, as for the provider.
          file: {
            type: MIME[req.type],
            bytes: Buffer.from(req.audio.buffer, req.audio.byteOffset, req.audio.byteLength),
          },
          asked: req.asked,
          payer: req.payer,
          resource: `${deps.ctx.config.publicOrigin}/v1/audio/transcriptions`,
        },
      );
      const done = await jobs.wait(view.id, jobs.settings.waitMs.speech, opts.signal);
      if (done.status === 'failed') throw jobFailed(done.id, done.error);
      if (done.status !== 'completed') throw transcriptionPending(done.id);
      const result = done.result as { text?: unknown; findings?: Finding[] } | null;
      if (typeof result?.text !== 'string') throw jobFailed(done.id, 'upstream_bad_answer');
      const findings = result.findings ?? [];
      opts.onScreened(findings);
      return { text: result.text, findings };
    },
  };
}
