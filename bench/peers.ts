// Benchmark peers (autocannon, openredaction, Portkey's gateway…) and the heavy tools of a
// few optional tests live in bench/package.json and are installed apart from the project
// (`npm run bench:install`, which CI runs), so that `npm install` stays light. They are found
// here, from the compiled files under dist/, in bench/node_modules.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** bench/package.json of this checkout (this file runs as dist/bench/peers.js or dist/test/…). */
const BENCH_PACKAGE = new URL('../../bench/package.json', import.meta.url);

export const INSTALL_HINT = 'run `npm run bench:install` first (benchmark peers install apart)';

/** The file a peer's `require` or bare import resolves to, or undefined when it is not installed. */
export function peerPath(specifier: string): string | undefined {
  try {
    return createRequire(BENCH_PACKAGE).resolve(specifier);
  } catch {
    return undefined;
  }
}

/** The module of an installed peer; a clear error naming the install command when it is missing. */
export async function peer<T>(name: string): Promise<T> {
  const path = peerPath(name);
  if (!path) throw new Error(`${name} is not installed: ${INSTALL_HINT}`);
  return (await import(pathToFileURL(path).href)) as T;
}

/** What the benches read from an autocannon run (its own typings install with it). */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  '2xx': number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

export type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

export async function autocannon(): Promise<Autocannon> {
  return (await peer<{ default: Autocannon }>('autocannon')).default;
}

/** openredaction's detector, as the comparisons use it. */
export interface OpenRedactionDetector {
  detect(text: string): Promise<{ detections: { type: string; position: [number, number] }[] }>;
}

export async function openRedaction(options: Record<string, unknown>): Promise<OpenRedactionDetector> {
  const mod = await peer<{ OpenRedaction: new (o: Record<string, unknown>) => OpenRedactionDetector }>(
    'openredaction',
  );
  return new mod.OpenRedaction(options);
}
