// The worker loop: register, then per slot lease by long poll → run the capability with a
// heartbeat (a cancellation or a lost lease aborts it) → complete or fail. Re-registers
// every 30 s so the gateway keeps counting it while it is busy. `stop()` stops leasing,
// lets running jobs finish within the grace period, and hands back the ones that do not.
import type { Logger } from '../platform/logger.js';
import { GatewayClient, WorkerProtocolError, type LeasedJob, LeaseLostError } from './client.js';
import type { RunContext, WorkerCapability } from './registry.js';

export interface WorkerOptions {
  gateway: string;
  token: string;
  name: string;
  version: string;
  capabilities: readonly WorkerCapability[];
  config: RunContext['config'];
  concurrency?: number;
  /** Long poll per lease request (s). */
  pollSeconds?: number;
  /** How long `stop()` lets running jobs finish before handing them back (ms). */
  graceMs?: number;
  log: Logger;
}

export interface RunningWorker {
  workerId: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startWorker(o: WorkerOptions): Promise<RunningWorker> {
  const client = new GatewayClient(o.gateway, o.token);
  const names = o.capabilities.map((c) => c.name);
  const info = { name: o.name, version: o.version, capabilities: names };
  const reg = await client.register(info);
  let workerId = reg.worker_id;
  const beatMs = Math.max(100, (reg.lease_seconds * 1000) / 3);
  const polling = new AbortController();
  const hard = new AbortController();
  let stopping = false;
  o.log.info({ worker: workerId, capabilities: names }, 'worker registered');

  const refresh = setInterval(() => {
    client.register({ ...info, worker_id: workerId }).catch(() => {});
  }, 30_000);
  refresh.unref();

  async function runJob(job: LeasedJob): Promise<void> {
    const cap = o.capabilities.find((c) => c.name === job.capability);
    const own = new AbortController();
    const fields = { job: job.id, capability: job.capability, attempt: job.attempt };
    const beat = setInterval(() => {
      client
        .heartbeat(job)
        .then((r) => {
          if (r.cancelled) own.abort('cancelled');
        })
        .catch((err) => {
          if (err instanceof LeaseLostError) own.abort(err.code);
        });
    }, beatMs);
    try {
      if (!cap) throw Object.assign(new Error('unsupported'), { code: 'unsupported_capability' });
      const result = await cap.run(job, {
        signal: AbortSignal.any([own.signal, hard.signal]),
        gateway: o.gateway,
        config: o.config,
      });
      if (own.signal.aborted) throw new Error('aborted');
      await client.complete(job, result);
      o.log.info(fields, 'job completed');
    } catch (err) {
      if (own.signal.aborted) {
        o.log.warn({ ...fields, reason: String(own.signal.reason) }, 'job stopped');
      } else if (hard.signal.aborted) {
        await client.release(job).catch(() => {});
        o.log.warn(fields, 'job handed back');
      } else if (err instanceof LeaseLostError) {
        o.log.warn({ ...fields, reason: err.code }, 'job result refused');
      } else {
        const code = (err as { code?: unknown }).code;
        const safe = typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : 'worker_error';
        await client.fail(job, safe).catch(() => {});
        o.log.warn({ ...fields, code: safe }, 'job failed');
      }
    } finally {
      clearInterval(beat);
    }
  }

  async function slot(): Promise<void> {
    while (!stopping) {
      let job: LeasedJob | undefined;
      try {
        job = await client.lease(workerId, names, o.pollSeconds ?? 25, polling.signal);
      } catch (err) {
        if (stopping) break;
        if (
          err instanceof WorkerProtocolError &&
          (err.code === 'worker_not_registered' || err.code === 'worker_key_invalid')
        ) {
          workerId = (await client.register(info).catch(() => ({ worker_id: workerId }))).worker_id;
        } else {
          o.log.warn(
            { error: (err as Error).name, code: (err as WorkerProtocolError).code },
            'lease request failed',
          );
          await sleep(1000);
        }
        continue;
      }
      if (job) await runJob(job);
    }
  }

  const slots = Array.from({ length: o.concurrency ?? 1 }, () => slot());
  return {
    get workerId() {
      return workerId;
    },
    async stop() {
      stopping = true;
      clearInterval(refresh);
      polling.abort();
      let t: NodeJS.Timeout | undefined;
      const grace = new Promise((r) => {
        t = setTimeout(r, o.graceMs ?? 20_000);
      });
      await Promise.race([Promise.allSettled(slots), grace]);
      clearTimeout(t);
      hard.abort();
      await Promise.allSettled(slots);
      await Promise.allSettled(o.capabilities.map((c) => c.close?.()));
    },
  };
}
