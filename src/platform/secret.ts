// The master secret (SVC_SECRET). When unset it is generated once and kept in the data
// directory. Sub-keys are derived per purpose so that one leaked key does not expose others.
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function ensureSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv !== undefined) return fromEnv;
  const path = join(dataDir, 'secret');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx' so that two processes starting together cannot overwrite each other's secret.
    writeFileSync(path, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
    throw err;
  }
}

/** A 32-byte key for one purpose ("audit", "session", …), derived from the master secret. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'svc', purpose, 32));
}

/** A stable, non-reversible fingerprint of the secret, to detect instances configured differently. */
export function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('svc-secret-fingerprint').digest('base64url').slice(0, 22);
}
