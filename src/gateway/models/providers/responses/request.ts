// Conversation → Responses API request (`POST {base_url}/responses`), for an openai provider
// with `responses_api: true` and a caller that spoke the Responses API.
import type { Obj } from '../../formats/check.js';
import { toolArguments } from '../../formats/chat.js';
import { untranslatable } from '../../errors.js';
import type { Conversation, Message } from '../../types.js';

/** A turn as input items: runs of text and images become one message, calls and results items of their own. */
function renderMessage(m: Message): Obj[] {
  const out: Obj[] = [];
  let texts: Obj[] = [];
  const flush = () => {
    if (texts.length) out.push({ type: 'message', role: m.role, content: texts });
    texts = [];
  };
  for (const b of m.content) {
    if (b.type === 'text') {
      if (b.text) texts.push({ type: m.role === 'assistant' ? 'output_text' : 'input_text', text: b.text });
      continue;
    }
    if (b.type === 'image') {
      texts.push({
        type: 'input_image',
        image_url: `data:${b.mediaType};base64,${b.data}`,
        detail: b.detail ?? 'auto',
      });
      continue;
    }
    // The image step turns every PDF into text and page images: none reaches a provider.
    if (b.type === 'document') throw new Error('a document block reached the provider');
    flush();
    if (b.type === 'tool_use') {
      out.push({ type: 'function_call', call_id: b.id, name: b.name, arguments: toolArguments(b.input) });
    } else {
      out.push({
        type: 'function_call_output',
        call_id: b.toolUseId,
        output: b.isError ? `[erro] ${b.content}` : b.content,
      });
    }
  }
  flush();
  return out;
}

export function buildResponsesRequest(conv: Conversation, upstreamModel: string): Obj {
  const body: Obj = { model: upstreamModel };
  if (conv.source === 'responses') Object.assign(body, conv.extra);
  else {
    const field = Object.keys(conv.extra)[0];
    if (field !== undefined) throw untranslatable(field, 'Responses API');
  }
  if (conv.stop?.length) throw untranslatable('stop', 'Responses API');
  const instructions = conv.system.filter(Boolean).join('\n\n');
  if (instructions) body.instructions = instructions;
  body.input = conv.messages.flatMap(renderMessage);
  // The vendor stores responses unless told otherwise: nothing of ours is kept there either.
  body.store = false;
  if (conv.maxTokens !== undefined) body.max_output_tokens = conv.maxTokens;
  if (conv.temperature !== undefined) body.temperature = conv.temperature;
  if (conv.topP !== undefined) body.top_p = conv.topP;
  if (conv.user !== undefined) body.user = conv.user;
  if (conv.tools?.length) {
    body.tools = conv.tools.map((t) => {
      const tool: Obj = { type: 'function', name: t.name, parameters: t.parameters };
      if (t.description !== undefined) tool.description = t.description;
      if (t.strict !== undefined) tool.strict = t.strict;
      return tool;
    });
  }
  if (conv.toolChoice) {
    body.tool_choice =
      conv.toolChoice.type === 'tool'
        ? { type: 'function', name: conv.toolChoice.name }
        : conv.toolChoice.type;
  }
  if (conv.parallelToolCalls !== undefined && conv.tools?.length)
    body.parallel_tool_calls = conv.parallelToolCalls;
  if (conv.stream) body.stream = true;
  return body;
}
