// In-process cost of reading an upstream's stream into our events (providers/events.ts):
// the stream bench/gateway-overhead's fake upstream sends for its 2 KB prompt (the cleaned
// prompt echoed four characters per event, ~500 events, ~80 KB), handed over in 64 KB
// chunks as a loopback socket delivers it. Prints the median time to the first batch (what
// the caller's first byte waits for) and to the end of the stream. BENCH_BASELINE=<other
// checkout>/dist/bench runs that build's reader too, in interleaved rounds, for
// before/after figures.
// Usage: npm run build && node dist/bench/stream-events.js [rounds]
import { chatStreamTransform } from '../src/gateway/models/providers/openai/response.js';
import { upstreamEvents } from '../src/gateway/models/providers/events.js';
import type { StreamTransform } from '../src/gateway/models/providers/types.js';
import { createCleaner } from '../src/privacy/index.js';
import { openaiEcho } from '../test/fakes/openai.js';
import { type Received, sseText } from '../test/fakes/upstream.js';
import { median, PROMPT_2KB } from './lib.js';

const ROUNDS = Number(process.argv[2] ?? 20);
const CALLS = 200; // per round and reader

type Reader = {
  upstreamEvents: (body: AsyncIterable<Uint8Array>, t: StreamTransform) => AsyncIterable<unknown[]>;
  chatStreamTransform: () => StreamTransform;
};
const readers: [string, Reader][] = [['this build', { upstreamEvents, chatStreamTransform }]];
const baseline = process.env.BENCH_BASELINE;
if (baseline) {
  const src = `${baseline}/../src/gateway/models/providers`;
  readers.push([
    'baseline',
    {
      upstreamEvents: (await import(`${src}/events.js`)).upstreamEvents,
      chatStreamTransform: (await import(`${src}/openai/response.js`)).chatStreamTransform,
    },
  ]);
}

const content = createCleaner({ policy: 'placeholder' }).cleanText(PROMPT_2KB);
const request = {
  model: 'm',
  stream: true,
  stream_options: { include_usage: true },
  messages: [{ role: 'user', content }],
};
const plan = openaiEcho({ body: request } as Received);
if (!('events' in plan)) throw new Error('the fake did not stream');
const wire = Buffer.from(sseText(plan.events));
const chunks: Uint8Array[] = [];
for (let at = 0; at < wire.length; at += 65536) chunks.push(wire.subarray(at, at + 65536));

async function once(reader: Reader): Promise<[number, number]> {
  const body = (async function* () {
    yield* chunks;
  })();
  const start = performance.now();
  let first = 0;
  for await (const _ of reader.upstreamEvents(body, reader.chatStreamTransform()))
    if (!first) first = performance.now();
  return [first - start, performance.now() - start];
}

const times = readers.map(() => ({ first: [] as number[], total: [] as number[] }));
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, [, reader]] of readers.entries()) {
    for (let k = 0; k < CALLS; k++) {
      const [first, total] = await once(reader);
      // The first quarter of the rounds warms the JIT up.
      if (round < ROUNDS / 4) continue;
      times[i]!.first.push(first);
      times[i]!.total.push(total);
    }
  }
}
console.log(`${plan.events.length} events, ${wire.length} bytes in ${chunks.length} chunks`);
console.log('| reader | first batch, µs (median) | whole stream, µs (median) |');
console.log('|---|---|---|');
for (const [i, [name]] of readers.entries()) {
  const t = times[i]!;
  console.log(
    `| ${name} | ${(median(t.first) * 1000).toFixed(1)} | ${(median(t.total) * 1000).toFixed(1)} |`,
  );
}
