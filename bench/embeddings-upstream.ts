// The fake OpenAI embeddings server of bench/embeddings.ts, in its own process: 1536-number
// vectors (text-embedding-3-small's width), float or base64 as asked, nothing kept.
// Sends its origin to the parent over IPC.
import { FakeEmbeddings } from '../test/fakes/embeddings.js';

const fake = await new FakeEmbeddings(1536).start();
fake.received.push = () => 0; // do not keep every request in memory
process.send?.({ origin: fake.url });
process.on('SIGTERM', () => void fake.stop().then(() => process.exit(0)));
