// An upstream's event stream as ours: SSE bytes → the provider's transform → our events, in
// batches of one network chunk each.
import type { StreamEvent } from '../types.js';
import { readSse } from './sse.js';
import type { StreamTransform } from './types.js';

/**
 * Text deltas in the frame the transform learned are read without it (text-frame.ts) and
 * gathered: a run of them becomes one delta, so the barrier and the writer handle one
 * event where the upstream sent many. A run ends at any other event and at the end of its
 * batch, so a stream that trickles in, a delta per read, leaves as it came.
 */
export async function* upstreamEvents(
  body: AsyncIterable<Uint8Array>,
  transform: StreamTransform,
): AsyncGenerator<StreamEvent[]> {
  const { frame } = transform;
  let first = true;
  // Until the first of our events is out, upstream events are read one at a time: an
  // upstream's opening events (a role, a message start) may give the caller nothing, and
  // the first that does should not wait for the rest of its network chunk to be parsed.
  for await (const batch of readSse(body, () => first)) {
    let out: StreamEvent[] = [];
    let run = '';
    for (const ev of batch) {
      const text = frame.match(ev);
      if (text !== null) {
        run += text;
        continue;
      }
      if (run !== '') {
        out.push({ kind: 'text', key: frame.key, text: run });
        run = '';
      }
      for (const mine of transform.next(ev)) out.push(mine);
      // The first event goes out alone: an upstream that sends much at once (a fast
      // server, a cached answer) would otherwise hold the first byte until all of it is
      // transformed.
      if (first && out.length > 0) {
        first = false;
        yield out;
        out = [];
      }
    }
    if (run !== '') out.push({ kind: 'text', key: frame.key, text: run });
    if (out.length) yield out;
  }
}
