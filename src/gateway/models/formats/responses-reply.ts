// The Responses API's response object and its output items, shared by the JSON reply and
// the stream writer (responses-stream.ts), which sends the same object as it grows.
import type { Conversation, Reply, StopReason, Usage } from '../types.js';
import { type Obj, replyId } from './check.js';
import { toolArguments } from './chat.js';

export function responsesUsage(u: Usage) {
  return {
    input_tokens: u.input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: u.output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: u.input + u.output,
  };
}

export function outputText(text: string): Obj {
  return { type: 'output_text', text, annotations: [], logprobs: [] };
}

export type ItemStatus = 'in_progress' | 'completed';

export function messageItem(id: string, text: string | null, status: ItemStatus): Obj {
  return {
    id,
    type: 'message',
    status,
    role: 'assistant',
    content: text === null ? [] : [outputText(text)],
  };
}

export function functionCallItem(
  id: string,
  callId: string,
  name: string,
  args: string,
  status: ItemStatus,
): Obj {
  return { id, type: 'function_call', status, call_id: callId, name, arguments: args };
}

/** How a reply ended, as the response's status: a cut answer is `incomplete`, with the reason. */
export function endOf(stop: StopReason): {
  status: 'completed' | 'incomplete';
  incomplete_details: Obj | null;
} {
  if (stop === 'max_tokens')
    return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (stop === 'refusal') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

/**
 * The response object around its output: the request's settings are echoed as the caller
 * sent them (before the barrier: they go back to the caller who wrote them), except
 * `instructions`, which are not repeated. Nothing is stored, so `store` is false.
 */
export class ResponseObject {
  readonly createdAt = Math.floor(Date.now() / 1000);

  constructor(
    readonly id: string,
    readonly model: string,
    readonly conv: Conversation,
  ) {}

  render(fields: {
    status: 'in_progress' | 'completed' | 'incomplete' | 'failed';
    output: Obj[];
    usage: Usage | null;
    incomplete_details?: Obj | null;
    error?: Obj | null;
  }): Obj {
    const c = this.conv;
    return {
      id: this.id,
      object: 'response',
      created_at: this.createdAt,
      status: fields.status,
      error: fields.error ?? null,
      incomplete_details: fields.incomplete_details ?? null,
      instructions: null,
      max_output_tokens: c.maxTokens ?? null,
      model: this.model,
      output: fields.output,
      parallel_tool_calls: c.parallelToolCalls ?? true,
      previous_response_id: null,
      reasoning: null,
      store: false,
      temperature: c.temperature ?? null,
      text: { format: { type: 'text' } },
      tool_choice: toolChoiceOf(c),
      tools: (c.tools ?? []).map((t) => ({
        type: 'function',
        name: t.name,
        description: t.description ?? null,
        parameters: t.parameters,
        strict: t.strict ?? null,
      })),
      top_p: c.topP ?? null,
      truncation: 'disabled',
      usage: fields.usage ? responsesUsage(fields.usage) : null,
      user: c.user ?? null,
      metadata: {},
    };
  }
}

function toolChoiceOf(c: Conversation): unknown {
  if (!c.toolChoice) return 'auto';
  return c.toolChoice.type === 'tool' ? { type: 'function', name: c.toolChoice.name } : c.toolChoice.type;
}

/** A whole reply: one output item per block, in order (text → message, tool call → function_call). */
export function renderResponsesReply(reply: Reply, shape: ResponseObject): Obj {
  const output = reply.content.map((b) =>
    b.type === 'text'
      ? messageItem(replyId('msg_'), b.text, 'completed')
      : functionCallItem(replyId('fc_'), b.id, b.name, toolArguments(b.input), 'completed'),
  );
  return shape.render({ ...endOf(reply.stop), output, usage: reply.usage });
}
