// The commit this build came from (written to dist/build.json by the build), else SVC_BUILD.
import { readFileSync } from 'node:fs';
import { readEnv } from './env.js';

let cached: string | undefined;

export function buildId(): string {
  if (cached === undefined) {
    try {
      const url = new URL('../../../build.json', import.meta.url); // dist/src/platform/config/ → dist/
      cached = (JSON.parse(readFileSync(url, 'utf8')) as { commit?: string }).commit || 'unknown';
    } catch {
      cached = readEnv(process.env, []).build ?? 'unknown';
    }
  }
  return cached;
}
