// A fake OpenAI-compatible chat-completions server. By default it echoes the last user
// text ("eco: …"), calls the first tool when tools are offered and the last turn is the
// user's, and streams when asked, with a usage chunk when stream_options asks for one.
// `POST …/responses` speaks the Responses API the same way (openai-responses.ts).
import { responsesEcho } from './openai-responses.js';
import { FakeUpstream, type Plan, type Received, type Wire } from './upstream.js';

export function lastUserText(body: Wire): string {
  const users = (body?.messages ?? []).filter((m: Wire) => m.role === 'user' || m.role === 'tool');
  const last = users.at(-1);
  if (!last) return '';
  return typeof last.content === 'string'
    ? last.content
    : (last.content ?? []).map((p: Wire) => p.text ?? '').join('');
}

export function openaiEcho(req: Received): Plan {
  const body = req.body;
  const text = `eco: ${lastUserText(body)}`;
  const wantsTool =
    Array.isArray(body.tools) && body.tools.length > 0 && body.messages.at(-1)?.role === 'user';
  const toolName = wantsTool ? body.tools[0].function.name : '';
  const args = JSON.stringify({ consulta: lastUserText(body) });
  const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
  if (!body.stream) {
    const message: Wire = { role: 'assistant', content: wantsTool ? null : text };
    if (wantsTool)
      message.tool_calls = [
        { id: 'call_1', type: 'function', function: { name: toolName, arguments: args } },
      ];
    return {
      status: 200,
      json: {
        id: 'chatcmpl-up',
        object: 'chat.completion',
        created: 1,
        model: body.model,
        choices: [{ index: 0, message, finish_reason: wantsTool ? 'tool_calls' : 'stop' }],
        usage,
      },
    };
  }
  const base = { id: 'chatcmpl-up', object: 'chat.completion.chunk', created: 1, model: body.model };
  const chunk = (delta: unknown, finish: string | null = null) => ({
    data: { ...base, choices: [{ index: 0, delta, finish_reason: finish }] },
  });
  const events: { data: unknown }[] = [chunk({ role: 'assistant', content: '' })];
  if (wantsTool) {
    events.push(
      chunk({
        tool_calls: [
          { index: 0, id: 'call_1', type: 'function', function: { name: toolName, arguments: '' } },
        ],
      }),
    );
    for (let i = 0; i < args.length; i += 5) {
      events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(i, i + 5) } }] }));
    }
    events.push(chunk({}, 'tool_calls'));
  } else {
    for (let i = 0; i < text.length; i += 4) events.push(chunk({ content: text.slice(i, i + 4) }));
    events.push(chunk({}, 'stop'));
  }
  if (body.stream_options?.include_usage) events.push({ data: { ...base, choices: [], usage } });
  events.push({ data: '[DONE]' });
  return { events, split: 7 };
}

/** Chat completions, or the Responses API on `…/responses`. */
export function openaiOrResponsesEcho(req: Received): Plan {
  return req.path.endsWith('/responses') ? responsesEcho(req) : openaiEcho(req);
}

export const fakeOpenAI = () => new FakeUpstream(openaiOrResponsesEcho).start();
