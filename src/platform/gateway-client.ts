// How the contracts and insights services call the gateway: over HTTP, as any client would,
// so that everything they send to a model crosses the privacy barrier. Plain fetch (Node's
// undici) against the chat-completions route and /v1/privacy/clean.
import { AUTO_ID } from './model-ids.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatResult {
  text: string;
  /** The catalogue model that answered (the gateway's `X-SVC-Model` header). */
  model: string;
  /** The gateway's findings summary header, e.g. `cpf=1, nome=2` (categories and counts only). */
  privacy: string;
}

export interface CleanResult {
  clean_text: string;
  findings: { category: string; count: number; action: string }[];
}

export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`gateway answered ${status} ${code}`);
  }
}

export interface GatewayClient {
  chat(
    messages: ChatMessage[],
    options?: { model?: string; maxTokens?: number; temperature?: number },
  ): Promise<ChatResult>;
  clean(text: string, policy?: 'placeholder' | 'redact' | 'block'): Promise<CleanResult>;
  /** The catalogue ids the key may use. */
  models(): Promise<string[]>;
}

export interface GatewayTarget {
  url: () => string;
  apiKey: () => Promise<string>;
  timeoutMs?: number;
}

export function createGatewayClient(target: GatewayTarget): GatewayClient {
  const timeoutMs = target.timeoutMs ?? 120_000;

  async function call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ json: unknown; headers: Headers }> {
    const response = await fetch(`${target.url()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await target.apiKey()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
    // Only the status and code travel on: a gateway message could describe the content.
    if (!response.ok) throw new GatewayError(response.status, json.error?.code ?? 'unknown');
    return { json, headers: response.headers };
  }

  return {
    async chat(messages, options = {}) {
      const { json, headers } = await call('POST', '/v1/chat/completions', {
        model: options.model ?? AUTO_ID,
        messages,
        ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
        ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      });
      const reply = json as { model?: string; choices?: { message?: { content?: string | null } }[] };
      return {
        text: reply.choices?.[0]?.message?.content ?? '',
        // The answer's `model` is the name asked for (svc/auto); the header names the one that answered.
        model: headers.get('x-svc-model') ?? reply.model ?? '',
        privacy: headers.get('x-svc-privacy') ?? '',
      };
    },
    async clean(text, policy) {
      const { json } = await call('POST', '/v1/privacy/clean', { text, ...(policy ? { policy } : {}) });
      return json as CleanResult;
    },
    async models() {
      const { json } = await call('GET', '/v1/models');
      return ((json as { data?: { id: string }[] }).data ?? []).map((m) => m.id);
    },
  };
}
