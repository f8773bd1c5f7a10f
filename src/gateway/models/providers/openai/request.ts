// Conversation → chat-completions request. Any OpenAI-compatible server (OpenAI,
// OpenRouter, Groq, vLLM, Ollama, llama.cpp) reads this subset.
import type { Obj } from '../../formats/check.js';
import { toolArguments } from '../../formats/chat.js';
import { untranslatable } from '../../errors.js';
import type { Conversation, Message } from '../../types.js';

function renderMessages(conv: Conversation): Obj[] {
  const out: Obj[] = conv.system.map((text) => ({ role: 'system', content: text }));
  for (const m of conv.messages) out.push(...renderMessage(m));
  return out;
}

function renderMessage(m: Message): Obj[] {
  if (m.role === 'assistant') {
    const text = m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
    const calls = m.content.flatMap((b) =>
      b.type === 'tool_use'
        ? [{ id: b.id, type: 'function', function: { name: b.name, arguments: toolArguments(b.input) } }]
        : [],
    );
    const msg: Obj = { role: 'assistant', content: text || (calls.length ? null : '') };
    if (calls.length) msg.tool_calls = calls;
    return [msg];
  }
  // A user turn of the messages format may hold tool results and text: the results become
  // `tool` messages (which must follow the assistant's calls at once), then the text.
  const out: Obj[] = [];
  const texts: string[] = [];
  const parts: Obj[] = [];
  for (const b of m.content) {
    if (b.type === 'tool_result') {
      out.push({
        role: 'tool',
        tool_call_id: b.toolUseId,
        content: b.isError ? `[erro] ${b.content}` : b.content,
      });
    } else if (b.type === 'text') {
      texts.push(b.text);
      parts.push({ type: 'text', text: b.text });
    } else if (b.type === 'image') {
      const image: Obj = { url: `data:${b.mediaType};base64,${b.data}` };
      if (b.detail) image.detail = b.detail;
      parts.push({ type: 'image_url', image_url: image });
    } else if (b.type === 'document') throw new Error('a document block reached the provider');
  }
  // With images the turn is a list of parts in order; text alone stays one string, as before.
  if (parts.length > texts.length) out.push({ role: 'user', content: parts });
  else if (texts.length) out.push({ role: 'user', content: texts.join('\n') });
  return out;
}

export function buildChatRequest(conv: Conversation, upstreamModel: string): Obj {
  const body: Obj = { model: upstreamModel, messages: renderMessages(conv) };
  if (conv.source === 'chat') Object.assign(body, conv.extra);
  else {
    const field = Object.keys(conv.extra)[0];
    if (field !== undefined) throw untranslatable(field, 'chat completions');
  }
  if (conv.maxTokens !== undefined) body[conv.maxTokensField ?? 'max_tokens'] = conv.maxTokens;
  if (conv.temperature !== undefined) body.temperature = conv.temperature;
  if (conv.topP !== undefined) body.top_p = conv.topP;
  if (conv.stop?.length) body.stop = conv.stop;
  if (conv.user !== undefined) body.user = conv.user;
  if (conv.tools?.length) {
    body.tools = conv.tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.parameters, strict: t.strict },
    }));
  }
  if (conv.toolChoice) {
    body.tool_choice =
      conv.toolChoice.type === 'tool'
        ? { type: 'function', function: { name: conv.toolChoice.name } }
        : conv.toolChoice.type;
  }
  if (conv.parallelToolCalls !== undefined && conv.tools?.length)
    body.parallel_tool_calls = conv.parallelToolCalls;
  if (conv.stream) {
    body.stream = true;
    // Usage in streams comes only when asked for; quotas and the caller's usage chunk need it.
    body.stream_options = { include_usage: true };
  }
  return body;
}
