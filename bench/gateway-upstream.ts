// The fake OpenAI-compatible upstream of bench/gateway-overhead.ts and bench/processes.ts, in
// its own process. Sends its origin to the parent over IPC. Answers as fast as it can (no
// artificial splitting), or after argv[2] milliseconds, as a vendor generating does.
import { fakeOpenAI } from '../test/fakes/openai.js';

const delay = Number(process.argv[2] ?? 0);
const fake = await fakeOpenAI();
const echo = fake.handler;
fake.handler = (req) => {
  const plan = echo(req);
  const fast = 'events' in plan ? { ...plan, split: undefined } : plan;
  return delay > 0 ? { delay, next: fast } : fast;
};
fake.received.push = () => 0; // do not keep every request in memory
process.send?.({ origin: fake.url });
process.on('SIGTERM', () => void fake.stop().then(() => process.exit(0)));
