// Conversation → vendor messages request.
import type { Obj } from '../../formats/check.js';
import { invalid, untranslatable } from '../../errors.js';
import type { Block, Conversation } from '../../types.js';
import { DEFAULT_MAX_TOKENS } from '../../output-bound.js';

function renderBlock(b: Block): Obj | null {
  switch (b.type) {
    case 'text':
      // The vendor rejects empty text blocks.
      return b.text ? { type: 'text', text: b.text } : null;
    case 'tool_use':
      return { type: 'tool_use', id: b.id, name: b.name, input: b.input ?? {} };
    case 'tool_result': {
      const out: Obj = { type: 'tool_result', tool_use_id: b.toolUseId, content: b.content };
      if (b.isError) out.is_error = true;
      return out;
    }
    case 'image':
      return { type: 'image', source: { type: 'base64', media_type: b.mediaType, data: b.data } };
    case 'document':
      // The image step turns every PDF into text and page images: none reaches a provider.
      throw new Error('a document block reached the provider');
  }
}

function renderMessages(conv: Conversation): Obj[] {
  // Consecutive turns of one role are merged (chat `tool` messages followed by a `user`
  // message become one user turn), tool results first, as the vendor requires.
  const out: { role: string; content: Obj[] }[] = [];
  for (const m of conv.messages) {
    const blocks = m.content.map(renderBlock).filter((b): b is Obj => b !== null);
    if (blocks.length === 0) continue;
    const last = out.at(-1);
    if (last && last.role === m.role) last.content.push(...blocks);
    else out.push({ role: m.role, content: blocks });
  }
  for (const m of out) {
    if (m.role === 'user') {
      m.content.sort((a, b) => Number(b.type === 'tool_result') - Number(a.type === 'tool_result'));
    }
  }
  return out;
}

export function buildMessagesRequest(conv: Conversation, upstreamModel: string): Obj {
  const body: Obj = { model: upstreamModel };
  if (conv.source === 'messages') Object.assign(body, conv.extra);
  else {
    const field = Object.keys(conv.extra)[0];
    if (field !== undefined) throw untranslatable(field, 'messages');
  }
  const system = conv.system.filter(Boolean).join('\n\n');
  if (system) body.system = system;
  body.messages = renderMessages(conv);
  body.max_tokens = conv.maxTokens ?? DEFAULT_MAX_TOKENS;
  if (conv.temperature !== undefined) {
    if (conv.temperature > 1) {
      throw invalid('temperature', 'O provedor deste modelo aceita "temperature" entre 0 e 1.');
    }
    body.temperature = conv.temperature;
  }
  if (conv.topP !== undefined) body.top_p = conv.topP;
  if (conv.stop?.length) body.stop_sequences = conv.stop;
  if (conv.user !== undefined) body.metadata = { user_id: conv.user };
  if (conv.tools?.length) {
    body.tools = conv.tools.map((t) => {
      const tool: Obj = { name: t.name, input_schema: t.parameters ?? { type: 'object', properties: {} } };
      if (t.description !== undefined) tool.description = t.description;
      return tool;
    });
  }
  if (conv.toolChoice || (conv.parallelToolCalls === false && conv.tools?.length)) {
    const c = conv.toolChoice ?? { type: 'auto' };
    const choice: Obj =
      c.type === 'tool' ? { type: 'tool', name: c.name } : { type: c.type === 'required' ? 'any' : c.type };
    if (conv.parallelToolCalls === false && c.type !== 'none') choice.disable_parallel_tool_use = true;
    body.tool_choice = choice;
  }
  if (conv.stream) body.stream = true;
  return body;
}
