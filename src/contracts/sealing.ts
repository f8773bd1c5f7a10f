// Contract texts, analysis results and chat turns hold personal data: they are encrypted at
// rest with a key of their own, derived from SVC_SECRET.
import { decrypt, encrypt } from '../platform/crypto.js';
import { deriveKey } from '../platform/secret.js';

export interface Sealer {
  seal(value: unknown): string;
  open<T>(sealed: string): T;
}

export function createSealer(secret: string): Sealer {
  const key = deriveKey(secret, 'contracts-data');
  return {
    seal: (value) => encrypt(key, JSON.stringify(value)),
    open: <T>(sealed: string) => JSON.parse(decrypt(key, sealed)) as T,
  };
}
