// Text deltas of a Responses API stream read without JSON.parse, as text-frame.ts reads the
// other formats'. There no two deltas are the same bytes around their text: each carries
// its own sequence number, and OpenAI pads each with a random `obfuscation` string. So the
// frame here is the event's text with those two read apart: the fixed opening, the number,
// the learned middle (item id, output and content index) up to the text, the text, then a
// tail that may hold only empty logprobs and the padding. Anything else takes the full parse.
import type { SseEvent } from '../sse.js';
import { NEEDS_DECODING } from '../text-frame.js';
import type { FrameReader } from '../types.js';

const TYPE = 'response.output_text.delta';
const OPENING = `{"type":"${TYPE}","sequence_number":`;
const TAIL = /^(?:,"logprobs":\[\])?(?:,"obfuscation":"[\w+/=-]*")?\}$/;

/** Where the sequence number that follows the opening ends, or -1 when there is none. */
function afterNumber(data: string): number {
  if (!data.startsWith(OPENING)) return -1;
  let i = OPENING.length;
  while (i < data.length && data.charCodeAt(i) >= 48 && data.charCodeAt(i) <= 57) i++;
  return i === OPENING.length ? -1 : i;
}

export class DeltaFrame implements FrameReader {
  /** From after the sequence number through `"delta":"`. */
  #middle = '';
  key = '';

  match(ev: SseEvent): string | null {
    const middle = this.#middle;
    if (middle === '' || ev.event !== TYPE) return null;
    const data = ev.data;
    const from = afterNumber(data);
    if (from < 0 || data.slice(from, from + middle.length) !== middle) return null;
    const start = from + middle.length;
    const end = data.indexOf('"', start);
    if (end < 0) return null;
    const text = data.slice(start, end);
    // No backslash in the text, so the quote found is the one that ends it.
    return NEEDS_DECODING.test(text) || !TAIL.test(data.slice(end + 1)) ? null : text;
  }

  /** After a full parse found that `data` is one text delta, `text`, of block `key`. */
  learn(ev: SseEvent, text: string, key: string): void {
    if (this.#middle !== '' || ev.event !== TYPE || text === '' || NEEDS_DECODING.test(text)) return;
    const data = ev.data;
    const from = afterNumber(data);
    if (from < 0) return;
    const needle = `"delta":"${text}"`;
    const at = data.indexOf(needle, from);
    if (at < 0 || data.indexOf(needle, at + 1) >= 0 || !TAIL.test(data.slice(at + needle.length))) return;
    this.#middle = data.slice(from, at + needle.length - text.length - 1);
    this.key = key;
  }
}
