// svc/eco: the built-in stand-in model. It answers with what a model would have received
// after the barrier, so anyone can see the barrier at work without a provider. It is not
// a language model and says so in the catalogue.
import type { Conversation, Reply, StreamEvent } from '../models/types.js';

/** The cleaned conversation as a transcript, one `[role] text` paragraph per part. */
export function ecoText(conv: Conversation): string {
  const parts: string[] = conv.system.map((s) => `[system] ${s}`);
  for (const m of conv.messages) {
    for (const b of m.content) {
      if (b.type === 'text') parts.push(`[${m.role}] ${b.text}`);
      else if (b.type === 'tool_use') parts.push(`[${m.role}:tool_use ${b.name}] ${JSON.stringify(b.input)}`);
      else if (b.type === 'tool_result') parts.push(`[tool_result ${b.toolUseId}] ${b.content}`);
      // The image itself cannot be shown in text: its type and size say one was sent (redacted).
      else if (b.type === 'image')
        parts.push(`[${m.role}:image] ${b.mediaType}, ${Math.ceil((b.data.length * 3) / 4 / 1024)} KB`);
    }
  }
  return parts.join('\n\n');
}

/** A rough count (4 characters a token): eco has no tokenizer. */
const tokens = (text: string) => Math.ceil(text.length / 4);

export function ecoReply(conv: Conversation): Reply {
  const text = ecoText(conv);
  const limited = conv.maxTokens !== undefined && tokens(text) > conv.maxTokens;
  const out = limited ? text.slice(0, conv.maxTokens! * 4) : text;
  return {
    content: [{ type: 'text', text: out }],
    stop: limited ? 'max_tokens' : 'end_turn',
    usage: { input: tokens(text), output: tokens(out) },
  };
}

/**
 * The same answer as a stream, in word-sized pieces as a model would send them, each its
 * own batch as if it had its own network read (batched pieces would leave as one delta:
 * coalesce.ts).
 */
export async function* ecoStream(conv: Conversation): AsyncGenerator<StreamEvent[]> {
  const reply = ecoReply(conv);
  const text = reply.content[0]?.type === 'text' ? reply.content[0].text : '';
  yield [
    { kind: 'usage', input: reply.usage.input, output: 0 },
    { kind: 'text', key: 't', text: '' },
  ];
  const pieces = (text.match(/\S*\s*/g) ?? []).filter(Boolean);
  for (const piece of pieces) yield [{ kind: 'text', key: 't', text: piece }];
  yield [
    { kind: 'stop', reason: reply.stop },
    { kind: 'usage', input: reply.usage.input, output: reply.usage.output },
  ];
}
