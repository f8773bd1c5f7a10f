// API key secrets: `svck_` + 32 base62 characters (≈190 bits) + a 6-character base62
// CRC-32 of the body, so that mistyped or truncated keys are rejected offline, before any
// database work (the approach GitHub's token formats take). Only a keyed hash is stored.
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { hmac } from '../crypto.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY = 32;
const CHECK = 6;
export const KEY_PREFIX = 'svck_';
const SHAPE = /^svck_[0-9A-Za-z]{38}$/;

function base62(n: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body) >>> 0, CHECK);
}

/**
 * A new secret. `bytes` supplies the randomness (default: the CSPRNG); the internal service
 * key passes a keyed hash stream instead, so every instance derives the same key.
 */
export function generateSecret(bytes: (n: number) => Buffer = randomBytes): string {
  // Rejection sampling keeps every character uniform (248 = 4 × 62).
  let body = '';
  for (let round = 0; body.length < BODY; round++) {
    for (const byte of bytes(48 + round)) {
      if (byte < 248 && body.length < BODY) body += ALPHABET[byte % 62];
    }
  }
  return KEY_PREFIX + body + checksum(body);
}

/** True when the string has the shape and checksum of a key this service could have issued. */
export function isWellFormed(secret: string): boolean {
  if (!SHAPE.test(secret)) return false;
  const body = secret.slice(KEY_PREFIX.length, KEY_PREFIX.length + BODY);
  return secret.slice(KEY_PREFIX.length + BODY) === checksum(body);
}

/** The stored form of a secret: HMAC-SHA256 under a key derived from SVC_SECRET. */
export function secretHash(pepper: Buffer, secret: string): string {
  return hmac(pepper, secret);
}
