// Most events of a model stream are text deltas that differ from one another only in
// their text: the same bytes before it (id, model, index…), the same bytes after it. Once
// one such event has been parsed in full, the later events in that same frame are read by
// comparing the frame and taking the text between: no JSON.parse per token, which was
// most of the gateway's cost per streamed event. Anything else (a text that needs JSON
// escapes, a field that changed, a tool call, the final chunk) takes the full parse.
import type { SseEvent } from './sse.js';

/** A JSON string body that is the text itself: no quote, backslash or control character. */
export const NEEDS_DECODING = /["\\\u0000-\u001f]/;

export class TextFrame {
  #event: string | null = null;
  #head = '';
  #tail = '';
  /** What the transform derived from the learned event besides its text (the block key). */
  key = '';

  /**
   * The text of `ev` when it has the learned frame and plain text inside it, else null.
   * Every character outside the text equals the learned event's, and the text holds
   * no quote that could end the string early, so the event means what the learned one meant.
   */
  match(ev: SseEvent): string | null {
    const head = this.#head;
    if (head === '' || ev.event !== this.#event) return null;
    const data = ev.data;
    const end = data.length - this.#tail.length;
    // slice + === compares flat strings with memcmp: twice as fast as startsWith/endsWith here.
    if (end < head.length || data.slice(0, head.length) !== head || data.slice(end) !== this.#tail)
      return null;
    const text = data.slice(head.length, end);
    return NEEDS_DECODING.test(text) ? null : text;
  }

  /**
   * After a full parse found that `ev` is exactly one text delta, `text`, in string field
   * `field`: remembers the characters around it. Only when the text is written verbatim and its
   * `"field":"text"` occurs once, so the frame cannot be cut at the wrong place.
   */
  learn(ev: SseEvent, field: string, text: string, key: string): void {
    if (this.#head !== '' || text === '' || NEEDS_DECODING.test(text)) return;
    const needle = `"${field}":"${text}"`;
    const at = ev.data.indexOf(needle);
    if (at < 0 || ev.data.indexOf(needle, at + 1) >= 0) return;
    this.#event = ev.event;
    this.#head = ev.data.slice(0, at + field.length + 4);
    this.#tail = ev.data.slice(at + needle.length - 1);
    this.key = key;
  }
}
