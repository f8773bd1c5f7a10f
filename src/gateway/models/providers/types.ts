// What a provider type contributes: how a Conversation becomes its request, and how its
// reply and stream chunks become ours. The HTTP part is shared (http.ts).
import type { ProviderConfig } from '../../../platform/config/index.js';
import type { Conversation, Reply, StreamEvent, WireFormat } from '../types.js';
import type { SseEvent } from './sse.js';

/**
 * One place a model can be called: a configured provider and its name for the model. The
 * wire format depends on the call too (http.ts, `kindOf`).
 */
export interface Target {
  providerName: string;
  provider: ProviderConfig;
  upstreamModel: string;
}

export interface UpstreamCall {
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Reads a text delta without parsing its event (text-frame.ts): its text, or null when it cannot. */
export interface FrameReader {
  /** The block key of the text it reads. */
  readonly key: string;
  match(ev: SseEvent): string | null;
}

/** A fresh per-stream reader of one upstream's events. */
export interface StreamTransform {
  /** Learned by `next` from a plain text delta; events.ts reads the later ones by it. */
  readonly frame: FrameReader;
  /** One upstream event (one the frame did not read) → zero or more of ours. Throws on an upstream error event. */
  next(ev: SseEvent): StreamEvent[];
}

export interface ProviderKind {
  format: WireFormat;
  build(conv: Conversation, upstreamModel: string, provider: ProviderConfig, basePath: string): UpstreamCall;
  parseReply(body: unknown): Reply;
  streamTransform(): StreamTransform;
}

/** The upstream reported an error inside a stream that had already started. */
export class UpstreamStreamError extends Error {}
