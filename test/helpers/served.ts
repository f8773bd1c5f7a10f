// A real `svc serve` process on test storage that the test seeded first (keys,
// organisations, credit) through a context of its own, closed before the process starts.
import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/context.js';
import type { TestContext } from './context.js';
import { LogCapture } from './context.js';
import { type TestStorage, testStorage } from './db.js';
import { type Child, spawnSvc } from './process.js';
import { createLogger } from '../../src/platform/logger.js';

export const SECRET = 'test-secret-test-secret-test-secret-0000';

export interface Seeded<T> {
  storage: TestStorage;
  /** Storage and secret: what a process needs to open the same data. */
  env: Record<string, string>;
  seed: T;
}

export async function seededStorage<T>(
  seed: (ctx: TestContext) => Promise<T>,
  env: Record<string, string> = {},
): Promise<Seeded<T>> {
  const storage = await testStorage();
  const full = { ...storage.env, SVC_SECRET: SECRET, ...env };
  const logs = new LogCapture();
  const ctx = await createContext(loadConfig(full), createLogger('silent', undefined, logs));
  try {
    const value = await seed({ ...ctx, logs, dispose: async () => {} });
    return { storage, env: full, seed: value };
  } finally {
    await ctx.db.close();
  }
}

export const anyPorts = { GATEWAY_PORT: '0', CONTRACTS_PORT: '0', INSIGHTS_PORT: '0' };

/** `svc serve <args>` with `env`; resolves once it printed its listening line. */
export async function serve(
  args: string[],
  env: Record<string, string>,
): Promise<{ child: Child; urls: Record<string, string> }> {
  const child = spawnSvc(['serve', ...args], { ...anyPorts, ...env });
  try {
    const line = await child.waitFor((l) => l.event === 'listening', 90_000);
    return { child, urls: line.urls as Record<string, string> };
  } catch (err) {
    child.proc.kill('SIGKILL');
    throw err;
  }
}
