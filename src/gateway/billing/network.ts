// What the per-network daily caps count: the client's network (an IPv4 address or an IPv6
// /64), kept only as an HMAC so the tables hold no address.
import { randomBytes } from 'node:crypto';
import { hmac } from '../../platform/crypto.js';
import { networkOf } from '../../platform/identity/throttle.js';
import { deriveKey } from '../../platform/secret.js';

const keys = new Map<string, Buffer>();

export function networkKey(secret: string, address: string): string {
  let key = keys.get(secret);
  if (!key) {
    key = deriveKey(secret, 'credit-network');
    keys.set(secret, key);
  }
  return hmac(key, networkOf(address)).slice(0, 32);
}

/** A request or charge id: 32 hexadecimal characters (SPEC). */
export const hexId = () => randomBytes(16).toString('hex');

export const HEX_ID = '^[0-9a-f]{32}$';

export const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
