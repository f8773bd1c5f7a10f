// Gateways for telemetry and showcase tests: `n` apps on one storage (SQLite, or a fresh
// PostgreSQL schema when DATABASE_URL is set), listening on loopback, sharing one
// controllable clock, each capturing its own log lines.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayApp } from '../../../src/gateway/app.js';
import { createGatewayDeps } from '../../../src/gateway/deps.js';
import type { App } from '../../../src/platform/http/app.js';
import { loadConfig } from '../../../src/config.js';
import { createContext } from '../../../src/context.js';
import type { Context } from '../../../src/platform/context.js';
import { createLogger } from '../../../src/platform/logger.js';
import { LogCapture } from '../../helpers/context.js';
import { testStorage } from '../../helpers/db.js';

export const ORIGIN = 'https://svc.example.com';
export const OPERATOR_TOKEN = 'operator-token-0123456789abcdef';
export const WORKER_TOKEN = 'worker-token-0123456789abcdefgh';

/** A clock the test moves; starts at a fixed instant in the middle of a UTC day. */
export class Clock {
  constructor(public ms = Date.parse('2026-03-10T12:00:00Z')) {}
  now = () => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface Instance {
  ctx: Context;
  app: App;
  url: string;
  logs: LogCapture;
}

export interface Gateways {
  list: Instance[];
  clock: Clock;
  dispose(): Promise<void>;
}

export function writeConfig(config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-telemetry-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

export async function gateways(
  n: number,
  options: { env?: Record<string, string>; file?: unknown; clock?: Clock; listen?: boolean } = {},
): Promise<Gateways> {
  const storage = await testStorage();
  const clock = options.clock ?? new Clock();
  const env: Record<string, string> = {
    ...storage.env,
    SVC_SECRET: 'test-secret-test-secret-test-secret-0000',
    PUBLIC_ORIGIN: ORIGIN,
    OPERATOR_TOKEN,
    WORKER_TOKEN,
    ...options.env,
  };
  if (options.file !== undefined) env.SVC_CONFIG = writeConfig(options.file);
  for (const [k, v] of Object.entries(env)) if (v === '') delete env[k];
  const config = loadConfig(env);
  const list: Instance[] = [];
  for (let i = 0; i < n; i++) {
    const logs = new LogCapture();
    const ctx = await createContext(config, createLogger('info', undefined, logs));
    const app = await createGatewayApp(ctx, createGatewayDeps(ctx, { now: clock.now }));
    let url = '';
    if (options.listen !== false) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    } else {
      await app.ready();
    }
    list.push({ ctx, app, url, logs });
  }
  return {
    list,
    clock,
    dispose: async () => {
      for (const g of list) {
        await g.app.close();
        await g.ctx.db.close();
      }
      await storage.drop();
    },
  };
}

/** A browser's user agent (not a robot for isbot). */
export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
