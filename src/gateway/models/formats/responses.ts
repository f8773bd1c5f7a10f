// The Responses API as the caller speaks it (`POST /v1/responses`): request → Conversation.
// Replies and streams are rendered by responses-reply.ts and responses-stream.ts.
//
// The gateway keeps nothing between calls, so whatever would make the vendor (or us) hold
// a conversation — `store: true`, `previous_response_id`, `conversation`, `background`,
// `item_reference` items — is refused with `store_unsupported`, never dropped: the caller
// sends the whole history each time, as with chat completions.
import { invalid, storeUnsupported, unsupportedContent } from '../errors.js';
import { responsesFile, responsesImage } from './files.js';
import type { Block, Conversation, Message, Tool, ToolChoice } from '../types.js';
import { arr, isObj, type Obj, obj, optBool, optInt, optNum, optStr, rest, str } from './check.js';

const KNOWN = new Set([
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'max_output_tokens',
  'temperature',
  'top_p',
  'user',
  'stream',
  'store',
  'previous_response_id',
  'conversation',
  'background',
  'include',
  'text',
]);

const ITEM_TYPES = 'message, function_call, function_call_output';

/**
 * One content part of a message or of a function output, as a block: the one place that
 * says which part types the barrier reads. Images and PDFs are taken in a user's message
 * where the organisation redacts them (`files`); elsewhere they are refused as chat refuses
 * them (extract their text first), and so is audio; anything else unknown is a 400.
 */
export function partBlock(raw: unknown, param: string, files = false): Block {
  const part = obj(raw, param);
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return { type: 'text', text: str(part.text, `${param}.text`) };
    case 'refusal':
      return { type: 'text', text: str(part.refusal, `${param}.refusal`) };
    case 'input_image':
      if (!files) throw unsupportedContent(param, part.type);
      return responsesImage(part, param);
    case 'input_file':
      if (!files) throw unsupportedContent(param, part.type);
      return responsesFile(part, param);
    case 'input_audio':
      throw unsupportedContent(param, part.type);
    default:
      throw invalid(
        `${param}.type`,
        `Tipo de conteúdo desconhecido em "${param}" (aceitos: input_text, output_text, refusal).`,
      );
  }
}

/** A `content` that is a string or a list of parts, as blocks. */
function contentBlocks(content: unknown, param: string, files = false): Block[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return arr(content, param).map((p, i) => partBlock(p, `${param}.${i}`, files));
}

/** The text of blocks that must all be text (system prompts, function outputs). */
function textOf(blocks: Block[], param: string): string {
  return blocks
    .map((b, i) => {
      if (b.type !== 'text') throw invalid(`${param}.${i}`, `Só texto é aceito em "${param}".`);
      return b.text;
    })
    .join('');
}

function parseArguments(raw: unknown, param: string): unknown {
  const args = str(raw, param);
  try {
    return args.trim() === '' ? {} : JSON.parse(args);
  } catch {
    throw invalid(param, `"${param}" não é JSON válido.`);
  }
}

/** The conversation so far, turn by turn: blocks of one role in a row share a message. */
class Turns {
  readonly system: string[] = [];
  readonly messages: Message[] = [];

  /** Assistant text and calls of one turn are one message, as in the other formats. */
  assistant(blocks: Block[]): void {
    const last = this.messages.at(-1);
    if (last?.role === 'assistant') last.content.push(...blocks);
    else this.messages.push({ role: 'assistant', content: blocks });
  }

  /** Consecutive function outputs answer one assistant turn: one user turn of results. */
  result(block: Extract<Block, { type: 'tool_result' }>): void {
    const last = this.messages.at(-1);
    if (last?.role === 'user' && last.content.every((b) => b.type === 'tool_result'))
      last.content.push(block);
    else this.messages.push({ role: 'user', content: [block] });
  }

  user(blocks: Block[]): void {
    this.messages.push({ role: 'user', content: blocks });
  }
}

function parseItem(raw: unknown, param: string, turns: Turns, files: boolean): void {
  const item = obj(raw, param);
  // A message may leave out its type (the "easy" input message).
  const type = item.type ?? (item.role !== undefined ? 'message' : undefined);
  switch (type) {
    case 'message': {
      const blocks = contentBlocks(item.content, `${param}.content`, files && item.role === 'user');
      switch (item.role) {
        case 'system':
        case 'developer':
          turns.system.push(textOf(blocks, `${param}.content`));
          return;
        case 'user':
          turns.user(blocks);
          return;
        case 'assistant':
          turns.assistant(blocks);
          return;
        default:
          throw invalid(`${param}.role`, `"${param}.role" deve ser user, assistant, system ou developer.`);
      }
    }
    case 'function_call':
      turns.assistant([
        {
          type: 'tool_use',
          id: str(item.call_id, `${param}.call_id`),
          name: str(item.name, `${param}.name`),
          input: parseArguments(item.arguments, `${param}.arguments`),
        },
      ]);
      return;
    case 'function_call_output':
      turns.result({
        type: 'tool_result',
        toolUseId: str(item.call_id, `${param}.call_id`),
        content: textOf(contentBlocks(item.output, `${param}.output`), `${param}.output`),
      });
      return;
    case 'item_reference':
      throw storeUnsupported(param);
    default:
      throw invalid(`${param}.type`, `Tipo de item não aceito em "${param}" (aceitos: ${ITEM_TYPES}).`);
  }
}

function parseInput(raw: unknown, turns: Turns, files: boolean): void {
  if (typeof raw === 'string') {
    if (raw === '') throw invalid('input', 'O campo "input" não pode ser vazio.');
    turns.user([{ type: 'text', text: raw }]);
    return;
  }
  const items = arr(raw, 'input');
  if (items.length === 0) throw invalid('input', 'O campo "input" não pode ser vazio.');
  for (const [i, item] of items.entries()) parseItem(item, `input.${i}`, turns, files);
}

function parseTools(raw: unknown): Tool[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  return arr(raw, 'tools').map((t, i) => {
    const tool = obj(t, `tools.${i}`);
    if (tool.type !== 'function') {
      throw invalid(
        `tools.${i}.type`,
        'Só ferramentas do tipo "function" são aceitas: ferramentas executadas pelo provedor (busca na web, arquivos, código) não passam pela barreira.',
      );
    }
    return {
      name: str(tool.name, `tools.${i}.name`),
      description: optStr(tool.description, `tools.${i}.description`),
      parameters: tool.parameters ?? { type: 'object', properties: {} },
      strict: optBool(tool.strict, `tools.${i}.strict`),
    };
  });
}

function parseToolChoice(raw: unknown): ToolChoice | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (raw === 'auto' || raw === 'none' || raw === 'required') return { type: raw };
  if (isObj(raw) && raw.type === 'function') return { type: 'tool', name: str(raw.name, 'tool_choice.name') };
  throw invalid('tool_choice', '"tool_choice" deve ser auto, none, required ou {type: "function", name}.');
}

/** Fields that would need a stored response or conversation: refused by name. */
function refuseState(body: Obj): void {
  const set = (v: unknown) => v !== undefined && v !== null;
  if (body.store === true) throw storeUnsupported('store');
  optBool(body.store, 'store');
  for (const field of ['previous_response_id', 'conversation'] as const) {
    if (set(body[field])) throw storeUnsupported(field);
  }
  if (optBool(body.background, 'background')) throw storeUnsupported('background');
}

/**
 * Fields the neutral form does not model, for a provider that speaks this format. `null`
 * means "not set" in this API, and an empty `include` or a plain-text `text.format` asks
 * for what every provider does anyway: none of them is a field to carry.
 */
function extraOf(body: Obj): Obj {
  const extra = rest(body, KNOWN);
  for (const [k, v] of Object.entries(extra)) if (v === null) delete extra[k];
  if (Array.isArray(body.include) && body.include.length > 0) extra.include = body.include;
  const text = body.text;
  const plain =
    text === undefined ||
    text === null ||
    (isObj(text) &&
      Object.keys(text).every((k) => k === 'format') &&
      (text.format === undefined || (isObj(text.format) && text.format.type === 'text')));
  if (!plain) extra.text = text;
  return extra;
}

/** `files`: take images and PDFs in user messages (the organisation redacts them); otherwise 400 unsupported_content. */
export function parseResponsesRequest(body: Obj, options: { files?: boolean } = {}): Conversation {
  refuseState(body);
  const turns = new Turns();
  const instructions = optStr(body.instructions, 'instructions');
  if (instructions) turns.system.push(instructions);
  if (body.input === undefined || body.input === null) {
    throw invalid('input', 'O campo "input" é obrigatório: o gateway não guarda prompts nem conversas.');
  }
  parseInput(body.input, turns, options.files === true);
  return {
    model: str(body.model, 'model'),
    source: 'responses',
    system: turns.system,
    messages: turns.messages,
    tools: parseTools(body.tools),
    toolChoice: parseToolChoice(body.tool_choice),
    parallelToolCalls: optBool(body.parallel_tool_calls, 'parallel_tool_calls'),
    maxTokens: optInt(body.max_output_tokens, 'max_output_tokens', 1),
    temperature: optNum(body.temperature, 'temperature', 0, 2),
    topP: optNum(body.top_p, 'top_p', 0, 1),
    user: optStr(body.user, 'user'),
    stream: optBool(body.stream, 'stream') ?? false,
    streamUsage: true,
    extra: extraOf(body),
  };
}
