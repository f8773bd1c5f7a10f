// Worker jobs without HTTP: submit (barrier, "no worker" rule, billing hook, store, wake),
// wait, the worker side (lease by long poll, heartbeat, complete, fail — all fenced), cancel,
// and the capability list. Throws ApiError for the HTTP layer.
import type { Db } from '../../platform/db/index.js';
import type { Listener } from '../../platform/db/notify.js';
import { newId } from '../../platform/ids.js';
import type { Logger } from '../../platform/logger.js';
import type { Principal } from '../keys/auth.js';
import type { Payer } from '../billing/payer.js';
import { type CleaningAsk, chooseCleaning } from '../orgs/cleaning-choice.js';
import { cleanInput, cleanResult } from './barrier.js';
import { capability as capabilityOf } from './capabilities.js';
import * as E from './errors.js';
import type { WorkerSettings } from './settings.js';
import { jobEntered, jobMetricsOn } from './metrics.js';
import { Signals } from './signals.js';
import {
  cancelJob,
  completeJob,
  createJob,
  failJob,
  freshWorkers,
  heartbeatJob,
  isFinished,
  type JobView,
  leaseJob,
  readJob,
  readJobCleaning,
  releaseJob,
  type Holder,
  sweepWorkerJobs,
} from './store.js';
import { touchWorker } from './identity.js';

/**
 * Billing's hooks for worker jobs (workers/charges.ts): `reserve` before a job is stored, with
 * its id, so a prepaid organisation's credit is held (or refused with an ApiError, e.g.
 * 402) and the answer carries the cost headers; `settle` once the job has finished;
 * `reconcile` from the sweep, for the jobs finished where `settle` was not called.
 */
export interface JobCharges {
  reserve(charge: {
    principal: Principal;
    capability: string;
    jobId: string;
    payer?: Payer;
    /** The URL the job was submitted to, for the x402 quote. */
    resource?: string;
  }): Promise<Record<string, string>>;
  settle(jobId: string, status: string): Promise<void>;
  reconcile(): Promise<number>;
}
export const noCharges: JobCharges = {
  reserve: async () => ({}),
  settle: async () => {},
  reconcile: async () => 0,
};

export const ownerOf = (p: Principal) => p.organizationId ?? `account:${p.accountId}`;

const iso = (ms: number) => new Date(ms).toISOString();

/** The job record of every /v1 answer about a job. */
export function jobRecord(view: JobView) {
  const binary = view.resultType !== null;
  return {
    id: view.id,
    status: view.status,
    status_url: `/v1/jobs/${view.id}`,
    capability: view.capability,
    attempts: view.attempts,
    created_at: iso(view.createdAt),
    updated_at: iso(view.updatedAt),
    finished_at: isFinished(view.status) ? iso(view.updatedAt) : null,
    error: view.error === null ? null : { code: view.error },
    result: binary ? null : view.result,
    result_url: binary ? `/v1/jobs/${view.id}/result` : null,
    result_content_type: view.resultType,
  };
}

/** PostgreSQL channel of the hints between instances: `w` (work to lease), `f:<job id>` (finished). */
const CHANNEL = 'svc_worker_jobs';

export class WorkerJobs {
  readonly signals: Signals;
  /** Aborted when the service starts draining: long polls and waits answer at once. */
  readonly #draining = new AbortController();
  #sweeper: NodeJS.Timeout | undefined;
  #listener: Listener | undefined;

  constructor(
    readonly db: Db,
    readonly settings: WorkerSettings,
    readonly charges: JobCharges,
    readonly log: Logger,
  ) {
    this.signals = new Signals(settings.pollMs);
  }

  /**
   * Sweeps expired leases and old jobs now and then, as every instance does; on PostgreSQL,
   * listens for the other instances' hints, so that their writes wake this one's waiters at
   * once instead of at the next poll.
   */
  start(): void {
    this.#listener = this.db.listen?.(CHANNEL, (payload) => {
      if (payload === 'w') this.signals.workAvailable();
      else if (payload.startsWith('f:')) this.signals.jobFinished(payload.slice(2));
    });
    const every = Math.min(10_000, Math.max(100, Math.floor(this.settings.leaseMs / 4)));
    const tick = async () => {
      try {
        const r = await sweepWorkerJobs(this.db, this.settings);
        if (r.requeued + r.failed + r.expired > 0) {
          this.log.warn(r, 'worker jobs swept');
          if (r.requeued > 0) this.#workAvailable();
        }
        await this.charges.reconcile();
      } catch (err) {
        this.log.error({ error: (err as Error).name }, 'worker job sweep failed');
      }
      this.#sweeper = setTimeout(tick, every);
      this.#sweeper.unref();
    };
    this.#sweeper = setTimeout(tick, every);
    this.#sweeper.unref();
  }

  /**
   * SIGTERM: a worker's long poll answers "no job" (204) and a caller waiting for a job
   * gets it as it stands (202 and its status_url) now, instead of holding the drain for
   * their whole wait; the job itself goes on, on whichever instance its worker reaches.
   */
  drain(): void {
    this.#draining.abort();
  }

  #untilDrained(signal: AbortSignal | undefined): AbortSignal {
    return signal ? AbortSignal.any([signal, this.#draining.signal]) : this.#draining.signal;
  }

  async stop(): Promise<void> {
    clearTimeout(this.#sweeper);
    this.#sweeper = undefined;
    await this.#listener?.close();
    this.#listener = undefined;
  }

  /** Local waiters now; the other instances through the database's hint, when it has one. */
  #hint(payload: string): void {
    this.db
      .notify?.(CHANNEL, payload)
      .catch((err: Error) =>
        this.log.warn({ error: err.name }, 'worker job hint not sent; other instances will poll'),
      );
  }

  #workAvailable(): void {
    this.signals.workAvailable();
    this.#hint('w');
  }

  async available(capability: string): Promise<boolean> {
    const workers = await freshWorkers(this.db, this.settings.freshMs);
    return workers.some((w) => w.capabilities.includes(capability));
  }

  /** The stored job and the cost headers of its answer (prepaid organisations). */
  async submit(
    principal: Principal,
    name: string,
    input: Record<string, unknown>,
    opts: {
      file?: { type: string; bytes: Buffer };
      /** What the caller asked of the barrier; the choice is kept with the job for its result. */
      asked?: CleaningAsk;
      payer?: Payer;
      resource?: string;
    } = {},
  ): Promise<{ view: JobView; headers: Record<string, string> }> {
    const { file } = opts;
    const cap = capabilityOf(name)!;
    if (!(await this.available(name))) throw E.noWorkers(name);
    const cleaning = chooseCleaning(principal, opts.asked);
    const cleaned = cleanInput(cap, input, cleaning);
    const id = newId('svcj');
    const headers = await this.charges.reserve({
      principal,
      capability: name,
      jobId: id,
      payer: opts.payer,
      resource: opts.resource,
    });
    await createJob(
      this.db,
      {
        id,
        capability: name,
        owner: ownerOf(principal),
        keyId: principal.keyId,
        cleaning,
        input: cleaned.input,
        file,
      },
      this.settings,
    );
    this.#workAvailable();
    jobEntered(name, 'queued');
    this.log.info({ job: id, capability: name }, 'worker job created');
    return { view: (await readJob(this.db, id))!, headers };
  }

  /** The job once finished, or as it stands when `waitMs` runs out. Leaving early (client gone) leaves the job alone. */
  async wait(id: string, waitMs: number, signal?: AbortSignal): Promise<JobView> {
    const done = await this.signals.until(
      { job: id },
      Date.now() + waitMs,
      async () => {
        const v = await readJob(this.db, id);
        return v && isFinished(v.status) ? v : undefined;
      },
      this.#untilDrained(signal),
    );
    return done ?? (await readJob(this.db, id))!;
  }

  async read(principal: Principal, id: string): Promise<JobView> {
    const view = await readJob(this.db, id, ownerOf(principal));
    if (!view) throw E.jobNotFound();
    return view;
  }

  async cancel(principal: Principal, id: string): Promise<JobView> {
    const view = await this.read(principal, id);
    if (!(await cancelJob(this.db, id)))
      throw E.jobFinished((await readJob(this.db, id))?.status ?? view.status);
    this.#finished(id, 'cancelled');
    this.log.info({ job: id }, 'worker job cancelled');
    return (await readJob(this.db, id))!;
  }

  // --- the worker side ---------------------------------------------------------------

  async lease(
    worker: { id: string; key: string | undefined },
    wanted: string[] | undefined,
    waitMs: number,
    signal: AbortSignal,
  ) {
    const workerId = worker.id;
    const registered = await touchWorker(this.db, workerId, worker.key);
    if (!registered) throw E.workerUnknown();
    const caps = wanted ?? registered;
    for (const c of caps) if (!capabilityOf(c)) throw E.capabilityUnknown(c);
    const deadline = Date.now() + Math.min(waitMs, this.settings.maxPollMs);
    const until = this.#untilDrained(signal);
    const job = await this.signals.until(
      'work',
      deadline,
      () => leaseJob(this.db, workerId, caps, this.settings.leaseMs),
      until,
    );
    if (job) jobEntered(job.capability, 'leased');
    return job;
  }

  async heartbeat(id: string, token: Holder) {
    const state = await heartbeatJob(this.db, id, token, this.settings.leaseMs);
    if (state === 'stale') throw E.leaseLost();
    return state === 'cancelled'
      ? { cancelled: true, lease_expires_at: null }
      : { cancelled: false, lease_expires_at: new Date(Date.now() + this.settings.leaseMs).toISOString() };
  }

  async complete(id: string, token: Holder, result: { json: unknown } | { type: string; bytes: Buffer }) {
    let stored = result;
    if ('json' in result) {
      const job = await readJobCleaning(this.db, id);
      if (!job) throw E.leaseLost();
      const cleaned = cleanResult(capabilityOf(job.capability)!, result.json, job.cleaning);
      if (cleaned.blocked) {
        // The block policy forbids keeping this text: the job fails instead of completing.
        await this.fail(id, token, 'pii_blocked');
        return;
      }
      stored = { json: cleaned.result };
    }
    this.#check(await completeJob(this.db, id, token, stored));
    this.#finished(id, 'completed');
  }

  async fail(id: string, token: Holder, code: string) {
    this.#check(await failJob(this.db, id, token, code));
    this.#finished(id, 'failed');
  }

  /** Waiters wake; the job's credit is settled (or, if this fails, by the next sweep). */
  #finished(id: string, status: 'completed' | 'failed' | 'cancelled') {
    if (jobMetricsOn()) {
      readJob(this.db, id)
        .then((job) => job && jobEntered(job.capability, status))
        .catch(() => {});
    }
    this.signals.jobFinished(id);
    this.#hint(`f:${id}`);
    this.charges
      .settle(id, status)
      .catch((err: Error) =>
        this.log.warn({ job: id, error: err.name }, 'job credit settlement deferred to the sweep'),
      );
  }

  async release(id: string, token: Holder) {
    this.#check(await releaseJob(this.db, id, token));
    this.#workAvailable();
  }

  #check(state: 'ok' | 'cancelled' | 'stale') {
    if (state === 'cancelled') throw E.jobCancelled();
    if (state === 'stale') throw E.leaseLost();
  }

  async capabilities() {
    const workers = await freshWorkers(this.db, this.settings.freshMs);
    const names = [...new Set(workers.flatMap((w) => w.capabilities))].sort();
    return {
      capabilities: names,
      workers: workers.map((w) => ({
        name: w.name,
        version: w.version,
        capabilities: w.capabilities,
        seen_at: iso(w.seenAt),
      })),
    };
  }
}
