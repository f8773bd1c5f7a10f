import { Writable } from 'node:stream';
import { createLogger } from '../../src/platform/logger.js';
import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/context.js';
import type { Context } from '../../src/platform/context.js';
import { testStorage } from './db.js';

/** Collects every log line, so tests can grep them for personal data. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

export interface TestContext extends Context {
  logs: LogCapture;
  dispose(): Promise<void>;
}

export async function testContext(env: Record<string, string> = {}): Promise<TestContext> {
  const storage = await testStorage();
  const logs = new LogCapture();
  const logger = createLogger('info', undefined, logs);
  const config = loadConfig({
    ...storage.env,
    SVC_SECRET: 'test-secret-test-secret-test-secret-0000',
    ...env,
  });
  const ctx = await createContext(config, logger);
  return {
    ...ctx,
    logs,
    dispose: async () => {
      await ctx.db.close();
      await storage.drop();
    },
  };
}
