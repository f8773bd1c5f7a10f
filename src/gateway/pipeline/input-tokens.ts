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

/** The text of the conversation as it goes upstream, as one string to count. */
function textOf(conv: Conversation): string {
  return JSON.stringify([conv.system, conv.messages, conv.tools ?? null]);
}

export function countInputTokens(conv: Conversation): Promise<number> {
  return countText(textOf(conv));
}

/** The tokens of one text (above COUNTED_CHARS, an estimate scaled from its head). */
export async function countText(text: string): Promise<number> {
  const count = await warmTokenizer();
  if (text.length <= COUNTED_CHARS) return count(text);
  const head = count(text.slice(0, COUNTED_CHARS));
  return Math.ceil((head * text.length) / COUNTED_CHARS);
}
