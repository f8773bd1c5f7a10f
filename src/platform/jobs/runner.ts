// The runner: claims jobs of the kinds registered with it (its own instance's and any
// other's), runs a few at once, heartbeats each lease (a lost lease aborts the work), and
// completes or fails every job with its fencing token. `wake()` looks for work at once
// after a local enqueue; other instances' jobs are found by polling, and each poll also
// sweeps expired leases. `stop()` lets running jobs finish for a moment, then aborts them —
// they go back to the queue, due at once, nothing is lost.
import type { Db } from '../db/index.js';
import type { Logger } from '../logger.js';
import { errorCode, isPermanent } from './errors.js';
import { backoffMs, claim, complete, fail, heartbeat, type Lease, sweepExpired } from './queue.js';
import type { JobRegistry } from './registry.js';

export interface RunnerOptions {
  /** Jobs run at once by this process. */
  concurrency: number;
  /** How often an idle runner looks for jobs other instances wrote, and sweeps expired leases (ms). */
  pollMs: number;
  /** How long a claim belongs to its holder without a heartbeat (ms). */
  leaseMs: number;
  /** Heartbeat interval (ms); a third of the lease by default. */
  heartbeatMs?: number;
  /** First retry delay, doubling per attempt up to maxBackoffMs (ms). */
  backoffMs: number;
  maxBackoffMs: number;
  now?: () => number;
}

export interface Runner {
  wake(): void;
  stop(graceMs?: number): Promise<void>;
  /** Resolves when no job is running and none is due (tests). */
  idle(): Promise<void>;
}

export function startRunner(db: Db, registry: JobRegistry, options: RunnerOptions, log: Logger): Runner {
  const now = options.now ?? Date.now;
  const kinds = registry.kinds();
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  let stopped = false;
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];

  async function run(lease: Lease): Promise<void> {
    const own = new AbortController();
    const signal = AbortSignal.any([stopping.signal, own.signal]);
    const beat = setInterval(
      () => {
        heartbeat(db, lease, options.leaseMs, now())
          .then((mine) => mine || own.abort())
          .catch(() => {});
      },
      Math.max(20, options.heartbeatMs ?? Math.floor(options.leaseMs / 3)),
    );
    const fields = { job: lease.id, kind: lease.kind, attempt: lease.attempt };
    try {
      const outcome = await registry.get(lease.kind).run(lease, signal);
      const mine = await complete(db, lease, outcome ?? {}, now());
      // Not ours any more: another holder runs (or ran) the job; our effects were rolled back.
      if (mine) log.info(fields, 'job done');
      else log.warn(fields, 'job lease lost, result discarded');
    } catch (err) {
      const code = stopping.signal.aborted ? 'aborted' : own.signal.aborted ? 'lease_lost' : errorCode(err);
      const last = isPermanent(err) || lease.attempt >= lease.maxAttempts;
      // A job cut short by shutdown is due again at once, on whichever instance runs.
      const retryAt =
        code === 'aborted'
          ? now()
          : last
            ? undefined
            : now() + backoffMs(lease.attempt, options.backoffMs, options.maxBackoffMs);
      const state = await fail(db, lease, code, retryAt, now()).catch(() => 'lost' as const);
      if (state === 'failed') log.error({ ...fields, code, state }, 'job failed');
      else log.warn({ ...fields, code, state }, 'job attempt failed');
    } finally {
      clearInterval(beat);
    }
  }

  async function pump(sweep = false): Promise<void> {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      if (sweep) {
        const swept = await sweepExpired(db, now(), kinds);
        if (swept.requeued + swept.failed > 0) log.warn(swept, 'expired job leases swept');
      }
      do {
        again = false;
        while (!stopped && running.size < options.concurrency) {
          const lease = await claim(db, kinds, options.leaseMs, now());
          if (!lease) break;
          const p: Promise<void> = run(lease).finally(() => {
            running.delete(p);
            void pump();
          });
          running.add(p);
        }
      } while (again && !stopped);
    } catch (err) {
      log.error({ error: (err as Error).name, code: errorCode(err) }, 'job claim failed');
    } finally {
      pumping = false;
    }
    if (running.size === 0 && !again) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void pump(true), options.pollMs);
  }

  // First look right away: jobs written before a restart are waiting.
  timer = setTimeout(() => void pump(true), 0);

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
      stopping.abort();
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
