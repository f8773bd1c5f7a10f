// The worker loop: claims ingestion jobs (its own instance's and any other's), runs a few at
// once, extends the lease while a job runs (a slow model call must not let another instance
// take the job over), retries failures with backoff. `wake()` starts work at once after a
// local enqueue; other instances' jobs are found by polling. `stop()` lets running jobs
// finish for a moment, then aborts them — they go back to the queue, nothing is lost.
import type { Logger } from '../platform/logger.js';
import type { Db } from '../platform/db/index.js';
import { AnalysisUnavailable } from './analysis.js';
import { PermanentJobError } from './ingest.js';
import { type ClaimedJob, claimJob, completeJob, failJob } from './jobs.js';
import { PlatformError } from './platform.js';
import { backoff, type InsightsSettings } from './settings.js';

export interface Worker {
  wake(): void;
  stop(graceMs?: number): Promise<void>;
  /** Resolves when no job is running and none is due (tests). */
  idle(): Promise<void>;
}

export type JobHandler = (job: ClaimedJob, signal: AbortSignal) => Promise<string>;

function errorCode(err: unknown): string {
  if (err instanceof PlatformError || err instanceof PermanentJobError || err instanceof AnalysisUnavailable)
    return err.code;
  return 'internal_error';
}

export function startWorker(db: Db, settings: InsightsSettings, handler: JobHandler, log: Logger): Worker {
  const abort = new AbortController();
  const running = new Set<Promise<void>>();
  let stopped = false;
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];

  const schedule = () => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void pump(), settings.pollMs);
  };

  async function run(job: ClaimedJob): Promise<void> {
    const heartbeat = setInterval(
      () => {
        db.kysely
          .updateTable('insight_jobs')
          .set({ lease_expires_at: settings.now() + settings.leaseMs })
          .where('id', '=', job.id)
          .where('lease_token', '=', job.lease_token)
          .execute()
          .catch(() => {});
      },
      Math.max(50, Math.floor(settings.leaseMs / 3)),
    );
    try {
      if (job.attempts > settings.maxAttempts) throw new PermanentJobError('attempts_exhausted');
      const outcome = await handler(job, abort.signal);
      const mine = await completeJob(db, job, settings.now());
      log.info({ job: job.id, attempt: job.attempts, outcome, fenced: !mine }, 'insight job done');
    } catch (err) {
      const code = abort.signal.aborted ? 'aborted' : errorCode(err);
      const permanent = err instanceof PermanentJobError || job.attempts >= settings.maxAttempts;
      // A job cut short by shutdown is due again at once, on whichever instance runs.
      const retryAt =
        permanent && code !== 'aborted'
          ? undefined
          : code === 'aborted'
            ? settings.now()
            : settings.now() + backoff(settings, job.attempts);
      const state = await failJob(db, job, code, retryAt, settings.now()).catch(() => 'lost' as const);
      const fields = { job: job.id, attempt: job.attempts, code, state };
      if (state === 'failed') log.error(fields, 'insight job failed');
      else log.warn(fields, 'insight job attempt failed');
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function pump(): Promise<void> {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopped && running.size < settings.concurrency) {
          const job = await claimJob(db, settings.leaseMs, settings.now());
          if (!job) break;
          const p: Promise<void> = run(job).finally(() => {
            running.delete(p);
            void pump();
          });
          running.add(p);
        }
      } while (again && !stopped);
    } catch (err) {
      log.error(
        { error: (err as Error).name, code: (err as { code?: string }).code },
        'insight job claim failed',
      );
    } finally {
      pumping = false;
    }
    if (running.size === 0 && !again) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
    schedule();
  }

  // First look right away: jobs written before a restart are waiting.
  timer = setTimeout(() => void pump(), 0);

  return {
    wake: () => void pump(),
    async stop(graceMs = 5_000) {
      stopped = true;
      clearTimeout(timer);
      if (running.size > 0) {
        let t: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((r) => {
            t = setTimeout(r, graceMs);
          }),
        ]);
        clearTimeout(t);
      }
      abort.abort();
      while (running.size > 0) await Promise.allSettled([...running]);
      for (const w of idleWaiters) w();
      idleWaiters = [];
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        void pump();
      }),
  };
}
