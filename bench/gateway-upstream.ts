// The fake OpenAI-compatible upstream of bench/gateway-overhead.ts, in its own process.
// Sends its origin to the parent over IPC. Answers as fast as it can (no artificial splitting).
import { fakeOpenAI } from '../test/fakes/openai.js';

const fake = await fakeOpenAI();
const echo = fake.handler;
fake.handler = (req) => {
  const plan = echo(req);
  return 'events' in plan ? { ...plan, split: undefined } : plan;
};
fake.received.push = () => 0; // do not keep every request in memory
process.send?.({ origin: fake.url });
process.on('SIGTERM', () => void fake.stop().then(() => process.exit(0)));
