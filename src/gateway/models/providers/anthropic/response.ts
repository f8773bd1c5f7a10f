// Vendor messages reply and stream events → ours.
import { isObj } from '../../formats/check.js';
import { upstreamBadReply } from '../../errors.js';
import type { Reply, ReplyBlock, StopReason, StreamEvent } from '../../types.js';
import { TextFrame } from '../text-frame.js';
import type { SseEvent } from '../sse.js';
import { type StreamTransform, UpstreamStreamError } from '../types.js';

const STOPS = new Set<StopReason>(['end_turn', 'max_tokens', 'tool_use', 'stop_sequence', 'refusal']);

// pause_turn and anything newer read as an ordinary end of turn.
const stopOf = (reason: unknown): StopReason =>
  STOPS.has(reason as StopReason) ? (reason as StopReason) : 'end_turn';

/** Cached input is still input: the chat format's prompt_tokens counts it too. */
function inputOf(u: Record<string, unknown>): number {
  return (
    (Number(u.input_tokens) || 0) +
    (Number(u.cache_creation_input_tokens) || 0) +
    (Number(u.cache_read_input_tokens) || 0)
  );
}

export function parseMessagesReply(body: unknown): Reply {
  if (!isObj(body) || !Array.isArray(body.content)) throw upstreamBadReply();
  const content: ReplyBlock[] = [];
  for (const b of body.content) {
    if (!isObj(b)) continue;
    if (b.type === 'text' && typeof b.text === 'string') content.push({ type: 'text', text: b.text });
    else if (b.type === 'tool_use') {
      content.push({
        type: 'tool_use',
        id: String(b.id ?? ''),
        name: String(b.name ?? ''),
        input: b.input ?? {},
      });
    }
    // thinking and server-tool blocks are not part of what we return
  }
  const usage = isObj(body.usage) ? body.usage : {};
  return {
    content,
    stop: stopOf(body.stop_reason),
    stopSequence: typeof body.stop_sequence === 'string' ? body.stop_sequence : null,
    usage: { input: inputOf(usage), output: Number(usage.output_tokens) || 0 },
  };
}

export function messagesStreamTransform(): StreamTransform {
  const frame = new TextFrame();
  const next = (ev: SseEvent): StreamEvent[] => {
    if (ev.event === 'ping' || !ev.data) return [];
    if (ev.event === 'error') throw new UpstreamStreamError('upstream error event');
    let data: unknown;
    try {
      data = JSON.parse(ev.data);
    } catch {
      throw new UpstreamStreamError('unreadable event');
    }
    if (!isObj(data)) return [];
    const key = `b${Number(data.index) || 0}`;
    switch (data.type) {
      case 'message_start': {
        const u = isObj(data.message) && isObj(data.message.usage) ? data.message.usage : {};
        return [{ kind: 'usage', input: inputOf(u), output: Number(u.output_tokens) || 0 }];
      }
      case 'content_block_start': {
        const b = isObj(data.content_block) ? data.content_block : {};
        if (b.type === 'text') return [{ kind: 'text', key, text: typeof b.text === 'string' ? b.text : '' }];
        if (b.type === 'tool_use')
          return [{ kind: 'tool', key, id: String(b.id ?? key), name: String(b.name ?? '') }];
        return [];
      }
      case 'content_block_delta': {
        const d = isObj(data.delta) ? data.delta : {};
        if (d.type === 'text_delta' && typeof d.text === 'string') {
          frame.learn(ev, 'text', d.text, key);
          return [{ kind: 'text', key, text: d.text }];
        }
        if (d.type === 'input_json_delta' && typeof d.partial_json === 'string') {
          return [{ kind: 'args', key, json: d.partial_json }];
        }
        return [];
      }
      case 'message_delta': {
        const out: StreamEvent[] = [];
        const d = isObj(data.delta) ? data.delta : {};
        if (typeof d.stop_reason === 'string') {
          out.push({
            kind: 'stop',
            reason: stopOf(d.stop_reason),
            stopSequence: typeof d.stop_sequence === 'string' ? d.stop_sequence : null,
          });
        }
        if (isObj(data.usage)) {
          const u = data.usage;
          out.push({
            kind: 'usage',
            output: Number(u.output_tokens) || 0,
            ...(u.input_tokens != null ? { input: inputOf(u) } : {}),
          });
        }
        return out;
      }
      case 'error':
        throw new UpstreamStreamError('upstream error event');
      default:
        return [];
    }
  };
  return { frame, next };
}
