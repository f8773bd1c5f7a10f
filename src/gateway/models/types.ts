// The neutral form every model request and reply passes through. The wire formats (chat
// completions, vendor messages, the Responses API) are parsed into it and rendered from
// it, so a request in one format can reach a provider of another, and the barrier and the
// restoration have one shape to walk instead of one per pair of formats.

/** The wire formats, inbound (what the caller speaks) and upstream (what a provider speaks). */
export type WireFormat = 'chat' | 'messages' | 'responses';

export type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; toolUseId: string; content: string; isError?: boolean }
  | ImageBlock
  | DocumentBlock;

/**
 * An image of a user turn, its bytes in base64. Parsed only for an organisation that
 * redacts images; the pipeline's image step (pipeline/images.ts) replaces it with its
 * redacted copy (`redacted: true`) before the barrier runs, and the barrier lets no other
 * through.
 */
export interface ImageBlock {
  type: 'image';
  /** The type of the bytes (decided by the bytes once the step has read them). */
  mediaType: string;
  data: string;
  redacted: boolean;
  /** Chat's `image_url.detail`, passed on to providers that read it. */
  detail?: string;
}

/** A PDF of a user turn (base64): the image step turns it into text and redacted page images. */
export interface DocumentBlock {
  type: 'document';
  data: string;
}

export interface Message {
  role: 'user' | 'assistant';
  content: Block[];
}

export interface Tool {
  name: string;
  description?: string;
  parameters: unknown;
  /** Strict schema adherence (chat and Responses function tools); the messages format has no such flag. */
  strict?: boolean;
}

export type ToolChoice = { type: 'auto' | 'none' | 'required' } | { type: 'tool'; name: string };

export interface Conversation {
  /** The catalogue id the caller asked for (`svc/...`). */
  model: string;
  /** The format the caller spoke; fields in `extra` pass through only to a provider of the same format. */
  source: WireFormat;
  system: string[];
  messages: Message[];
  tools?: Tool[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  maxTokens?: number;
  /** Chat callers may name it `max_completion_tokens` (newer OpenAI models require that name). */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  temperature?: number;
  topP?: number;
  stop?: string[];
  user?: string;
  stream: boolean;
  /** Chat streams: send the final usage chunk (`stream_options.include_usage: true`; off by default, as at OpenAI). */
  streamUsage: boolean;
  /** Fields the neutral form does not model, kept verbatim (after the barrier) for same-format providers. */
  extra: Record<string, unknown>;
}

export type StopReason = 'end_turn' | 'max_tokens' | 'tool_use' | 'stop_sequence' | 'refusal';

export interface Usage {
  input: number;
  output: number;
}

export type ReplyBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown };

export interface Reply {
  content: ReplyBlock[];
  stop: StopReason;
  stopSequence?: string | null;
  usage: Usage;
}

/**
 * One step of a streamed reply. Blocks are named by `key` (the provider's own block or
 * tool-call index), and the writers number them in the order they first appear.
 */
export type StreamEvent =
  | { kind: 'text'; key: string; text: string }
  | { kind: 'tool'; key: string; id: string; name: string }
  | { kind: 'args'; key: string; json: string }
  | { kind: 'stop'; reason: StopReason; stopSequence?: string | null }
  | { kind: 'usage'; input?: number; output?: number };
