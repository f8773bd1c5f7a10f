// Which backend transcribes: today the OpenAI-compatible provider of SVC_CONFIG
// `transcription`, through the model pipeline. A worker advertising `svc.transcription`
// (the durable job queue) is the other backend to add here: this is the one place that
// chooses, so the route does not change when it arrives.
import type { GatewayDeps } from '../deps.js';
import type { Principal } from '../keys/auth.js';
import type { Finding, Policy } from '../../privacy/index.js';
import type { AudioType } from './audio.js';
import { transcriptionNotConfigured } from './errors.js';

export interface TranscriptionRequest {
  audio: Uint8Array;
  type: AudioType;
  language?: string;
  temperature?: number;
  policy?: Policy;
}

export interface Transcribed {
  text: string;
  findings: Finding[];
}

export interface TranscriptionBackend {
  name: 'provider';
  transcribe(
    principal: Principal,
    req: TranscriptionRequest,
    opts: { signal: AbortSignal; onScreened(findings: Finding[]): void },
  ): Promise<Transcribed>;
}

export function chooseBackend(deps: GatewayDeps): TranscriptionBackend {
  if (!deps.ctx.config.file.transcription) throw transcriptionNotConfigured();
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
        { signal: opts.signal, policy: req.policy, onScreened: opts.onScreened },
      ),
  };
}
