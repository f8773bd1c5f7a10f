// The commit this build came from (written to dist/build.json by the build).
import { readFileSync } from 'node:fs';

let cached: string | undefined;

export function buildId(): string {
  if (cached === undefined) {
    try {
      const url = new URL('../../build.json', import.meta.url); // dist/src/platform/ → dist/
      cached = (JSON.parse(readFileSync(url, 'utf8')) as { commit?: string }).commit || 'unknown';
    } catch {
      cached = process.env.SVC_BUILD || 'unknown';
    }
  }
  return cached;
}
