// Line structure for names: a name never runs from one line into the next unless the
// next line continues the first (a paragraph wrapped at a fixed width). In a signature
// ("Abraços,⏎Renata Quintela⏎renata.q@…") or under a label ("Remetente:⏎Otávio Lins⏎Av. …")
// the next line is another field: an e-mail, an address, a role.
import { TAG_B, TAG_I } from './model.js';
import type { Tokens } from './tokenize.js';

/**
 * Shortest line that may be a wrapped one: e-mail clients wrap at 72–78 characters and
 * extracted PDF lines are longer still, while a form's or a signature's lines are short.
 */
export const WRAPPED_LINE = 48;

/**
 * Whether the gap text[from, to) between two words ends a line: it holds a line break,
 * and the line before it is not a wrapped line's head (long, ending in a letter, one
 * break only).
 */
export function endsLine(text: string, from: number, to: number): boolean {
  let breaks = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 10 || c === 13 || c === 0x2028) {
      breaks++;
      if (c === 13 && text.charCodeAt(k + 1) === 10) k++;
    }
  }
  if (breaks === 0) return false;
  if (breaks > 1) return true;
  const lineStart = text.lastIndexOf('\n', from - 1) + 1;
  if (from - lineStart < WRAPPED_LINE) return true;
  const last = text.charCodeAt(from - 1);
  return !isLetter(last);
}

function isLetter(c: number): boolean {
  return (
    (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7)
  );
}

/** Whether tokens t-1 and t are on lines that a name may not span. */
export function splitsLines(text: string, tok: Tokens, t: number): boolean {
  const from = tok.end[t - 1]!;
  const to = tok.start[t]!;
  return to > from && endsLine(text, from, to);
}

/**
 * A name word after a line break that ends a line starts a new name: whatever joined
 * it to the line above (a rule or the decoder), the lines are separate fields.
 */
export function splitNamesAtLines(text: string, tok: Tokens, tags: Uint8Array, n: number): void {
  for (let t = 1; t < n; t++) {
    if (tags[t] === TAG_I && splitsLines(text, tok, t)) tags[t] = TAG_B;
  }
}
