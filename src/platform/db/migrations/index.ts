// Every migration, in order. Names sort lexically; the same set runs on both dialects.
import type { Migration } from 'kysely';
import * as m0001 from './0001-meta.js';

export const migrations: Record<string, Migration> = {
  '0001-meta': m0001,
};
