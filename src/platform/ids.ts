import { randomFillSync } from 'node:crypto';

const ID_BYTES = 12;
/**
 * Random bytes drawn 3 KB at a time and handed out 12 by 12: one `randomBytes(12)` per id
 * cost several µs of CPU (a call into OpenSSL and a new Buffer each), a model call makes one
 * to three ids, and the bytes are the same CSPRNG's either way (Node caches randomUUID's
 * the same way). docs/contributing/performance.md, "CPU per request".
 */
const pool = Buffer.alloc(ID_BYTES * 256);
let next = pool.length;

/** A random, URL-safe id with a readable prefix, e.g. `acc_3kT9…`. 96 bits are plenty for ids. */
export function newId(prefix: string): string {
  if (next + ID_BYTES > pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const id = pool.toString('base64url', next, next + ID_BYTES);
  next += ID_BYTES;
  return `${prefix}_${id}`;
}
