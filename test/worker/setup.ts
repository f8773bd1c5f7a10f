// Real processes for the worker tests: `svc serve gateway` instances and `svc worker`
// processes on one storage, a fake embeddings upstream on loopback, and a context on the
// same storage for keys and for reading the database.
import { tmpdir } from 'node:os';
import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/context.js';
import type { Context } from '../../src/platform/context.js';
import { FakeEmbeddings } from '../fakes/embeddings.js';
import { testStorage, type TestStorage } from '../helpers/db.js';
import { type KeyFixture, makeKey } from '../helpers/gateway.js';
import { type Child, spawnSvc } from '../helpers/process.js';
import { WORKER_TOKEN, writeConfig } from '../gateway/workers/helpers.js';
import { waitFor } from '../helpers/wait.js';

const SECRET = 'worker-process-secret-worker-process-secret';

export interface Cluster {
  storage: TestStorage;
  fake: FakeEmbeddings;
  ctx: Context;
  key: KeyFixture;
  env: Record<string, string>;
  children: Child[];
  gateway(): Promise<{ child: Child; url: string }>;
  worker(url: string, args?: string[]): Promise<Child>;
  dispose(): Promise<void>;
}

/** `reference`: more upstreams of the reference worker (`workers.reference`) beside the fake embeddings. */
export async function cluster(
  workers: Record<string, unknown>,
  reference: Record<string, unknown> = {},
): Promise<Cluster> {
  const storage = await testStorage();
  const fake = await new FakeEmbeddings().start();
  const config = writeConfig(tmpdir(), {
    ...workers,
    reference: { embeddings: { base_url: fake.url, model: 'fake-emb', api_key: 'up-key' }, ...reference },
  });
  const env = {
    ...storage.env,
    SVC_SECRET: SECRET,
    GATEWAY_PORT: '0',
    WORKER_TOKEN,
    SVC_CONFIG: config,
  };
  const ctx = await createContext(loadConfig({ ...env, LOG_LEVEL: 'silent' }));
  const key = await makeKey(ctx as never);
  const children: Child[] = [];
  return {
    storage,
    fake,
    ctx,
    key,
    env,
    children,
    async gateway() {
      const child = spawnSvc(['serve', 'gateway'], env);
      children.push(child);
      const line = await child.waitFor((l) => l.event === 'listening', 120_000);
      return { child, url: (line.urls as Record<string, string>).gateway! };
    },
    async worker(url, args = []) {
      const child = spawnSvc(['worker', '--gateway', url, ...args], env);
      children.push(child);
      await child.waitFor((l) => l.event === 'worker_ready', 120_000);
      return child;
    },
    async dispose() {
      for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
      await Promise.all(children.map((c) => c.exit()));
      await ctx.db.close();
      await fake.stop();
      await storage.drop();
    },
  };
}

/** test/helpers/wait.ts's polling, with the longer deadline real worker processes need. */
export async function waitUntil(test: () => Promise<boolean> | boolean, timeoutMs = 60_000, stepMs = 50) {
  await waitFor('the condition', test, { timeoutMs, everyMs: stepMs });
}
