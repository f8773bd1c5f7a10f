// The accounting tap on a stream: the usage is known only at the end, and a stream can end
// in three ways (finished, failed, the caller hung up); each must be counted once — as
// usage against the quota and, for a charged call, as the settlement of its charge. One
// pass over the events serves both.
import type { StreamEvent, Usage } from '../models/types.js';

/** What a stream consumed: the usage the provider reported, and the text it streamed (for a charge without usage). */
export type Consumed = (usage: Usage, streamedChars: number) => void;

/** Passes a stream through, noting its usage and streamed text; `done` runs once, however the stream ends. */
export async function* accounted(
  batches: AsyncIterable<StreamEvent[]>,
  done: Consumed,
): AsyncGenerator<StreamEvent[]> {
  const usage: Usage = { input: 0, output: 0 };
  let chars = 0;
  try {
    for await (const batch of batches) {
      for (const ev of batch) {
        if (ev.kind === 'text') chars += ev.text.length;
        else if (ev.kind === 'args') chars += ev.json.length;
        else if (ev.kind === 'usage') {
          // Providers report usage in parts (input first, output at the end), each a running total.
          if (ev.input !== undefined) usage.input = ev.input;
          if (ev.output !== undefined) usage.output = ev.output;
        }
      }
      yield batch;
    }
  } finally {
    done(usage, chars);
  }
}
