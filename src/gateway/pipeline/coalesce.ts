// Deltas that arrive together leave together. An upstream that is faster than the gateway
// (or a gateway under load) hands over many events per network read; each costs a frame,
// its JSON and its bytes on the way out, and the caller's SDK parses every one. Runs of
// text (or tool-argument) deltas of one block within one batch become one delta with the
// same text: nothing waits for it (the batch is already here), and a stream that trickles
// in, one event per read, goes out exactly as it came.
import type { StreamEvent } from '../models/types.js';

type Delta = Extract<StreamEvent, { kind: 'text' | 'args' }>;

const isDelta = (ev: StreamEvent): ev is Delta => ev.kind === 'text' || ev.kind === 'args';
const pieceOf = (ev: Delta): string => (ev.kind === 'text' ? ev.text : ev.json);

export function coalesce(batch: StreamEvent[]): StreamEvent[] {
  if (batch.length < 2) return batch;
  const out: StreamEvent[] = [];
  // The run being gathered: its first event (already in `out`, last) and its pieces.
  let head: Delta | null = null;
  let pieces: string[] = [];
  const close = () => {
    if (head !== null && pieces.length > 1) {
      const joined = pieces.join('');
      out[out.length - 1] =
        head.kind === 'text'
          ? { kind: 'text', key: head.key, text: joined }
          : { kind: 'args', key: head.key, json: joined };
    }
    head = null;
    pieces = [];
  };
  for (const ev of batch) {
    if (head !== null && isDelta(ev) && ev.kind === head.kind && ev.key === head.key) {
      pieces.push(pieceOf(ev));
      continue;
    }
    close();
    out.push(ev);
    if (isDelta(ev)) {
      head = ev;
      pieces.push(pieceOf(ev));
    }
  }
  close();
  return out;
}
