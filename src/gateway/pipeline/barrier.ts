// The barrier on a model request, and the optional restoration of its reply. One
// cleaner per request: every part (system, every message, tool calls and results, tool
// descriptions and schemas, pass-through fields, keys included) shares one placeholder
// numbering.
import {
  type Cleaner,
  distinctKeys,
  type PlaceholderLookup,
  PrivacyInputError,
  restoreText,
  setKey,
} from '../../privacy/index.js';
import { invalid } from '../models/errors.js';
import { isFixedSetting, leadsToFixedSetting } from '../models/fixed-settings.js';
import type { Block, Conversation, Message, Reply, StreamEvent } from '../models/types.js';

function cleanBlock(b: Block, cleaner: Cleaner): Block {
  switch (b.type) {
    case 'text':
      return { type: 'text', text: cleaner.cleanText(b.text) };
    case 'tool_use':
      return { ...b, input: cleaner.cleanJson(b.input) };
    case 'tool_result':
      return { ...b, content: cleaner.cleanText(b.content) };
    case 'image':
    case 'document':
      // The image step (images.ts) redacts every image and turns every PDF into text and
      // redacted pages before the barrier runs: anything else here is a bug, and must not leave.
      if (b.type === 'image' && b.redacted) return b;
      throw new Error('an image or document reached the barrier unread');
  }
}

/** A part that held only pieces of a value split across parts, now empty: providers refuse empty text. */
const emptied = (before: string, after: string) => after.trim() === '' && before.trim() !== '';

/**
 * Text blocks read together when nothing but a message boundary of the same role lies
 * between them (adjacent blocks of one message, consecutive messages of one role), so a
 * value split across them is caught. Blocks left empty by the split rule are dropped, and
 * so is a message left with no content: its neighbour of the same role holds the
 * replacement, so the roles still alternate as before.
 */
function cleanMessages(messages: readonly Message[], cleaner: Cleaner): Message[] {
  const out: Block[][] = messages.map(() => []);
  let run: { m: number; text: string }[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const cleaned = cleaner.cleanParts(run.map((r) => r.text));
    run.forEach((r, i) => {
      if (!emptied(r.text, cleaned[i]!)) out[r.m]!.push({ type: 'text', text: cleaned[i]! });
    });
    run = [];
  };
  messages.forEach((msg, m) => {
    if (m > 0 && msg.role !== messages[m - 1]!.role) flush();
    for (const b of msg.content) {
      if (b.type === 'text') run.push({ m, text: b.text });
      else {
        flush();
        out[m]!.push(cleanBlock(b, cleaner));
      }
    }
  });
  flush();
  return messages
    .map((msg, m) => ({ role: msg.role, content: out[m]! }))
    .filter((msg, m) => msg.content.length > 0 || messages[m]!.content.length === 0);
}

/**
 * The fields the neutral form does not model, cleaned like JSON, except settings whose
 * value is one of the vendor's fixed list (models/fixed-settings.ts), kept as sent. Each
 * other entry is cleaned with its key, so the key still gives its value context.
 */
function cleanSettings(
  fields: Record<string, unknown>,
  cleaner: Cleaner,
  prefix: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const path = prefix + key;
    if (isFixedSetting(path, value)) setKey(out, key, value);
    else if (leadsToFixedSetting(path) && isPlainObject(value))
      setKey(out, key, cleanSettings(value, cleaner, `${path}.`));
    else {
      const cleaned = cleaner.cleanJson({ [key]: value }) as Record<string, unknown>;
      for (const [k, v] of Object.entries(cleaned)) setKey(out, k, v);
    }
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The free text of a conversation: system parts, text blocks and tool results. */
function conversationTexts(conv: Conversation): string[] {
  const texts = [...conv.system];
  for (const msg of conv.messages) {
    for (const b of msg.content) {
      if (b.type === 'text') texts.push(b.text);
      else if (b.type === 'tool_result') texts.push(b.content);
    }
  }
  return texts;
}

export function cleanConversation(conv: Conversation, cleaner: Cleaner): Conversation {
  try {
    // A name given in full in any message masks its mentions in every other one, earlier
    // ones included: the history is sent again on every turn.
    const texts = conversationTexts(conv);
    if (texts.length > 1) cleaner.rememberNames(texts);
    const system = cleaner.cleanParts(conv.system);
    return {
      ...conv,
      system: system.filter((s, i) => !emptied(conv.system[i]!, s)),
      messages: cleanMessages(conv.messages, cleaner),
      tools: conv.tools?.map((t) => ({
        name: t.name,
        strict: t.strict,
        description: t.description === undefined ? undefined : cleaner.cleanText(t.description),
        parameters: cleaner.cleanJson(t.parameters),
      })),
      stop: conv.stop?.map((s) => cleaner.cleanText(s)),
      user: conv.user === undefined ? undefined : cleaner.cleanText(conv.user),
      extra: cleanSettings(conv.extra, cleaner, ''),
    };
  } catch (err) {
    if (err instanceof PrivacyInputError)
      throw invalid('messages', 'O corpo tem aninhamento profundo demais.');
    throw err;
  }
}

function restoreJson(value: unknown, map: PlaceholderLookup): unknown {
  if (typeof value === 'string') return restoreText(value, map);
  if (Array.isArray(value)) return value.map((v) => restoreJson(v, map));
  if (value !== null && typeof value === 'object') {
    // Keys too: the model may name a property after a placeholder it was sent.
    const keys = Object.keys(value);
    const names = distinctKeys(
      keys,
      keys.map((k) => restoreText(k, map)),
    );
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      setKey(out, names[i]!, restoreJson((value as Record<string, unknown>)[keys[i]!], map));
    }
    return out;
  }
  return value;
}

export function restoreReply(reply: Reply, map: PlaceholderLookup): Reply {
  return {
    ...reply,
    content: reply.content.map((b) =>
      b.type === 'text'
        ? { type: 'text', text: restoreText(b.text, map) }
        : { ...b, input: restoreJson(b.input, map) },
    ),
  };
}

/**
 * Push-based form of the privacy module's restoreStream rule, for one block of a stream:
 * hold back only a tail that may still grow into a placeholder of the map, send the rest
 * at once. (restoreStream pulls from an iterable; here chunks of several blocks arrive
 * interleaved with other events, so each block needs its own push-side buffer.)
 */
class BlockRestorer {
  #pending = '';
  constructor(
    private readonly map: PlaceholderLookup,
    private readonly prefixes: ReadonlySet<string>,
    private readonly longest: number,
  ) {}

  push(chunk: string): string {
    const buf = this.#pending + chunk;
    const open = buf.lastIndexOf('[');
    let cut = buf.length;
    if (open >= 0 && buf.length - open < this.longest && this.prefixes.has(buf.slice(open))) cut = open;
    this.#pending = buf.slice(cut);
    return cut > 0 ? restoreText(buf.slice(0, cut), this.map) : '';
  }

  flush(): string {
    const out = this.#pending;
    this.#pending = '';
    return out;
  }
}

/** Restores placeholders in streamed text and tool arguments, block by block, batch by batch. */
export async function* restoreEvents(
  batches: AsyncIterable<StreamEvent[]>,
  map: PlaceholderLookup,
): AsyncGenerator<StreamEvent[]> {
  const prefixes = new Set<string>();
  let longest = 0;
  for (const p of map.placeholders()) {
    for (let k = 1; k < p.length; k++) prefixes.add(p.slice(0, k));
    longest = Math.max(longest, p.length);
  }
  if (longest === 0) {
    yield* batches;
    return;
  }
  const blocks = new Map<string, { kind: 'text' | 'args'; r: BlockRestorer }>();
  let current: string | null = null;
  // A block's held-back tail goes out before anything of another block, so writers that
  // close a block when the next one starts still get all of it.
  function flushOthers(key: string | null, out: StreamEvent[]): void {
    if (current !== null && current !== key) {
      const b = blocks.get(current);
      const tail = b?.r.flush();
      if (b && tail) {
        out.push(
          b.kind === 'text'
            ? { kind: 'text', key: current, text: tail }
            : { kind: 'args', key: current, json: tail },
        );
      }
    }
    current = key;
  }
  for await (const batch of batches) {
    const out: StreamEvent[] = [];
    for (const ev of batch) {
      if (ev.kind === 'text' || ev.kind === 'args') {
        flushOthers(ev.key, out);
        let b = blocks.get(ev.key);
        if (!b) {
          b = { kind: ev.kind, r: new BlockRestorer(map, prefixes, longest) };
          blocks.set(ev.key, b);
        }
        const restored = b.r.push(ev.kind === 'text' ? ev.text : ev.json);
        if (restored) {
          out.push(
            ev.kind === 'text'
              ? { kind: 'text', key: ev.key, text: restored }
              : { kind: 'args', key: ev.key, json: restored },
          );
        } else if (ev.kind === 'text' && ev.text === '') out.push(ev); // an empty text opens its block
      } else {
        flushOthers(ev.kind === 'tool' ? ev.key : null, out);
        out.push(ev);
      }
    }
    if (out.length) yield out;
  }
  const out: StreamEvent[] = [];
  flushOthers(null, out);
  if (out.length) yield out;
}
