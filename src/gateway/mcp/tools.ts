// The MCP tools: one per catalogue model (svc/auto included whenever the catalogue has
// models to choose from, as in GET /v1/models), and the reading of a tool call's arguments
// into the neutral Conversation that runModel takes. No I/O here.
import { AUTO_ID } from '../../platform/model-ids.js';
import { autoEntry } from '../pipeline/auto.js';
import type { Catalogue, CatalogueModel } from '../pipeline/catalogue.js';
import type { Conversation, Message } from '../models/types.js';

export interface McpTool {
  name: string;
  /** The catalogue id the tool runs. */
  model: string;
  title: string;
  description: string;
}

/**
 * Tool names are what hosts accept everywhere (Claude Desktop and several agent frameworks
 * allow only `[A-Za-z0-9_-]{1,64}`), so `svc/gpt-4.1` becomes `svc_gpt-4_1`. Names are
 * given over the whole catalogue, in its order, so a tool keeps its name whatever an
 * organisation has released; a clash gets a numeric suffix.
 */
export function toolNames(ids: readonly string[]): Map<string, string> {
  const byId = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of ids) {
    const base = id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    byId.set(id, name);
  }
  return byId;
}

/** The chat models with svc/auto first, as GET /v1/models lists them. */
function withAuto(catalogue: Catalogue, released: readonly string[] | null): CatalogueModel[] {
  const models = catalogue.chat(released);
  const choosable = catalogue.choosable(released);
  return choosable.length > 0 ? [autoEntry(choosable), ...models] : models;
}

export class McpCatalogue {
  readonly #catalogue: Catalogue;
  readonly #names: Map<string, string>;

  constructor(catalogue: Catalogue) {
    this.#catalogue = catalogue;
    this.#names = toolNames(withAuto(catalogue, null).map((m) => m.id));
  }

  /** Every tool name (the index's `mcp_tools`). */
  names(): string[] {
    return [...this.#names.values()];
  }

  /** The tools of the models an organisation may use (null = every model). */
  tools(released: readonly string[] | null): McpTool[] {
    return withAuto(this.#catalogue, released).map((m) => ({
      name: this.#names.get(m.id) ?? m.id,
      model: m.id,
      title: m.display_name,
      description:
        m.id === AUTO_ID
          ? `${m.description} Passa pela barreira de privacidade do gateway.`
          : `${m.display_name} (${m.id}): ${m.description} Passa pela barreira de privacidade do gateway.`,
    }));
  }

  /** The tool of this name among what the organisation may use, if any. */
  find(name: string, released: readonly string[] | null): McpTool | undefined {
    return this.tools(released).find((t) => t.name === name);
  }
}

/** The JSON Schema every tool takes. `prompt` or `messages` (or both) must be present. */
export const TOOL_INPUT_SCHEMA = {
  type: 'object',
  properties: {
    prompt: {
      type: 'string',
      description: 'O pedido ao modelo. Com `messages`, vai depois delas como a última mensagem do usuário.',
    },
    messages: {
      type: 'array',
      description: 'Conversa anterior, em ordem; a última deve ser do usuário quando não há `prompt`.',
      items: {
        type: 'object',
        properties: {
          role: { type: 'string', enum: ['user', 'assistant'] },
          content: { type: 'string' },
        },
        required: ['role', 'content'],
        additionalProperties: false,
      },
    },
    system: { type: 'string', description: 'Instruções de sistema (opcional).' },
    max_tokens: { type: 'integer', minimum: 1, description: 'Limite de tokens da resposta (opcional).' },
  },
  additionalProperties: false,
} as const;

const KNOWN = new Set(Object.keys(TOOL_INPUT_SCHEMA.properties));

/** A refusal of the arguments, in Portuguese, naming the field; it becomes an error result. */
export class ToolArgumentError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A tool call's arguments → the Conversation for `model`; throws ToolArgumentError. */
export function readArguments(model: string, args: unknown): Conversation {
  const input = args ?? {};
  if (!isObject(input)) throw new ToolArgumentError('Os argumentos devem ser um objeto.');
  for (const key of Object.keys(input)) {
    if (!KNOWN.has(key)) throw new ToolArgumentError(`Argumento desconhecido: ${key}.`);
  }
  const { prompt, messages, system, max_tokens } = input;
  const out: Message[] = [];
  if (messages !== undefined) {
    if (!Array.isArray(messages)) throw new ToolArgumentError('`messages` deve ser uma lista.');
    messages.forEach((m, i) => {
      if (!isObject(m) || (m.role !== 'user' && m.role !== 'assistant') || typeof m.content !== 'string') {
        throw new ToolArgumentError(
          `\`messages[${i}]\` deve ser {role: "user" ou "assistant", content: texto}.`,
        );
      }
      out.push({ role: m.role, content: [{ type: 'text', text: m.content }] });
    });
  }
  if (prompt !== undefined) {
    if (typeof prompt !== 'string') throw new ToolArgumentError('`prompt` deve ser um texto.');
    out.push({ role: 'user', content: [{ type: 'text', text: prompt }] });
  }
  if (out.length === 0) throw new ToolArgumentError('Informe `prompt` ou `messages`.');
  if (out.at(-1)!.role !== 'user') {
    throw new ToolArgumentError('A última mensagem deve ser do usuário (ou informe `prompt`).');
  }
  if (system !== undefined && typeof system !== 'string') {
    throw new ToolArgumentError('`system` deve ser um texto.');
  }
  if (max_tokens !== undefined && (!Number.isSafeInteger(max_tokens) || (max_tokens as number) < 1)) {
    throw new ToolArgumentError('`max_tokens` deve ser um inteiro positivo.');
  }
  return {
    model,
    source: 'chat',
    system: system ? [system] : [],
    messages: out,
    ...(max_tokens !== undefined ? { maxTokens: max_tokens as number } : {}),
    stream: false,
    streamUsage: false,
    extra: {},
  };
}
