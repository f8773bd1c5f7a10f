// PostgreSQL hints between instances: a job finished or handed back on one instance wakes
// the waiters of another at once (LISTEN/NOTIFY), not at its next poll. Instance A is a
// gateway; instance B is a second WorkerJobs on its own connection pool to the same schema,
// as a second process would be. On SQLite (one process per file) there is nothing to hint.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { createGatewayApp } from '../../../src/gateway/app.js';
import { createGatewayDeps, type GatewayDeps } from '../../../src/gateway/deps.js';
import { noCharges, WorkerJobs } from '../../../src/gateway/workers/index.js';
import { workerSettings } from '../../../src/gateway/workers/settings.js';
import { type Db, openDb } from '../../../src/platform/db/index.js';
import type { App } from '../../../src/platform/http/app.js';
import { type TestContext, testContext } from '../../helpers/context.js';
import { onPostgres } from '../../helpers/db.js';
import { makeKey } from '../../helpers/gateway.js';
import { waitFor } from '../../helpers/wait.js';
import { WORKER_TOKEN, writeConfig } from './helpers.js';

describe(
  'worker job hints between instances (PostgreSQL)',
  {
    skip: onPostgres ? false : 'PostgreSQL only',
  },
  () => {
    let ctx: TestContext;
    let deps: GatewayDeps;
    let app: App;
    let dbB: Db;
    let b: WorkerJobs;
    let auth: Record<string, string>;
    const finishedOnA: string[] = [];
    let workOnA = 0;

    before(async () => {
      ctx = await testContext({ WORKER_TOKEN, SVC_CONFIG: writeConfig(tmpdir(), { waits: { speech: 0 } }) });
      deps = createGatewayDeps(ctx);
      app = await createGatewayApp(ctx, deps);
      await app.ready();
      const signals = deps.workerJobs.signals;
      const jobFinished = signals.jobFinished.bind(signals);
      signals.jobFinished = (id) => {
        finishedOnA.push(id);
        jobFinished(id);
      };
      const workAvailable = signals.workAvailable.bind(signals);
      signals.workAvailable = () => {
        workOnA++;
        workAvailable();
      };
      dbB = openDb({ dataDir: ctx.config.dataDir, databaseUrl: ctx.config.databaseUrl });
      b = new WorkerJobs(dbB, workerSettings(ctx.config), noCharges, ctx.logger);
      b.start();
      auth = { authorization: `Bearer ${(await makeKey(ctx)).secret}` };
    });
    after(async () => {
      await b.stop();
      await dbB.close();
      await app.close();
      await ctx.dispose();
    });

    it('a job completed on B wakes its waiters on A; a job handed back on B wakes A’s workers', async () => {
      const worker = await app.inject({
        method: 'POST',
        url: '/api/worker/register',
        headers: { authorization: `Bearer ${WORKER_TOKEN}` },
        payload: { name: 'b', version: '1', capabilities: ['svc.speech'] },
      });
      const workerId = { id: worker.json().worker_id as string, key: worker.json().worker_key as string };
      const created = await app.inject({
        method: 'POST',
        url: '/v1/audio/speech',
        headers: auth,
        payload: { text: 'um' },
      });
      assert.equal(created.statusCode, 202);
      const id = created.json().id as string;

      const leased = await b.lease(workerId, ['svc.speech'], 5_000, new AbortController().signal);
      assert.equal(leased?.id, id);
      const before = workOnA;
      await b.release(leased.id, { token: leased.lease_token });
      await waitFor('A to hear that work was handed back on B', () => workOnA > before);

      const again = await b.lease(workerId, ['svc.speech'], 5_000, new AbortController().signal);
      assert.equal(again?.id, id);
      assert.ok(!finishedOnA.includes(id));
      await b.complete(
        again.id,
        { token: again.lease_token },
        { type: 'audio/mpeg', bytes: Buffer.from('mp3') },
      );
      await waitFor('A to hear that the job finished on B', () => finishedOnA.includes(id));
    });
  },
);
