// The little of PDF syntax the structure scan (pdf-bounds.ts, pdf-drawing.ts) reads: an
// object's dictionary as text, a dictionary's entries, references, filters, names with `#xx`
// escapes, and the XObjects a content stream invokes with `Do`. A tolerant tokenizer on
// latin1 text, not a parser: what it cannot read, it does not count.

export interface PdfObject {
  /** The object's dictionary (or whole body, when it has no stream). */
  dict: string;
  /** Decoded size of its stream, if it has one. */
  streamBytes?: number;
  /** An image's stream, decoded only if a page uses it as content (a mislabelled content stream). */
  undecoded?: { data: Buffer; filters: string[] };
  /** XObject names its stream invokes with `Do`, and how many times each (content streams, forms). */
  draws?: Map<string, number>;
}

export type Objects = Map<string, PdfObject>;

const REF = /(\d+)\s+\d+\s+R\b/g;

/** The value of `/key` in a dictionary: a reference, a <<dictionary>>, an [array] or a token. */
export function entry(dict: string, key: string): string | undefined {
  const m = new RegExp(`/${key}(?![A-Za-z0-9])\\s*`).exec(dict);
  if (!m) return undefined;
  const at = m.index + m[0].length;
  const ref = /^\d+\s+\d+\s+R\b/.exec(dict.slice(at, at + 40));
  if (ref) return ref[0];
  const open = dict.startsWith('<<', at) ? '<<' : dict[at] === '[' ? '[' : undefined;
  if (!open) return /^\S*/.exec(dict.slice(at))![0];
  const close = open === '<<' ? '>>' : ']';
  let depth = 0;
  for (let i = at; i < dict.length; i++) {
    if (dict.startsWith(open, i)) depth++;
    else if (dict.startsWith(close, i) && --depth === 0) return dict.slice(at, i + close.length);
  }
  return dict.slice(at);
}

/** The object number a value refers to (`12 0 R` → `12`), if it is a reference. */
export const refOf = (value: string | undefined): string | undefined =>
  value ? /^(\d+)\s+\d+\s+R$/.exec(value)?.[1] : undefined;

/** A value, with a reference replaced by the referenced object's dictionary. */
export function resolve(value: string | undefined, objects: Objects): string | undefined {
  const ref = refOf(value);
  return ref ? objects.get(ref)?.dict : value;
}

/** Every reference in a value, in order and with repetition. */
export const refsIn = (value: string | undefined): string[] =>
  value ? [...value.matchAll(REF)].map((r) => r[1]!) : [];

export function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  return m ? [...m[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((f) => f[1]!) : [];
}

export const isImage = (dict: string): boolean => /\/Subtype\s*\/Image\b/.test(dict);

/** A name as readers see it: `#xx` escapes written as the characters they stand for. */
export const unescapeName = (name: string): string =>
  name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The keys of a <<dictionary>> whose values are references: name → object number. */
export function namedRefs(dict: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!dict) return out;
  for (const m of dict.matchAll(/\/([^\s/[\]()<>{}%]+)\s*(\d+)\s+\d+\s+R\b/g))
    out.set(unescapeName(m[1]!), m[2]!);
  return out;
}

const SPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITER = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const regular = (b: number) => !SPACE.has(b) && !DELIMITER.has(b);
const DO = Buffer.from('Do', 'latin1');

/**
 * The XObjects a content stream invokes (`/Name Do`), with how many times each. A `Do`
 * inside a string or an inline image counts too: that only overestimates.
 */
export function countDraws(content: Buffer): Map<string, number> {
  const draws = new Map<string, number>();
  for (let at = content.indexOf(DO); at >= 0; at = content.indexOf(DO, at + 2)) {
    const after = content[at + 2];
    if (after !== undefined && regular(after)) continue;
    let end = at;
    while (end > 0 && SPACE.has(content[end - 1]!)) end--;
    if (end === at) continue; // `xDo`: part of another token
    let start = end;
    while (start > 0 && regular(content[start - 1]!)) start--;
    if (start === end || content[start - 1] !== 0x2f) continue;
    const name = unescapeName(content.toString('latin1', start, end));
    draws.set(name, (draws.get(name) ?? 0) + 1);
  }
  return draws;
}
