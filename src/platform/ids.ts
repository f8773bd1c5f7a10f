import { randomBytes } from 'node:crypto';

/** A random, URL-safe id with a readable prefix, e.g. `acc_3kT9…`. 96 bits are plenty for ids. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}
