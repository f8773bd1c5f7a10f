// The barrier: runs the registry's detectors over one analysis of a text, resolves
// overlapping matches and applies the request's policy through one cleaner per request.
import { nameDetector } from './detectors/nome.js';
import { distinctKeys, setKey } from './keys.js';
import { NameMemory } from './names/index.js';
import { type MappedText, originalSpan } from './normalize.js';
import { resolveOverlaps } from './overlaps.js';
import { applyToParts, findInParts } from './parts.js';
import { PlaceholderMap } from './placeholders.js';
import { redactMarker } from './policy.js';
import { analyseText, CATEGORIES, type Category, detectorsFor, readText } from './registry.js';
import type { FindOptions, Finding, Match, Policy } from './types.js';

export type { FindOptions } from './types.js';

/**
 * Characters from which a text's clusters are read in one walk. Below it, each detector's
 * own walk over kept clusters costs less (0.5–1.3 ms less per MB of 4 KB–256 KB pieces);
 * from about 1 MB on, keeping them costs collections (the walk: 9.2 against 10.3 ms per MB
 * of 1 MB pieces, 6.5 against 13.9 of 2 MB ones).
 */
const LONG_TEXT = 512 * 1024;

/**
 * Every piece of personal data in `text`, disjoint and sorted by position. Detectors
 * read one analysis of the normalised view (normalize.ts, analysis.ts); offsets are the
 * original text's, keys the view's, so a full-width or spelled copy gets the same
 * placeholder as the plain value.
 */
export function findAll(text: string, options: FindOptions = {}): Match[] {
  const detectors = detectorsFor(options.categories);
  // A long text's clusters are read in one walk for all detectors, and not kept
  // (registry.ts, readText); a short one's are kept, and each detector walks them alone,
  // which costs less per cluster than handing each to a dozen readers in turn.
  const { a, readers } =
    text.length < LONG_TEXT ? { a: analyseText(text), readers: null } : readText(text, detectors, options);
  const view = a.view;
  const all: Match[] = [];
  for (let k = 0; k < detectors.length; k++) {
    const d = detectors[k]!;
    const spans = readers?.[k]?.done() ?? d.detect(a, options);
    for (const s of spans) all.push({ category: d.category, start: s.start, end: s.end, key: s.key });
  }
  const found = resolveOverlaps(all, a.text);
  return view ? toOriginal(view, found) : found;
}

/** Reads `text` for names only to remember their words in `options.nameMemory`. */
function rememberNamesIn(text: string, options: FindOptions): void {
  if (options.nameMemory === undefined) return;
  if (options.categories !== undefined && !options.categories.includes('nome')) return;
  nameDetector.detect(analyseText(text), options);
}

/** View matches as original spans; two that now share a source character keep the first. */
function toOriginal(view: MappedText, matches: Match[]): Match[] {
  const out: Match[] = [];
  for (const m of matches) {
    const [start, end] = originalSpan(view, m.start, m.end);
    if (out.length > 0 && start < out[out.length - 1]!.end) continue;
    out.push({ category: m.category, start, end, key: m.key });
  }
  return out;
}

export interface CleanerOptions extends FindOptions {
  policy: Policy;
}

/** A JSON value too deeply nested to walk safely. The message carries no content. */
export class PrivacyInputError extends Error {
  constructor(readonly code: 'too_deep') {
    super('JSON input nested too deeply');
  }
}

const MAX_DEPTH = 200;

export interface Cleaner {
  readonly policy: Policy;
  /**
   * True when the policy is `block` and something was found. Under `block` the cleaned
   * content is still redacted (defence in depth) but must not be forwarded.
   */
  readonly blocked: boolean;
  cleanText(text: string): string;
  /**
   * Every string value and every key cleaned, structure kept; numbers that are documents
   * replaced by strings; keys that clean to the same text kept apart (keys.ts).
   */
  cleanJson(value: unknown): unknown;
  /** Each item alone. */
  cleanList(items: readonly string[]): string[];
  /**
   * Parts of one text (blocks, messages of one role, list items), so a value split across
   * them is caught; its replacement goes in the part where it starts and its other pieces
   * are removed (parts.ts).
   */
  cleanParts(parts: readonly string[]): string[];
  /**
   * Reads texts of the request ahead of cleaning, so that a name given in full in a later
   * message also masks its earlier mentions ("o adeyemi aqui" before "Olusegun Adeyemi").
   * Costs one more pass of the name model over those texts.
   */
  rememberNames(texts: readonly string[]): void;
  /** One item per category found, in a fixed order; never values or offsets. */
  findings(): Finding[];
  /** Placeholder → original value, for restoring a reply. Never log it. */
  readonly map: PlaceholderMap;
}

/** snake_case and camelCase: how programs name fields, never how people write names. */
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$|^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$|^_/;

/**
 * One cleaner per request: all parts of a request share its placeholder numbering, its
 * findings and the name words found so far (a surname alone in a later message is masked).
 */
export function createCleaner(options: CleanerOptions): Cleaner {
  const { policy } = options;
  const find: FindOptions = {
    categories: options.categories,
    includeBusinessPhones: options.includeBusinessPhones,
    names: options.names,
    nameSensitivity: options.nameSensitivity,
    nameMemory: new NameMemory(),
  };
  const map = new PlaceholderMap();
  const counts = new Map<Category, number>();

  function replacement(m: Match, original: string): string {
    counts.set(m.category, (counts.get(m.category) ?? 0) + 1);
    if (policy === 'placeholder') return map.assign(m.category, m.key, original);
    return redactMarker(m.category);
  }

  function apply(text: string, matches: Match[], offset: number): string {
    let out = '';
    let pos = offset;
    for (const m of matches) {
      out += text.slice(pos, m.start) + replacement(m, text.slice(m.start, m.end));
      pos = m.end;
    }
    return out + text.slice(pos);
  }

  function cleanText(text: string): string {
    const matches = findAll(text, find);
    return matches.length === 0 ? text : apply(text, matches, 0);
  }

  /** A value under a JSON key is read with the key as its context ("cpf": "52998224725"). */
  function cleanKeyed(key: string, value: string): string {
    const prefix = key + ': ';
    const joined = prefix + value;
    const matches = findAll(joined, find).filter((m) => m.start >= prefix.length);
    return matches.length === 0 ? value : apply(joined, matches, prefix.length);
  }

  function cleanParts(parts: readonly string[]): string[] {
    if (parts.length < 2) return parts.map(cleanText);
    const matches = findInParts(parts, (t) => findAll(t, find));
    return matches.length === 0 ? parts.slice() : applyToParts(parts, matches, replacement);
  }

  // Keys found clean once need no second scan: most objects repeat the same few keys.
  const cleanKeys = new Set<string>();
  // A key written as a program identifier ("json_schema", "reasoning_effort", "firstName")
  // is a field name, not prose: the name model reads its parts as lone words and takes
  // English ones for surnames. Such keys are read by the other detectors only (a CPF or an
  // e-mail as a key is still found); a key with spaces is read as text.
  const findInIdentifier: FindOptions = { ...find, names: false };
  function cleanKey(key: string): string {
    if (cleanKeys.has(key)) return key;
    const matches = findAll(key, IDENTIFIER.test(key) ? findInIdentifier : find);
    const cleaned = matches.length === 0 ? key : apply(key, matches, 0);
    if (cleaned === key) cleanKeys.add(key);
    return cleaned;
  }

  function cleanNumber(key: string | null, n: number): unknown {
    if (key === null || !Number.isSafeInteger(n) || n < 0) return n;
    const digits = String(n);
    // Leading zeros are lost in a JSON number: an 11-digit document (CPF, CNH, PIS,
    // RENAVAM) may come as 9–10 digits, a título de eleitor as 10–11, a CNPJ as 12–13.
    const candidates = [digits];
    if (digits.length >= 9 && digits.length < 11) candidates.push(digits.padStart(11, '0'));
    if (digits.length >= 10 && digits.length < 12) candidates.push(digits.padStart(12, '0'));
    if (digits.length >= 12 && digits.length < 14) candidates.push(digits.padStart(14, '0'));
    for (const c of candidates) {
      const cleaned = cleanKeyed(key, c);
      if (cleaned !== c) return cleaned;
    }
    return n;
  }

  function walk(value: unknown, key: string | null, depth: number): unknown {
    if (depth > MAX_DEPTH) throw new PrivacyInputError('too_deep');
    if (typeof value === 'string') return key === null ? cleanText(value) : cleanKeyed(key, value);
    if (typeof value === 'number') return cleanNumber(key, value);
    if (Array.isArray(value)) return value.map((v) => walk(v, key, depth + 1));
    if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      const renamed: string[] = [];
      const values: unknown[] = [];
      // Key then value, in order, so placeholders are numbered as the text reads. The
      // value keeps the original key as its context: the reader of the JSON sees that one.
      for (const k of keys) {
        renamed.push(cleanKey(k));
        values.push(walk((value as Record<string, unknown>)[k], k, depth + 1));
      }
      const names = distinctKeys(keys, renamed);
      const out: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) setKey(out, names[i]!, values[i]);
      return out;
    }
    return value;
  }

  const remember = (texts: readonly string[]) => {
    for (const t of texts) rememberNamesIn(t, find);
  };
  return new RequestCleaner(
    policy,
    map,
    counts,
    cleanText,
    (value) => walk(value, null, 0),
    cleanParts,
    remember,
  );
}

/**
 * What createCleaner hands out. A class, not an object literal: a literal with a getter
 * (`blocked`) is built by a runtime call on every request, about 4 µs — more than the rest
 * of the cleaner's set-up together.
 */
class RequestCleaner implements Cleaner {
  constructor(
    readonly policy: Policy,
    readonly map: PlaceholderMap,
    private readonly counts: ReadonlyMap<Category, number>,
    readonly cleanText: (text: string) => string,
    readonly cleanJson: (value: unknown) => unknown,
    readonly cleanParts: (parts: readonly string[]) => string[],
    readonly rememberNames: (texts: readonly string[]) => void,
  ) {}

  get blocked(): boolean {
    return this.policy === 'block' && this.counts.size > 0;
  }

  cleanList(items: readonly string[]): string[] {
    return items.map(this.cleanText);
  }

  findings(): Finding[] {
    const out: Finding[] = [];
    for (const category of CATEGORIES) {
      const count = this.counts.get(category);
      if (count) out.push({ category, count, action: this.policy });
    }
    return out;
  }
}
