// Metering of streams: the usage is known only at the end, and a stream can end in three
// ways (finished, failed, the caller hung up); each must be counted once.
import type { StreamEvent, Usage } from '../models/types.js';

/** Passes a stream through, noting its usage; `done` runs however the stream ends. */
export async function* metered(
  batches: AsyncIterable<StreamEvent[]>,
  done: (usage: Usage) => void,
): AsyncGenerator<StreamEvent[]> {
  const usage: Usage = { input: 0, output: 0 };
  try {
    for await (const batch of batches) {
      for (const ev of batch) {
        // Providers report usage in parts (input first, output at the end), each a running total.
        if (ev.kind !== 'usage') continue;
        if (ev.input !== undefined) usage.input = ev.input;
        if (ev.output !== undefined) usage.output = ev.output;
      }
      yield batch;
    }
  } finally {
    done(usage);
  }
}
