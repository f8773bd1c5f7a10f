// A fake vendor messages server: same behaviour as the OpenAI fake, in the messages
// wire format (event names, content blocks, input_json_delta, message_delta usage), and
// the token count route (countTokensOf says what it answers).
import { FakeUpstream, type Plan, type Received, type Wire } from './upstream.js';

export function lastUserText(body: Wire): string {
  const last = (body?.messages ?? []).filter((m: Wire) => m.role === 'user').at(-1);
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return last.content
    .map((b: Wire) =>
      b.type === 'text'
        ? b.text
        : b.type === 'tool_result'
          ? typeof b.content === 'string'
            ? b.content
            : ''
          : '',
    )
    .join('');
}

/** The fields the vendor's count_tokens accepts; any other is a 400, as there. */
const COUNTED = new Set(['model', 'messages', 'system', 'tools', 'tool_choice', 'thinking', 'mcp_servers']);

/** What the fake's count_tokens answers for a body it received: a figure a local count would not give. */
export const countTokensOf = (raw: string) => 1000 + raw.length;

const invalidRequest = (message: string): Plan => ({
  status: 400,
  json: { type: 'error', error: { type: 'invalid_request_error', message } },
});

export function anthropicEcho(req: Received): Plan {
  const body = req.body;
  if (req.headers['anthropic-version'] === undefined) return invalidRequest('anthropic-version');
  if (req.path.endsWith('/v1/messages/count_tokens')) {
    const extra = Object.keys(body ?? {}).find((k) => !COUNTED.has(k));
    if (extra) return invalidRequest(`${extra}: Extra inputs are not permitted`);
    return { status: 200, json: { input_tokens: countTokensOf(req.raw) } };
  }
  const text = `eco: ${lastUserText(body)}`;
  const last = body.messages.at(-1);
  const lastIsText =
    typeof last?.content === 'string' || last?.content?.every((b: Wire) => b.type === 'text');
  const wantsTool = Array.isArray(body.tools) && body.tools.length > 0 && last?.role === 'user' && lastIsText;
  const input = { consulta: lastUserText(body) };
  const usage = { input_tokens: 13, output_tokens: 5 };
  const stop = wantsTool ? 'tool_use' : 'end_turn';
  if (!body.stream) {
    return {
      status: 200,
      json: {
        id: 'msg_up',
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: wantsTool
          ? [
              { type: 'text', text: 'Vou consultar.' },
              { type: 'tool_use', id: 'toolu_1', name: body.tools[0].name, input },
            ]
          : [{ type: 'text', text }],
        stop_reason: stop,
        stop_sequence: null,
        usage,
      },
    };
  }
  const ev = (type: string, data: object) => ({ event: type, data: { type, ...data } });
  const events = [
    ev('message_start', {
      message: {
        id: 'msg_up',
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 13, output_tokens: 1 },
      },
    }),
    ev('ping', {}),
  ];
  const textBlock = (index: number, t: string) => {
    events.push(ev('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (let i = 0; i < t.length; i += 4) {
      events.push(
        ev('content_block_delta', { index, delta: { type: 'text_delta', text: t.slice(i, i + 4) } }),
      );
    }
    events.push(ev('content_block_stop', { index }));
  };
  if (wantsTool) {
    textBlock(0, 'Vou consultar.');
    events.push(
      ev('content_block_start', {
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_1', name: body.tools[0].name, input: {} },
      }),
    );
    const json = JSON.stringify(input);
    for (let i = 0; i < json.length; i += 5) {
      events.push(
        ev('content_block_delta', {
          index: 1,
          delta: { type: 'input_json_delta', partial_json: json.slice(i, i + 5) },
        }),
      );
    }
    events.push(ev('content_block_stop', { index: 1 }));
  } else textBlock(0, text);
  events.push(
    ev('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }),
  );
  events.push(ev('message_stop', {}));
  return { events, split: 7 };
}

export const fakeAnthropic = () => new FakeUpstream(anthropicEcho).start();
