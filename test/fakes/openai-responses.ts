// A fake of OpenAI's Responses API (`POST /v1/responses`), in its real wire format: the
// response object, and when streaming the typed events with sequence numbers. Like the chat
// fake it echoes the last user text or function output ("eco: …") and calls the first tool
// when tools are offered and the last input item is the user's.
import type { Plan, Received, Wire } from './upstream.js';

function partsText(content: Wire): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((p: Wire) => p.text ?? '').join('');
}

/** The last thing the user (or a function) said: what the fake echoes. */
export function lastResponsesInput(body: Wire): string {
  if (typeof body?.input === 'string') return body.input;
  const items: Wire[] = body?.input ?? [];
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item.type === 'function_call_output') return partsText(item.output);
    if ((item.type ?? 'message') === 'message' && item.role === 'user') return partsText(item.content);
  }
  return '';
}

export function responsesEcho(req: Received): Plan {
  const body = req.body;
  const text = `eco: ${lastResponsesInput(body)}`;
  const items: Wire[] = Array.isArray(body.input) ? body.input : [];
  const lastIsUser = typeof body.input === 'string' || items.at(-1)?.role === 'user';
  const wantsTool = Array.isArray(body.tools) && body.tools.length > 0 && lastIsUser;
  const args = JSON.stringify({ consulta: lastResponsesInput(body) });
  const usage = {
    input_tokens: 13,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 9,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 22,
  };
  const item = wantsTool
    ? {
        id: 'fc_up1',
        type: 'function_call',
        status: 'completed',
        call_id: 'call_up1',
        name: body.tools[0].name,
        arguments: args,
      }
    : {
        id: 'msg_up1',
        type: 'message',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text, annotations: [] }],
      };
  const response = (status: string, output: Wire[], u: Wire) => ({
    id: 'resp_up1',
    object: 'response',
    created_at: 1,
    status,
    error: null,
    incomplete_details: null,
    model: body.model,
    output,
    usage: u,
  });
  if (!body.stream) return { status: 200, json: response('completed', [item], usage) };

  let seq = 0;
  const ev = (type: string, fields: Wire) => ({
    event: type,
    data: { type, sequence_number: seq++, ...fields },
  });
  const events = [
    ev('response.created', { response: response('in_progress', [], null) }),
    ev('response.in_progress', { response: response('in_progress', [], null) }),
  ];
  const at = { item_id: item.id, output_index: 0 };
  if (wantsTool) {
    events.push(
      ev('response.output_item.added', {
        output_index: 0,
        item: { ...item, arguments: '', status: 'in_progress' },
      }),
    );
    for (let i = 0; i < args.length; i += 5)
      events.push(ev('response.function_call_arguments.delta', { ...at, delta: args.slice(i, i + 5) }));
    events.push(ev('response.function_call_arguments.done', { ...at, name: item.name, arguments: args }));
  } else {
    events.push(
      ev('response.output_item.added', {
        output_index: 0,
        item: { ...item, content: [], status: 'in_progress' },
      }),
      ev('response.content_part.added', {
        ...at,
        content_index: 0,
        part: { type: 'output_text', text: '', annotations: [] },
      }),
    );
    for (let i = 0; i < text.length; i += 4) {
      events.push(
        ev('response.output_text.delta', {
          ...at,
          content_index: 0,
          delta: text.slice(i, i + 4),
          logprobs: [],
          obfuscation: 'x'.repeat(i % 7),
        }),
      );
    }
    events.push(
      ev('response.output_text.done', { ...at, content_index: 0, text, logprobs: [] }),
      ev('response.content_part.done', {
        ...at,
        content_index: 0,
        part: { type: 'output_text', text, annotations: [] },
      }),
    );
  }
  events.push(ev('response.output_item.done', { output_index: 0, item }));
  events.push(ev('response.completed', { response: response('completed', [item], usage) }));
  return { events, split: 7 };
}
