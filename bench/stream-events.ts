// In-process cost of reading an upstream's stream into our events (providers/events.ts):
// the stream bench/gateway-overhead's fake upstream sends for its 2 KB prompt (the cleaned
// prompt echoed four characters per event, ~500 events, ~80 KB), handed over in 64 KB
// chunks as a loopback socket delivers it. Prints the median time to the first batch (what
// the caller's first byte waits for) and to the end of the stream. The same echo in the
// Responses API's typed events (a provider with responses_api: true, ~100 KB: every event
// carries its sequence number) is read too. BENCH_BASELINE=<other checkout>/dist/bench runs
// that build's chat reader too, in interleaved rounds, for before/after figures.
// Usage: npm run build && node dist/bench/stream-events.js [rounds]
import { chatStreamTransform } from '../src/gateway/models/providers/openai/response.js';
import { upstreamEvents } from '../src/gateway/models/providers/events.js';
import { responsesStreamTransform } from '../src/gateway/models/providers/responses/response.js';
import type { StreamTransform } from '../src/gateway/models/providers/types.js';
import { createCleaner } from '../src/privacy/index.js';
import { openaiEcho } from '../test/fakes/openai.js';
import { responsesEcho } from '../test/fakes/openai-responses.js';
import { type Plan, type Received, sseText } from '../test/fakes/upstream.js';
import { median, PROMPT_2KB } from './lib.js';

const ROUNDS = Number(process.argv[2] ?? 20);
const CALLS = 200; // per round and reader

type Reader = {
  upstreamEvents: (body: AsyncIterable<Uint8Array>, t: StreamTransform) => AsyncIterable<unknown[]>;
  transform: () => StreamTransform;
  chunks: Uint8Array[];
};

const content = createCleaner({ policy: 'placeholder' }).cleanText(PROMPT_2KB);

/** A fake upstream's answer on the wire, cut as a loopback socket delivers it. */
function wireOf(plan: Plan): Uint8Array[] {
  if (!('events' in plan)) throw new Error('the fake did not stream');
  const wire = Buffer.from(sseText(plan.events));
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < wire.length; at += 65536) chunks.push(wire.subarray(at, at + 65536));
  console.log(`${plan.events.length} events, ${wire.length} bytes in ${chunks.length} chunks`);
  return chunks;
}
const chat = wireOf(
  openaiEcho({
    body: {
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content }],
    },
  } as Received),
);
const responses = wireOf(responsesEcho({ body: { model: 'm', stream: true, input: content } } as Received));

const readers: [string, Reader][] = [
  ['this build', { upstreamEvents, transform: chatStreamTransform, chunks: chat }],
  ['this build, Responses API', { upstreamEvents, transform: responsesStreamTransform, chunks: responses }],
];
const baseline = process.env.BENCH_BASELINE;
if (baseline) {
  const src = `${baseline}/../src/gateway/models/providers`;
  readers.push([
    'baseline',
    {
      upstreamEvents: (await import(`${src}/events.js`)).upstreamEvents,
      transform: (await import(`${src}/openai/response.js`)).chatStreamTransform,
      chunks: chat,
    },
  ]);
}

async function once(reader: Reader): Promise<[number, number]> {
  const body = (async function* () {
    yield* reader.chunks;
  })();
  const start = performance.now();
  let first = 0;
  for await (const _ of reader.upstreamEvents(body, reader.transform()))
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
console.log('| reader | first batch, µs (median) | whole stream, µs (median) |');
console.log('|---|---|---|');
for (const [i, [name]] of readers.entries()) {
  const t = times[i]!;
  console.log(
    `| ${name} | ${(median(t.first) * 1000).toFixed(1)} | ${(median(t.total) * 1000).toFixed(1)} |`,
  );
}
