// Restoration of placeholders in a model's reply, whole or streamed. Only placeholders
// present in the request's map are replaced; "[CPF_99]" or any other bracketed text is
// left as it is.
import type { PlaceholderLookup } from './placeholders.js';
import { PLACEHOLDER } from './registry.js';

export function restoreText(text: string, map: PlaceholderLookup): string {
  if (!text.includes('[')) return text;
  return text.replace(PLACEHOLDER, (p) => map.get(p) ?? p);
}

/**
 * Yields the chunks with placeholders restored. A chunk's tail is held back only when
 * it could still grow into a known placeholder ("[", "[CP", "[CPF_1" when "[CPF_1]" or
 * "[CPF_12]" is in the map); everything before it goes out at once, so a placeholder
 * split across chunks is restored whole and nothing else waits.
 */
export async function* restoreStream(
  chunks: AsyncIterable<string> | Iterable<string>,
  map: PlaceholderLookup,
): AsyncGenerator<string> {
  const prefixes = new Set<string>();
  let longest = 0;
  for (const p of map.placeholders()) {
    for (let k = 1; k < p.length; k++) prefixes.add(p.slice(0, k));
    longest = Math.max(longest, p.length);
  }
  let pending = '';
  for await (const chunk of chunks) {
    const buf = pending + chunk;
    const open = buf.lastIndexOf('[');
    let cut = buf.length;
    if (open >= 0 && buf.length - open < longest && prefixes.has(buf.slice(open))) cut = open;
    pending = buf.slice(cut);
    if (cut > 0) yield restoreText(buf.slice(0, cut), map);
  }
  if (pending) yield pending;
}
