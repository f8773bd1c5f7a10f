// Server-sent events from an upstream body: bytes in, `{event, data}` out. Handles
// events and lines split across chunks, CRLF, comments and multi-line data. Events are
// yielded in batches, one per network chunk, so that the gateway writes one chunk for one:
// per-event writes cost a syscall each and dominate the cost of a fast stream.
import type { SseEvent } from './types.js';

export async function* readSse(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent[]> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event: string | null = null;
  let data: string | null = null;
  let first = true;
  for await (const chunk of body) {
    const batch: SseEvent[] = [];
    buffer += decoder.decode(chunk, { stream: true });
    // Lines are read in place (offsets into the buffer): one slice per value, not per line.
    let pos = 0;
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const end = nl > pos && buffer.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      if (end === pos) {
        if (data !== null || event !== null) batch.push({ event, data: data ?? '' });
        event = null;
        data = null;
        // The first event alone, before the rest of its chunk is parsed: the first byte to the caller waits for it.
        if (first && batch.length > 0) {
          first = false;
          yield batch.splice(0);
        }
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
  if (data !== null) yield [{ event, data }];
}
