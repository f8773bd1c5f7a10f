// Server-sent events from an upstream body: bytes in, events out. Handles events and
// lines split across chunks, CRLF, comments, multi-line data and a leading BOM. Events are
// yielded in batches, one per network chunk, so that the gateway writes one chunk for one:
// per-event writes cost a syscall each and dominate the cost of a fast stream.
// The bytes are decoded by a streaming TextDecoder, which keeps a UTF-8 character split
// between two chunks whole and drops the byte-order mark SSE ignores.

/** One server-sent event as read from the upstream. */
export class SseEvent {
  constructor(
    readonly event: string | null,
    readonly data: string,
  ) {}
}

/**
 * Events in batches, one per network chunk. While `alone()` answers true, each event is
 * yielded as soon as it is read instead: a caller that has yet to send its first byte must
 * not wait for the rest of a large chunk to be parsed.
 */
export async function* readSse(
  body: AsyncIterable<Uint8Array>,
  alone: () => boolean = () => false,
): AsyncGenerator<SseEvent[]> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event: string | null = null;
  let data: string | null = null;
  for await (const chunk of body) {
    const batch: SseEvent[] = [];
    buffer += decoder.decode(chunk, { stream: true });
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
