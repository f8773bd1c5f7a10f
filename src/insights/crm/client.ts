// The conversation platform's API, as this service uses it (the interface does not fix it; the
// paths below are our adapter's contract, docs/insights.md):
//   GET    {base}/sessions/{id}/messages[?cursor=…]   → the transcript, page by page
//   DELETE {base}/contacts/{contactId}/tags/{tag}      → removes one tag (404 = already gone)
// Both with `Authorization: Bearer <tenant's platform token>`.
import { isIP } from 'node:net';
import { fetch } from 'undici';
import { PermanentJobError } from '../../platform/jobs/index.js';
import { isPublicAddress, PrivateTargetError, publicOnlyAgent } from './address-guard.js';

export interface TranscriptMessage {
  /** cliente | atendente | bot | sistema */
  author: string;
  text: string;
}

export class PlatformError extends Error {
  constructor(
    /** A code for logs and job rows: `platform_<status>`, `platform_unreachable`, `platform_timeout`, `platform_bad_response`. */
    readonly code: string,
  ) {
    super(code);
  }
}

export interface PlatformClient {
  transcript(sessionId: string, signal?: AbortSignal): Promise<TranscriptMessage[]>;
  removeTag(contactId: string, tag: string, signal?: AbortSignal): Promise<'removed' | 'absent'>;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

function authorOf(m: Loose): string {
  const raw = [
    m.role,
    m.from,
    m.sender,
    m.direction,
    m.author,
    m.type,
    isObject(m.author) ? m.author.type : undefined,
  ]
    .find((v) => typeof v === 'string')
    ?.toString()
    .toLowerCase();
  if (!raw) return 'desconhecido';
  if (/(user|customer|client|contact|inbound|incoming|^in$|cliente|contato)/.test(raw)) return 'cliente';
  if (/(bot|assistant|automat)/.test(raw)) return 'bot';
  if (/(system|sistema|note)/.test(raw)) return 'sistema';
  return 'atendente';
}

function textOf(m: Loose): string {
  for (const v of [m.text, m.body, m.content, m.message]) {
    if (typeof v === 'string') return v;
    if (isObject(v) && typeof v.text === 'string') return v.text;
  }
  return '';
}

/** Reads the common shapes: `{messages: […]}`, `{data: […]}`, `{items: […]}` or a bare array. */
export function parseTranscriptPage(json: unknown): { messages: TranscriptMessage[]; next?: string } {
  const list = Array.isArray(json)
    ? json
    : isObject(json)
      ? [
          json.messages,
          json.data,
          json.items,
          isObject(json.session) ? json.session.messages : undefined,
        ].find(Array.isArray)
      : undefined;
  if (!list) throw new PlatformError('platform_bad_response');
  const messages = list
    .filter(isObject)
    .map((m) => ({ author: authorOf(m), text: textOf(m) }))
    .filter((m) => m.text.trim() !== '');
  const next = isObject(json)
    ? [json.nextCursor, json.next_cursor, json.cursor].find((v) => typeof v === 'string' && v !== '')
    : undefined;
  return { messages, next: next as string | undefined };
}

const MAX_PAGES = 50;

/**
 * One path segment. encodeURIComponent leaves dots alone, and URL parsing resolves a `.`
 * or `..` segment (even as `%2e%2e`) — an id of `..` would change which resource the
 * tenant's token is sent to — so those are refused outright.
 */
export function pathSegment(value: string): string {
  if (/^\.{1,2}$/.test(value) || value === '') throw new PermanentJobError('invalid_path_segment');
  return encodeURIComponent(value);
}

export function createPlatformClient(options: {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** Loopback, private and link-local targets allowed (the operator's explicit choice per tenant). */
  allowPrivate?: boolean;
}): PlatformClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const host = new URL(base).hostname.replace(/^\[|\]$/g, '');
  // An address literal never goes through the lookup the guarded pool checks names with.
  const literalRefused = !options.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host);

  async function call(method: string, path: string, signal?: AbortSignal) {
    if (literalRefused) throw new PrivateTargetError('platform address not public');
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      return await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${options.token}`, accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        dispatcher: options.allowPrivate ? undefined : publicOnlyAgent,
      });
    } catch (err) {
      if (hasCause(err, PrivateTargetError)) throw new PrivateTargetError('platform address not public');
      throw new PlatformError(
        timeout.aborted ? 'platform_timeout' : signal?.aborted ? 'aborted' : 'platform_unreachable',
      );
    }
  }

  return {
    async transcript(sessionId, signal) {
      const all: TranscriptMessage[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
        const res = await call('GET', `/sessions/${pathSegment(sessionId)}/messages${query}`, signal);
        if (!res.ok) {
          await res.body?.cancel();
          throw new PlatformError(`platform_${res.status}`);
        }
        const json = await res.json().catch(() => {
          throw new PlatformError('platform_bad_response');
        });
        const { messages, next } = parseTranscriptPage(json);
        all.push(...messages);
        if (!next) return all;
        cursor = next;
      }
      return all;
    },
    async removeTag(contactId, tag, signal) {
      const res = await call(
        'DELETE',
        `/contacts/${pathSegment(contactId)}/tags/${pathSegment(tag)}`,
        signal,
      );
      await res.body?.cancel();
      if (res.status === 404) return 'absent';
      if (!res.ok) throw new PlatformError(`platform_${res.status}`);
      return 'removed';
    },
  };
}

function hasCause(err: unknown, type: new (...args: never[]) => Error): boolean {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) if (e instanceof type) return true;
  return false;
}
