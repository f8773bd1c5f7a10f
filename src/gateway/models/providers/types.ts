// What a provider type contributes: how a Conversation becomes its request, and how its
// reply and stream chunks become ours. The HTTP part is shared (http.ts).
import type { ProviderConfig } from '../../../platform/config/index.js';
import type { Conversation, Reply, StreamEvent, WireFormat } from '../types.js';

export interface UpstreamCall {
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** One server-sent event as read from the upstream. */
export interface SseEvent {
  event: string | null;
  data: string;
}

export interface ProviderKind {
  format: WireFormat;
  build(conv: Conversation, upstreamModel: string, provider: ProviderConfig, basePath: string): UpstreamCall;
  parseReply(body: unknown): Reply;
  /** A fresh per-stream transform: one upstream event → zero or more of ours. Throws on an upstream error event. */
  streamTransform(): (ev: SseEvent) => StreamEvent[];
}

/** The upstream reported an error inside a stream that had already started. */
export class UpstreamStreamError extends Error {}
