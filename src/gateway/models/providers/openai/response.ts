// Chat-completions reply and stream chunks → ours.
import { isObj, type Obj } from '../../formats/check.js';
import { upstreamBadReply } from '../../errors.js';
import type { Reply, ReplyBlock, StopReason, StreamEvent } from '../../types.js';
import { TextFrame } from '../text-frame.js';
import type { SseEvent } from '../sse.js';
import { type StreamTransform, UpstreamStreamError } from '../types.js';

const STOP: Record<string, StopReason> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  content_filter: 'refusal',
};

const stopOf = (finish: unknown): StopReason => STOP[String(finish)] ?? 'end_turn';

/** A tool call's arguments as the model wrote them: JSON when it parses, else the text itself. */
export function parseArgs(raw: unknown): unknown {
  if (typeof raw !== 'string') return {};
  try {
    return raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    return raw; // kept as the model wrote it; the chat format passes it on as is
  }
}

function usageOf(u: unknown): { input: number; output: number } {
  if (!isObj(u)) return { input: 0, output: 0 };
  return { input: Number(u.prompt_tokens) || 0, output: Number(u.completion_tokens) || 0 };
}

export function parseChatReply(body: unknown): Reply {
  if (!isObj(body) || !Array.isArray(body.choices) || !isObj(body.choices[0])) throw upstreamBadReply();
  const choice = body.choices[0] as Obj;
  const message = isObj(choice.message) ? choice.message : {};
  const content: ReplyBlock[] = [];
  if (typeof message.content === 'string' && message.content)
    content.push({ type: 'text', text: message.content });
  else if (typeof message.refusal === 'string' && message.refusal)
    content.push({ type: 'text', text: message.refusal });
  if (Array.isArray(message.tool_calls)) {
    for (const c of message.tool_calls) {
      if (!isObj(c) || !isObj(c.function)) continue;
      content.push({
        type: 'tool_use',
        id: String(c.id ?? ''),
        name: String(c.function.name ?? ''),
        input: parseArgs(c.function.arguments),
      });
    }
  }
  return { content, stop: stopOf(choice.finish_reason), usage: usageOf(body.usage) };
}

export function chatStreamTransform(): StreamTransform {
  const started = new Set<string>(); // some servers repeat the id on every delta of a call
  const frame = new TextFrame();
  const next = (ev: SseEvent): StreamEvent[] => {
    if (ev.data === '[DONE]' || ev.data === '') return [];
    let chunk: unknown;
    try {
      chunk = JSON.parse(ev.data);
    } catch {
      throw new UpstreamStreamError('unreadable chunk');
    }
    if (!isObj(chunk)) return [];
    if (chunk.error !== undefined) throw new UpstreamStreamError('upstream error event');
    const out: StreamEvent[] = [];
    const choice = Array.isArray(chunk.choices) && isObj(chunk.choices[0]) ? chunk.choices[0] : null;
    const delta = choice && isObj(choice.delta) ? choice.delta : null;
    if (delta) {
      if (typeof delta.content === 'string' && delta.content)
        out.push({ kind: 'text', key: 't', text: delta.content });
      if (typeof delta.refusal === 'string' && delta.refusal)
        out.push({ kind: 'text', key: 't', text: delta.refusal });
      if (Array.isArray(delta.tool_calls)) {
        for (const c of delta.tool_calls) {
          if (!isObj(c)) continue;
          const key = `c${Number(c.index) || 0}`;
          const fn = isObj(c.function) ? c.function : {};
          if (!started.has(key) && (typeof c.id === 'string' || typeof fn.name === 'string')) {
            started.add(key);
            out.push({ kind: 'tool', key, id: String(c.id ?? key), name: String(fn.name ?? '') });
          }
          if (typeof fn.arguments === 'string' && fn.arguments)
            out.push({ kind: 'args', key, json: fn.arguments });
        }
      }
    }
    if (choice && typeof choice.finish_reason === 'string')
      out.push({ kind: 'stop', reason: stopOf(choice.finish_reason) });
    if (isObj(chunk.usage)) out.push({ kind: 'usage', ...usageOf(chunk.usage) });
    if (out.length === 1 && out[0]!.kind === 'text' && out[0]!.text === delta!.content)
      frame.learn(ev, 'content', out[0]!.text, 't');
    return out;
  };
  return { frame, next };
}
