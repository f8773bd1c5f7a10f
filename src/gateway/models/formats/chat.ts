// The chat-completions format as the caller speaks it: request → Conversation,
// Reply → `chat.completion`, stream events → `chat.completion.chunk` SSE lines.
import { invalid, unsupportedContent } from '../errors.js';
import type {
  Block,
  Conversation,
  Message,
  Reply,
  StopReason,
  StreamEvent,
  Tool,
  ToolChoice,
  Usage,
} from '../types.js';
import { arr, isObj, type Obj, obj, optBool, optInt, optNum, optStr, rest, stopList, str } from './check.js';
import { chatFile, chatImage } from './files.js';

const KNOWN = new Set([
  'model',
  'messages',
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
  'stop',
  'stream',
  'stream_options',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'user',
  'n',
]);

/** Content types that carry files: the barrier reads text only, so they go through /v1/privacy/extract first. */
const FILE_PARTS = new Set(['image_url', 'input_audio', 'file', 'image', 'input_image', 'input_file']);

/** Text of a `content` that is a string or a list of text parts. */
export function chatText(content: unknown, param: string): string {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  return arr(content, param)
    .map((part, i) => partText(obj(part, `${param}.${i}`), `${param}.${i}`))
    .join('');
}

function partText(p: Obj, param: string): string {
  if (typeof p.type === 'string' && FILE_PARTS.has(p.type)) throw unsupportedContent(param, p.type);
  if (p.type !== 'text' && p.type !== 'refusal') {
    throw invalid(`${param}.type`, `Tipo de conteúdo desconhecido em "${param}".`);
  }
  return str(p.type === 'text' ? p.text : p.refusal, `${param}.${p.type}`);
}

/**
 * A user turn's content where images and PDFs are taken (the organisation redacts them):
 * text parts between two files joined as chatText joins them, each image and PDF a block.
 */
function userBlocks(content: unknown, param: string): Block[] {
  if (typeof content === 'string' || content === null || content === undefined)
    return [{ type: 'text', text: chatText(content, param) }];
  const blocks: Block[] = [];
  let text: string | null = null;
  arr(content, param).forEach((part, i) => {
    const p = obj(part, `${param}.${i}`);
    const file =
      p.type === 'image_url'
        ? chatImage(p, `${param}.${i}`)
        : p.type === 'file'
          ? chatFile(p, `${param}.${i}`)
          : null;
    if (file === null) text = (text ?? '') + partText(p, `${param}.${i}`);
    else {
      if (text !== null) blocks.push({ type: 'text', text });
      text = null;
      blocks.push(file);
    }
  });
  if (text !== null || blocks.length === 0) blocks.push({ type: 'text', text: text ?? '' });
  return blocks;
}

function toolUse(call: unknown, param: string): Block {
  const c = obj(call, param);
  if (c.type !== undefined && c.type !== 'function') {
    throw invalid(`${param}.type`, `Só chamadas de ferramenta do tipo "function" são aceitas.`);
  }
  const fn = obj(c.function, `${param}.function`);
  const args = str(fn.arguments ?? '{}', `${param}.function.arguments`);
  let input: unknown;
  try {
    input = args.trim() === '' ? {} : JSON.parse(args);
  } catch {
    throw invalid(`${param}.function.arguments`, `"${param}.function.arguments" não é JSON válido.`);
  }
  return {
    type: 'tool_use',
    id: str(c.id, `${param}.id`),
    name: str(fn.name, `${param}.function.name`),
    input,
  };
}

function parseMessages(raw: unknown, files: boolean): { system: string[]; messages: Message[] } {
  const list = arr(raw, 'messages');
  if (list.length === 0) throw invalid('messages', 'O campo "messages" não pode ser vazio.');
  const system: string[] = [];
  const messages: Message[] = [];
  list.forEach((item, i) => {
    const param = `messages.${i}`;
    const m = obj(item, param);
    switch (m.role) {
      case 'system':
      case 'developer':
        system.push(chatText(m.content, `${param}.content`));
        return;
      case 'user':
        messages.push({
          role: 'user',
          content: files
            ? userBlocks(m.content, `${param}.content`)
            : [{ type: 'text', text: chatText(m.content, `${param}.content`) }],
        });
        return;
      case 'assistant': {
        if (m.function_call !== undefined && m.function_call !== null) {
          throw invalid(
            `${param}.function_call`,
            'Use "tool_calls": "function_call" é obsoleto e não é aceito.',
          );
        }
        const content: Block[] = [];
        const text = chatText(m.content, `${param}.content`);
        if (text) content.push({ type: 'text', text });
        if (m.tool_calls !== undefined && m.tool_calls !== null) {
          for (const [j, c] of arr(m.tool_calls, `${param}.tool_calls`).entries()) {
            content.push(toolUse(c, `${param}.tool_calls.${j}`));
          }
        }
        messages.push({ role: 'assistant', content });
        return;
      }
      case 'tool': {
        const block: Block = {
          type: 'tool_result',
          toolUseId: str(m.tool_call_id, `${param}.tool_call_id`),
          content: chatText(m.content, `${param}.content`),
        };
        // Consecutive tool messages answer one assistant turn: keep them in one user turn.
        const last = messages.at(-1);
        if (last?.role === 'user' && last.content.every((b) => b.type === 'tool_result'))
          last.content.push(block);
        else messages.push({ role: 'user', content: [block] });
        return;
      }
      default:
        throw invalid(
          `${param}.role`,
          `"${param}.role" deve ser system, developer, user, assistant ou tool.`,
        );
    }
  });
  return { system, messages };
}

function parseTools(raw: unknown): Tool[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  return arr(raw, 'tools').map((t, i) => {
    const tool = obj(t, `tools.${i}`);
    if (tool.type !== 'function')
      throw invalid(`tools.${i}.type`, 'Só ferramentas do tipo "function" são aceitas.');
    const fn = obj(tool.function, `tools.${i}.function`);
    return {
      name: str(fn.name, `tools.${i}.function.name`),
      description: optStr(fn.description, `tools.${i}.function.description`),
      parameters: fn.parameters ?? { type: 'object', properties: {} },
      strict: optBool(fn.strict, `tools.${i}.function.strict`),
    };
  });
}

function parseToolChoice(raw: unknown): ToolChoice | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (raw === 'auto' || raw === 'none' || raw === 'required') return { type: raw };
  if (isObj(raw) && raw.type === 'function' && isObj(raw.function)) {
    return { type: 'tool', name: str(raw.function.name, 'tool_choice.function.name') };
  }
  throw invalid(
    'tool_choice',
    '"tool_choice" deve ser auto, none, required ou {type: "function", function: {name}}.',
  );
}

/** `files`: take images and PDFs in user turns (the organisation redacts them); otherwise 400 unsupported_content. */
export function parseChatRequest(body: Obj, options: { files?: boolean } = {}): Conversation {
  const { system, messages } = parseMessages(body.messages, options.files === true);
  if (body.n !== undefined && body.n !== null && body.n !== 1) {
    throw invalid('n', 'Só uma resposta por requisição: "n" deve ser 1.');
  }
  const maxCompletion = optInt(body.max_completion_tokens, 'max_completion_tokens', 1);
  const streamOptions =
    body.stream_options === undefined || body.stream_options === null
      ? {}
      : obj(body.stream_options, 'stream_options');
  return {
    model: str(body.model, 'model'),
    source: 'chat',
    system,
    messages,
    tools: parseTools(body.tools),
    toolChoice: parseToolChoice(body.tool_choice),
    parallelToolCalls: optBool(body.parallel_tool_calls, 'parallel_tool_calls'),
    maxTokens: maxCompletion ?? optInt(body.max_tokens, 'max_tokens', 1),
    maxTokensField: maxCompletion !== undefined ? 'max_completion_tokens' : 'max_tokens',
    temperature: optNum(body.temperature, 'temperature', 0, 2),
    topP: optNum(body.top_p, 'top_p', 0, 1),
    stop: stopList(body.stop, 'stop'),
    user: optStr(body.user, 'user'),
    stream: optBool(body.stream, 'stream') ?? false,
    streamUsage: optBool(streamOptions.include_usage, 'stream_options.include_usage') ?? false,
    extra: rest(body, KNOWN),
  };
}

export const FINISH_REASON: Record<StopReason, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

export function chatUsage(u: Usage) {
  return { prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output };
}

export function toolArguments(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input ?? {});
}

export function renderChatReply(reply: Reply, model: string, id: string): unknown {
  let text = '';
  const calls: unknown[] = [];
  for (const b of reply.content) {
    if (b.type === 'text') text += b.text;
    else
      calls.push({
        id: b.id,
        type: 'function',
        function: { name: b.name, arguments: toolArguments(b.input) },
      });
  }
  const message: Obj = { role: 'assistant', content: text || (calls.length ? null : ''), refusal: null };
  if (calls.length) message.tool_calls = calls;
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: FINISH_REASON[reply.stop] }],
    usage: chatUsage(reply.usage),
  };
}

/**
 * Turns stream events into `data: {chunk}` lines and `data: [DONE]`. With `includeUsage`
 * (OpenAI's `stream_options.include_usage`) every chunk carries `"usage":null` and a last
 * chunk with no choices carries the usage; without it, no chunk has a `usage` field.
 */
export class ChatStreamWriter {
  readonly #base: string;
  /** What closes every chunk after its choices. */
  readonly #tail: string;
  readonly #tools = new Map<string, number>();
  #started = false;
  readonly #usage: Usage = { input: 0, output: 0 };

  constructor(
    id: string,
    model: string,
    readonly includeUsage: boolean,
  ) {
    // Every chunk shares these fields; built once, spliced into each line.
    this.#base = `{"id":${JSON.stringify(id)},"object":"chat.completion.chunk","created":${Math.floor(Date.now() / 1000)},"model":${JSON.stringify(model)},"system_fingerprint":null`;
    this.#tail = includeUsage ? ',"usage":null}\n\n' : '}\n\n';
  }

  /** A text delta, the commonest chunk: spliced by hand, byte for byte what #chunk would write. */
  #text(text: string): string {
    return `data: ${this.#base},"choices":[{"index":0,"delta":{"content":${JSON.stringify(text)}},"logprobs":null,"finish_reason":null}]${this.#tail}`;
  }

  #chunk(delta: unknown, finish: string | null = null): string {
    const choice = { index: 0, delta, logprobs: null, finish_reason: finish };
    return `data: ${this.#base},"choices":[${JSON.stringify(choice)}]${this.#tail}`;
  }

  #start(): string {
    if (this.#started) return '';
    this.#started = true;
    return this.#chunk({ role: 'assistant', content: '', refusal: null });
  }

  write(ev: StreamEvent): string {
    switch (ev.kind) {
      case 'text':
        return ev.text ? this.#start() + this.#text(ev.text) : this.#start();
      case 'tool': {
        const index = this.#tools.size;
        this.#tools.set(ev.key, index);
        return (
          this.#start() +
          this.#chunk({
            tool_calls: [{ index, id: ev.id, type: 'function', function: { name: ev.name, arguments: '' } }],
          })
        );
      }
      case 'args': {
        const index = this.#tools.get(ev.key);
        if (index === undefined || !ev.json) return '';
        return this.#chunk({ tool_calls: [{ index, function: { arguments: ev.json } }] });
      }
      case 'stop':
        return this.#start() + this.#chunk({}, FINISH_REASON[ev.reason]);
      case 'usage':
        if (ev.input !== undefined) this.#usage.input = ev.input;
        if (ev.output !== undefined) this.#usage.output = ev.output;
        return '';
    }
  }

  end(): string {
    let out = this.#start();
    if (this.includeUsage)
      out += `data: ${this.#base},"choices":[],"usage":${JSON.stringify(chatUsage(this.#usage))}}\n\n`;
    return out + 'data: [DONE]\n\n';
  }

  /** An error after the stream began: the SDKs raise it from a `data: {"error": …}` line. */
  error(message: string, code: string): string {
    return `data: ${JSON.stringify({ error: { message, type: 'api_error', code, param: null } })}\n\n`;
  }
}
