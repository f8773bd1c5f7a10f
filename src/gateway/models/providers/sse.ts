// Server-sent events from an upstream body: bytes in, `{event, data}` out. Handles
// events and lines split across chunks, CRLF, comments and multi-line data. Events are
// yielded in batches, one per network chunk, so that the gateway writes one chunk for one:
// per-event writes cost a syscall each and dominate the cost of a fast stream.
import type { SseEvent } from './types.js';

export async function* readSse(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent[]> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event: string | null = null;
  let data: string[] = [];
  let first = true;
  for await (const chunk of body) {
    const batch: SseEvent[] = [];
    buffer += decoder.decode(chunk, { stream: true });
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      let line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (data.length || event !== null) batch.push({ event, data: data.join('\n') });
        event = null;
        data = [];
        // The first event alone, before the rest of its chunk is parsed: the first byte to the caller waits for it.
        if (first && batch.length > 0) {
          first = false;
          yield batch.splice(0);
        }
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') data.push(value);
        else if (field === 'event') event = value;
      }
      nl = buffer.indexOf('\n');
    }
    if (batch.length) yield batch;
  }
  if (data.length) yield [{ event, data: data.join('\n') }];
}
