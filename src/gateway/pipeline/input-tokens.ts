// A prompt's token count for the reservation of a paid call (docs/payments.md "Paid calls"):
// a real BPE tokenizer — gpt-tokenizer with o200k_base, the encoding of GPT-4o and later —
// instead of UTF-8 bytes / 3, which under-reserved text that tokenizes densely. Other
// vendors' tokenizers differ by some percent either way: what the vendor finally reports is
// what is charged (billing at usage), the count only sizes the reservation.
//
// The encoding's tables take about 0.4 s and 70 MB to load, so they load once, in the
// background as soon as a process knows it will charge calls (warmTokenizer), else at the
// first charged call. Text is counted as plain text: a `<|endoftext|>` typed by a user is
// tokens like any other, never an error.
import type { Conversation } from '../models/types.js';

type Count = (text: string) => number;
let counter: Promise<Count> | undefined;

/** Longer text is counted on its first this-many characters and scaled: a bound on the CPU per call. */
const COUNTED_CHARS = 512 * 1024;
const PLAIN = { disallowedSpecial: new Set<string>() };

export function warmTokenizer(): Promise<Count> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then(
    (m) => (text: string) => m.countTokens(text, PLAIN),
  );
  return counter;
}

/**
 * An image's tokens, whatever its size: above what the vendors charge for one of the
 * images the gateway sends (Anthropic: pixels / 750, about 1,600 for a page; OpenAI: 85 +
 * 170 per 512-pixel tile at high detail, 1,105 for a page).
 */
export const IMAGE_TOKENS = 1600;

/** The text of the conversation as it goes upstream, as one string to count; images apart. */
function textOf(conv: Conversation): { text: string; images: number } {
  let images = 0;
  const text = JSON.stringify([conv.system, conv.messages, conv.tools ?? null], function (key, value) {
    // An image's base64 is not text a tokenizer reads: the vendor counts its pixels.
    if (key === 'data' && (this as { type?: unknown }).type === 'image') {
      images++;
      return '';
    }
    return value;
  });
  return { text, images };
}

export function countInputTokens(conv: Conversation): Promise<number> {
  const { text, images } = textOf(conv);
  return countText(text, images * IMAGE_TOKENS);
}

/** The tokens of one text (above COUNTED_CHARS, an estimate scaled from its head), plus `extra`. */
export async function countText(text: string, extra = 0): Promise<number> {
  const count = await warmTokenizer();
  if (text.length <= COUNTED_CHARS) return count(text) + extra;
  const head = count(text.slice(0, COUNTED_CHARS));
  return Math.ceil((head * text.length) / COUNTED_CHARS) + extra;
}
