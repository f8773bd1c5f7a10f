// The vendor messages format as the caller speaks it: request → Conversation,
// Reply → `message`, stream events → message_start … message_stop SSE events.
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
import { messagesDocument, messagesImage } from './files.js';

const KNOWN = new Set([
  'model',
  'messages',
  'system',
  'max_tokens',
  'temperature',
  'top_p',
  'stop_sequences',
  'stream',
  'tools',
  'tool_choice',
  'metadata',
]);

const FILE_BLOCKS = new Set(['image', 'document', 'file', 'container_upload', 'search_result']);

/** Text of a string or a list of text blocks (system prompts, tool results). */
export function blocksText(content: unknown, param: string): string {
  return blockTexts(content, param).join('\n');
}

/**
 * The texts of a string or of each text block. System blocks stay separate parts of the
 * conversation, so that the barrier reads a value cut between two blocks across the cut.
 */
function blockTexts(content: unknown, param: string): string[] {
  if (typeof content === 'string') return [content];
  if (content === undefined || content === null) return [''];
  return arr(content, param).map((b, i) => {
    const block = obj(b, `${param}.${i}`);
    if (typeof block.type === 'string' && FILE_BLOCKS.has(block.type)) {
      throw unsupportedContent(`${param}.${i}`, block.type);
    }
    if (block.type !== 'text')
      throw invalid(`${param}.${i}.type`, `Só blocos de texto são aceitos em "${param}".`);
    return str(block.text, `${param}.${i}.text`);
  });
}

function parseBlock(raw: unknown, param: string, role: Message['role'], files: boolean): Block {
  const b = obj(raw, param);
  const type = b.type;
  // Where the organisation redacts images, a user turn's images and PDFs are taken.
  if (files && role === 'user' && type === 'image') return messagesImage(b, param);
  if (files && role === 'user' && type === 'document') return messagesDocument(b, param);
  if (typeof type === 'string' && FILE_BLOCKS.has(type)) throw unsupportedContent(param, type);
  if (type === 'text') return { type: 'text', text: str(b.text, `${param}.text`) };
  if (type === 'tool_use' && role === 'assistant') {
    return {
      type: 'tool_use',
      id: str(b.id, `${param}.id`),
      name: str(b.name, `${param}.name`),
      input: b.input === undefined ? {} : obj(b.input, `${param}.input`),
    };
  }
  if (type === 'tool_result' && role === 'user') {
    return {
      type: 'tool_result',
      toolUseId: str(b.tool_use_id, `${param}.tool_use_id`),
      content: blocksText(b.content, `${param}.content`),
      isError: optBool(b.is_error, `${param}.is_error`),
    };
  }
  throw invalid(
    `${param}.type`,
    `Tipo de bloco não aceito em "${param}" (aceitos: text, tool_use, tool_result).`,
  );
}

function parseMessages(raw: unknown, files: boolean): Message[] {
  const list = arr(raw, 'messages');
  if (list.length === 0) throw invalid('messages', 'O campo "messages" não pode ser vazio.');
  return list.map((item, i) => {
    const m = obj(item, `messages.${i}`);
    if (m.role !== 'user' && m.role !== 'assistant') {
      throw invalid(`messages.${i}.role`, `"messages.${i}.role" deve ser user ou assistant.`);
    }
    const role = m.role;
    const content: Block[] =
      typeof m.content === 'string'
        ? [{ type: 'text', text: m.content }]
        : arr(m.content, `messages.${i}.content`).map((b, j) =>
            parseBlock(b, `messages.${i}.content.${j}`, role, files),
          );
    return { role, content };
  });
}

function parseTools(raw: unknown): Tool[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  return arr(raw, 'tools').map((t, i) => {
    const tool = obj(t, `tools.${i}`);
    if (tool.type !== undefined && tool.type !== 'custom') {
      throw invalid(
        `tools.${i}.type`,
        'Ferramentas executadas pelo provedor não são aceitas; declare ferramentas próprias.',
      );
    }
    return {
      name: str(tool.name, `tools.${i}.name`),
      description: optStr(tool.description, `tools.${i}.description`),
      parameters: obj(tool.input_schema, `tools.${i}.input_schema`),
    };
  });
}

function parseToolChoice(raw: unknown): { choice?: ToolChoice; parallel?: boolean } {
  if (raw === undefined || raw === null) return {};
  const c = obj(raw, 'tool_choice');
  const parallel = optBool(c.disable_parallel_tool_use, 'tool_choice.disable_parallel_tool_use');
  const out = { parallel: parallel === undefined ? undefined : !parallel };
  switch (c.type) {
    case 'auto':
    case 'none':
      return { ...out, choice: { type: c.type } };
    case 'any':
      return { ...out, choice: { type: 'required' } };
    case 'tool':
      return { ...out, choice: { type: 'tool', name: str(c.name, 'tool_choice.name') } };
    default:
      throw invalid('tool_choice.type', '"tool_choice.type" deve ser auto, any, tool ou none.');
  }
}

/** `files`: take images and PDFs in user turns (the organisation redacts them); otherwise 400 unsupported_content. */
export function parseMessagesRequest(body: Obj, options: { files?: boolean } = {}): Conversation {
  const maxTokens = optInt(body.max_tokens, 'max_tokens', 1);
  if (maxTokens === undefined) throw invalid('max_tokens', 'O campo "max_tokens" é obrigatório.');
  const system = body.system === undefined || body.system === null ? [] : blockTexts(body.system, 'system');
  const { choice, parallel } = parseToolChoice(body.tool_choice);
  const metadata =
    body.metadata === undefined || body.metadata === null ? {} : obj(body.metadata, 'metadata');
  const stream = optBool(body.stream, 'stream') ?? false;
  return {
    model: str(body.model, 'model'),
    source: 'messages',
    system,
    messages: parseMessages(body.messages, options.files === true),
    tools: parseTools(body.tools),
    toolChoice: choice,
    parallelToolCalls: parallel,
    maxTokens,
    temperature: optNum(body.temperature, 'temperature', 0, 1),
    topP: optNum(body.top_p, 'top_p', 0, 1),
    stop: stopList(body.stop_sequences, 'stop_sequences'),
    user: optStr(metadata.user_id, 'metadata.user_id'),
    stream,
    streamUsage: true,
    extra: rest(body, KNOWN),
  };
}

export function messagesUsage(u: Usage) {
  return { input_tokens: u.input, output_tokens: u.output };
}

export function renderMessagesReply(reply: Reply, model: string, id: string): unknown {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: reply.content.map((b) =>
      b.type === 'text'
        ? { type: 'text', text: b.text }
        : { type: 'tool_use', id: b.id, name: b.name, input: isObj(b.input) ? b.input : {} },
    ),
    stop_reason: reply.stop,
    stop_sequence: reply.stopSequence ?? null,
    usage: messagesUsage(reply.usage),
  };
}

const sse = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/** Turns stream events into the vendor's event sequence; blocks are numbered as they open. */
export class MessagesStreamWriter {
  #started = false;
  #open: { key: string; index: number } | null = null;
  #next = 0;
  #stop: StopReason = 'end_turn';
  #stopSequence: string | null = null;
  readonly #usage: Usage = { input: 0, output: 0 };

  constructor(
    readonly id: string,
    readonly model: string,
  ) {}

  #start(): string {
    if (this.#started) return '';
    this.#started = true;
    return sse('message_start', {
      type: 'message_start',
      message: {
        id: this.id,
        type: 'message',
        role: 'assistant',
        model: this.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: this.#usage.input, output_tokens: 0 },
      },
    });
  }

  #close(): string {
    if (!this.#open) return '';
    const index = this.#open.index;
    this.#open = null;
    return sse('content_block_stop', { type: 'content_block_stop', index });
  }

  #openBlock(key: string, block: unknown): string {
    const out = this.#close();
    this.#open = { key, index: this.#next++ };
    return (
      out +
      sse('content_block_start', {
        type: 'content_block_start',
        index: this.#open.index,
        content_block: block,
      })
    );
  }

  write(ev: StreamEvent): string {
    switch (ev.kind) {
      case 'usage':
        // Before message_start (an upstream that reports input tokens first) it lands there.
        if (ev.input !== undefined) this.#usage.input = ev.input;
        if (ev.output !== undefined) this.#usage.output = ev.output;
        return '';
      case 'stop':
        this.#stop = ev.reason;
        this.#stopSequence = ev.stopSequence ?? null;
        return '';
      case 'text': {
        let out = this.#start();
        if (this.#open?.key !== ev.key) out += this.#openBlock(ev.key, { type: 'text', text: '' });
        if (!ev.text) return out;
        // The commonest event, spliced by hand: byte for byte what sse() would write.
        return `${out}event: content_block_delta\ndata: {"type":"content_block_delta","index":${this.#open!.index},"delta":{"type":"text_delta","text":${JSON.stringify(ev.text)}}}\n\n`;
      }
      case 'tool':
        return (
          this.#start() + this.#openBlock(ev.key, { type: 'tool_use', id: ev.id, name: ev.name, input: {} })
        );
      case 'args':
        // Arguments of a block already closed cannot be sent any more in this format.
        if (this.#open?.key !== ev.key || !ev.json) return '';
        return sse('content_block_delta', {
          type: 'content_block_delta',
          index: this.#open.index,
          delta: { type: 'input_json_delta', partial_json: ev.json },
        });
    }
  }

  end(): string {
    return (
      this.#start() +
      this.#close() +
      sse('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: this.#stop, stop_sequence: this.#stopSequence },
        usage: messagesUsage(this.#usage),
      }) +
      sse('message_stop', { type: 'message_stop' })
    );
  }

  error(message: string): string {
    return sse('error', { type: 'error', error: { type: 'api_error', message } });
  }
}
