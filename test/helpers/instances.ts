// `n` listening gateways, each its own context and app, on one storage (and whatever env adds):
// what several instances behind a load balancer share (the database, Redis).
import { connect } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import pino from 'pino';
import { createGatewayApp } from '../../src/gateway/app.js';
import { createGatewayDeps } from '../../src/gateway/deps.js';
import type { Limits } from '../../src/gateway/limits/index.js';
import type { App } from '../../src/platform/http/app.js';
import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/context.js';
import type { Context } from '../../src/platform/context.js';
import { testStorage } from './db.js';
import { makeKey } from './gateway.js';
import type { TestContext } from './context.js';

export interface Instance {
  ctx: Context;
  app: App;
  /** The app's limits, to write the usage gathered in memory before reading it back. */
  limits: Limits;
  origin: string;
  openai(secret: string): OpenAI;
  anthropic(secret: string): Anthropic;
}

export async function gateways(n: number, env: Record<string, string> = {}) {
  const storage = await testStorage();
  const config = loadConfig({
    ...storage.env,
    SVC_SECRET: 'test-secret-test-secret-test-secret-0000',
    ...env,
  });
  const list: Instance[] = [];
  for (let i = 0; i < n; i++) {
    const ctx = await createContext(config, pino({ level: 'silent' }));
    const deps = createGatewayDeps(ctx);
    const app = await createGatewayApp(ctx, deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    list.push({
      ctx,
      app,
      limits: deps.limits,
      origin,
      openai: (secret) => new OpenAI({ apiKey: secret, baseURL: `${origin}/v1`, maxRetries: 0 }),
      anthropic: (secret) => new Anthropic({ apiKey: secret, baseURL: origin, maxRetries: 0 }),
    });
  }
  return {
    list,
    key: (options: Parameters<typeof makeKey>[1] = {}) => makeKey(list[0]!.ctx as TestContext, options),
    dispose: async () => {
      for (const g of list) {
        await g.app.close();
        await g.ctx.db.close();
      }
      await storage.drop();
    },
  };
}

/** Counters are per minute: start a burst well inside one, so it cannot straddle two. */
export async function freshMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 50));
}

export const REDIS_URL = 'redis://127.0.0.1:6379';

/** Why the Redis part cannot run (no server answering PING at REDIS_URL), or undefined. */
export function redisMissing(url: string): Promise<string | undefined> {
  const { hostname, port } = new URL(url);
  const reason = `no Redis answers at ${url}; start one (redis-server) to run these tests`;
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const finish = (why: string | undefined) => {
      socket.destroy();
      done(why);
    };
    // Generous: on a loaded machine the answer can take seconds; a missing server errors at once.
    socket.setTimeout(15_000, () => finish(reason));
    socket.on('error', () => finish(reason));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => finish(data.toString().startsWith('+PONG') ? undefined : reason));
  });
}
