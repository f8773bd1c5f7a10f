// Worker jobs: the preview routes, the job routes, the worker protocol (docs/workers.md).
import type { App } from '../../platform/http/app.js';
import type { GatewayDeps } from '../deps.js';
import { registerJobRoutes } from './job-routes.js';
import { registerPreviewRoutes } from './preview-routes.js';
import type { WorkerJobs } from './service.js';
import { watchWorkerJobs } from './metrics.js';
import { registerWorkerProtocolRoutes } from './worker-routes.js';

export { type JobCharges, noCharges, WorkerJobs } from './service.js';

export function registerWorkerRoutes(app: App, deps: GatewayDeps): WorkerJobs {
  const jobs = deps.workerJobs;
  jobs.start();
  watchWorkerJobs(jobs.db, jobs.settings.freshMs);
  app.addHook('preClose', async () => jobs.drain());
  app.addHook('onClose', async () => jobs.stop());
  registerPreviewRoutes(app, jobs, deps.ctx.config.publicOrigin);
  registerJobRoutes(app, jobs);
  registerWorkerProtocolRoutes(app, jobs);
  return jobs;
}
