// Server-sent events from an upstream body: bytes in, events out. Handles events and
// lines split across chunks, CRLF, comments, multi-line data and a leading BOM. Events are
// yielded in batches, one per network chunk, so that the gateway writes one chunk for one:
// per-event writes cost a syscall each and dominate the cost of a fast stream.
//
// The reader works on the bytes as a one-byte string (latin1: one character per byte)
// and decodes UTF-8 only where text is read. SSE's syntax is ASCII, so lines split the
// same; decoding a whole chunk up front cost more than everything else the reader does
// (Portuguese text made it a two-byte string, twice the memory for the collector), while
// most events are text deltas whose bytes are only compared (text-frame.ts) and whose
// texts are decoded together, once per run (events.ts).

/** A byte string (one character per byte) as the UTF-8 text it encodes. */
export const utf8 = (bytes: string): string => Buffer.from(bytes, 'latin1').toString('utf8');

/** Text as the byte string of its UTF-8 encoding: what `utf8` reverses. */
export const bytesOf = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

/** One server-sent event as read from the upstream. */
export class SseEvent {
  #data: string | undefined;

  /**
   * `event` is compared as bytes (every vendor's event names are ASCII); `raw` is the data
   * field's bytes, `data` its text, decoded on first use.
   */
  constructor(
    readonly event: string | null,
    readonly raw: string,
  ) {}

  get data(): string {
    if (this.#data === undefined) this.#data = utf8(this.raw);
    return this.#data;
  }
}

const BOM = '\xef\xbb\xbf';

/**
 * Events in batches, one per network chunk. While `alone()` answers true, each event is
 * yielded as soon as it is read instead: a caller that has yet to send its first byte must
 * not wait for the rest of a large chunk to be parsed.
 */
export async function* readSse(
  body: AsyncIterable<Uint8Array>,
  alone: () => boolean = () => false,
): AsyncGenerator<SseEvent[]> {
  let buffer = '';
  let event: string | null = null;
  let data: string | null = null;
  let start = true;
  for await (const chunk of body) {
    const batch: SseEvent[] = [];
    buffer += Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    if (start) {
      // The stream's first three bytes may be a byte-order mark, which SSE ignores.
      if (buffer.length < BOM.length && BOM.startsWith(buffer)) continue;
      start = false;
      if (buffer.startsWith(BOM)) buffer = buffer.slice(BOM.length);
    }
    // Lines are read in place (offsets into the buffer): one slice per value, not per line.
    let pos = 0;
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const end = nl > pos && buffer.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      if (end === pos) {
        if (data !== null || event !== null) {
          batch.push(new SseEvent(event, data ?? ''));
          if (alone()) yield batch.splice(0);
        }
        event = null;
        data = null;
      } else if (buffer.charCodeAt(pos) !== 58 /* ':' starts a comment */) {
        const colon = buffer.indexOf(':', pos);
        const fieldEnd = colon < 0 || colon > end ? end : colon;
        let from = fieldEnd === end ? end : fieldEnd + 1;
        if (buffer.charCodeAt(from) === 32 && from < end) from++;
        const length = fieldEnd - pos;
        if (length === 4 && buffer.startsWith('data', pos)) {
          const value = buffer.slice(from, end);
          data = data === null ? value : `${data}\n${value}`;
        } else if (length === 5 && buffer.startsWith('event', pos)) event = buffer.slice(from, end);
      }
      pos = nl + 1;
      nl = buffer.indexOf('\n', pos);
    }
    buffer = buffer.slice(pos);
    if (batch.length) yield batch;
  }
  if (data !== null) yield [new SseEvent(event, data)];
}
