// API-key verification on the hot path, in-process: verifications per second on one core
// and the latency the auth step adds, on the dialect under test (SQLite unless
// DATABASE_URL is set). Baseline in the same run: the cheapest possible check (format +
// checksum + HMAC, no storage), so the ratio shows what the storage look-up costs.
// Usage: npm run build && node dist/bench/key-auth.js [seconds]
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isWellFormed, secretHash } from '../src/platform/identity/api-key-secrets.js';
import { createKeyAuth } from '../src/gateway/keys/auth.js';
import { deriveKey } from '../src/platform/secret.js';
import { makeKey } from '../test/helpers/gateway.js';
import { testContext } from '../test/helpers/context.js';

const seconds = Number(process.argv[2] ?? 3);
const ctx = await testContext();
const keys = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(() => makeKey(ctx)));
const auth = createKeyAuth(ctx);
const pepper = deriveKey(ctx.secret, 'api-key');
const requests = keys.map(
  (k) =>
    ({
      headers: { authorization: `Bearer ${k.secret}` },
      socket: { remoteAddress: '127.0.0.1' },
    }) as unknown as FastifyRequest,
);
const reply = {} as FastifyReply;

async function run(label: string, step: (i: number) => Promise<unknown> | unknown) {
  for (let i = 0; i < 2000; i++) await step(i); // warm-up
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  let n = 0;
  while (performance.now() < end) {
    const t = performance.now();
    await step(n++);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const rate = n / seconds;
  console.log(
    `${label}: ${Math.round(rate).toLocaleString('en')} verifications/s, p50 ${(samples[samples.length >> 1]! * 1000).toFixed(1)} µs, p99 ${(samples[Math.floor(samples.length * 0.99)]! * 1000).toFixed(1)} µs`,
  );
  return rate;
}

const base = await run('baseline (format + checksum + HMAC, no storage)', (i) => {
  const secret = keys[i % keys.length]!.secret;
  return isWellFormed(secret) && secretHash(pepper, secret);
});
const full = await run(`full key check on ${ctx.db.dialect} (one indexed query, no cache)`, (i) =>
  auth(requests[i % requests.length]!, reply),
);
console.log(
  `ratio full / baseline: ${(full / base).toFixed(3)}; target >= 50,000/s: ${full >= 50_000 ? 'met' : 'NOT met'}`,
);
await ctx.dispose();
