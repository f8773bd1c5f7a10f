// How much the public demonstration may be used: a few texts per minute and a few dozen a
// day per network (an IPv4 address, an IPv6 /64), and a ceiling for everyone together, so
// that it shows the barrier to a visitor and cannot serve as a free cleaning API. Counted
// in the limits' shared counters (Redis or the database), so every instance sees the same
// totals; the network is kept only as a keyed hash.
import { hmac } from '../../platform/crypto.js';
import { networkOf } from '../../platform/identity/throttle.js';
import type { Counters } from '../limits/counters.js';

export const DEMO_LIMITS = {
  /** Characters (code points) of one text. */
  chars: 2000,
  /** Bytes of one request body: the longest text, escaped, fits with room to spare. */
  bodyBytes: 16 * 1024,
  perMinute: 5,
  perDay: 50,
  /** Every network together, per minute. */
  everyone: 120,
} as const;

const MINUTE = 60_000;
const DAY = 86_400_000;

export type Allowance = { ok: true } | { ok: false; retryAfter: number; why: 'network' | 'everyone' };

/** Counts one use by `address` at `now`; answers whether it is within the allowance. */
export async function takeDemoUse(
  counters: Counters,
  networkKey: Buffer,
  address: string,
  now: number,
): Promise<Allowance> {
  const network = hmac(networkKey, networkOf(address)).slice(0, 32);
  const minute = Math.floor(now / MINUTE);
  const day = Math.floor(now / DAY);
  const minuteEnd = (minute + 1) * MINUTE;
  const dayEnd = (day + 1) * DAY;
  const [inMinute, inDay] = await Promise.all([
    counters.add(`demo:${network}:m${minute}`, 1, minuteEnd + MINUTE),
    counters.add(`demo:${network}:d${day}`, 1, dayEnd + MINUTE),
  ]);
  const wait = (end: number) => Math.max(1, Math.ceil((end - now) / 1000));
  if (inDay > DEMO_LIMITS.perDay) return { ok: false, retryAfter: wait(dayEnd), why: 'network' };
  if (inMinute > DEMO_LIMITS.perMinute) return { ok: false, retryAfter: wait(minuteEnd), why: 'network' };
  // Only uses a network was allowed count for everyone: one busy network cannot use up the
  // shared ceiling and shut the demonstration for every other visitor.
  const everyone = await counters.add(`demo:*:m${minute}`, 1, minuteEnd + MINUTE);
  if (everyone > DEMO_LIMITS.everyone) return { ok: false, retryAfter: wait(minuteEnd), why: 'everyone' };
  return { ok: true };
}
