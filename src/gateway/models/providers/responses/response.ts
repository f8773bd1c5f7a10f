// Responses API reply and stream events → ours. Output items other than messages and
// function calls (reasoning, the vendor's own tools) are not part of what we return.
import { isObj, type Obj } from '../../formats/check.js';
import { upstreamBadReply } from '../../errors.js';
import type { Reply, ReplyBlock, StopReason, StreamEvent, Usage } from '../../types.js';
import { parseArgs } from '../openai/response.js';
import type { SseEvent } from '../sse.js';
import { type StreamTransform, UpstreamStreamError } from '../types.js';
import { DeltaFrame } from './delta-frame.js';

function usageOf(u: unknown): Usage {
  if (!isObj(u)) return { input: 0, output: 0 };
  return { input: Number(u.input_tokens) || 0, output: Number(u.output_tokens) || 0 };
}

/** A cut answer says why; a whole one that called functions stops for them. */
function stopOf(response: Obj, calledTools: boolean): StopReason {
  const reason = isObj(response.incomplete_details) ? response.incomplete_details.reason : undefined;
  if (reason === 'max_output_tokens') return 'max_tokens';
  if (reason === 'content_filter') return 'refusal';
  return calledTools ? 'tool_use' : 'end_turn';
}

/** The text of a message item's parts (output text and refusals). */
function messageText(item: Obj): string {
  if (!Array.isArray(item.content)) return '';
  let text = '';
  for (const part of item.content) {
    if (!isObj(part)) continue;
    if (part.type === 'output_text' && typeof part.text === 'string') text += part.text;
    else if (part.type === 'refusal' && typeof part.refusal === 'string') text += part.refusal;
  }
  return text;
}

export function parseResponsesReply(body: unknown): Reply {
  if (!isObj(body) || !Array.isArray(body.output) || body.status === 'failed') throw upstreamBadReply();
  const content: ReplyBlock[] = [];
  for (const item of body.output) {
    if (!isObj(item)) continue;
    if (item.type === 'message') {
      const text = messageText(item);
      if (text) content.push({ type: 'text', text });
    } else if (item.type === 'function_call') {
      content.push({
        type: 'tool_use',
        id: String(item.call_id ?? ''),
        name: String(item.name ?? ''),
        input: parseArgs(item.arguments),
      });
    }
  }
  const calledTools = content.some((b) => b.type === 'tool_use');
  return { content, stop: stopOf(body, calledTools), usage: usageOf(body.usage) };
}

export function responsesStreamTransform(): StreamTransform {
  const frame = new DeltaFrame();
  /** Items by output index, and whether their text or arguments came in deltas. */
  const items = new Map<number, { kind: 'message' | 'function_call'; streamed: boolean }>();
  let calledTools = false;
  const next = (ev: SseEvent): StreamEvent[] => {
    if (!ev.data || ev.data === '[DONE]') return [];
    let data: unknown;
    try {
      data = JSON.parse(ev.data);
    } catch {
      throw new UpstreamStreamError('unreadable event');
    }
    if (!isObj(data)) return [];
    const index = Number(data.output_index) || 0;
    const key = `o${index}`;
    const item = isObj(data.item) ? data.item : {};
    switch (data.type) {
      case 'response.output_item.added':
        if (item.type === 'message') {
          items.set(index, { kind: 'message', streamed: false });
          return [{ kind: 'text', key, text: '' }];
        }
        if (item.type === 'function_call') {
          items.set(index, { kind: 'function_call', streamed: false });
          calledTools = true;
          return [{ kind: 'tool', key, id: String(item.call_id ?? key), name: String(item.name ?? '') }];
        }
        return [];
      case 'response.output_text.delta':
      case 'response.refusal.delta':
      case 'response.function_call_arguments.delta': {
        const open = items.get(index);
        if (!open || typeof data.delta !== 'string' || !data.delta) return [];
        open.streamed = true;
        if (open.kind === 'message') frame.learn(ev, data.delta, key);
        return [
          open.kind === 'message'
            ? { kind: 'text', key, text: data.delta }
            : { kind: 'args', key, json: data.delta },
        ];
      }
      case 'response.output_item.done': {
        // A server that sends an item whole, without deltas: its content arrives here.
        const open = items.get(index);
        if (!open || open.streamed) return [];
        if (open.kind === 'message') {
          const text = messageText(item);
          return text ? [{ kind: 'text', key, text }] : [];
        }
        return typeof item.arguments === 'string' && item.arguments
          ? [{ kind: 'args', key, json: item.arguments }]
          : [];
      }
      case 'response.completed':
      case 'response.incomplete': {
        const response = isObj(data.response) ? data.response : {};
        return [
          { kind: 'stop', reason: stopOf(response, calledTools) },
          { kind: 'usage', ...usageOf(response.usage) },
        ];
      }
      case 'response.failed':
      case 'error':
        throw new UpstreamStreamError('upstream error event');
      default:
        return [];
    }
  };
  return { frame, next };
}
