// `svc serve … --processes N`: N serving processes behind one port (node:cluster; the
// primary accepts connections and hands them round-robin to the workers). The workers
// share state the way separate instances do — the database, and Redis when configured —
// so nothing here holds state of its own. The primary migrates once, forks, prints one
// listening line when every worker listens, restarts a worker that dies, and on
// SIGTERM/SIGINT tells each worker to drain and exits when they all have.
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Logger } from './platform/logger.js';

/** Messages between the primary and its workers (IPC). */
export type ClusterMessage = { type: 'svc:listening'; line: ListeningLine } | { type: 'svc:shutdown' };

/** What `svc serve` prints once it listens (`urls` and the addresses for people). */
export type ListeningLine = { event: 'listening'; urls: Record<string, string | undefined> } & Record<
  string,
  unknown
>;

/** `--processes` as given: a whole number from 1, or `auto` (one per core). */
export function parseProcesses(raw: string | undefined): number | undefined {
  if (raw === undefined) return 1;
  if (raw === 'auto') return availableParallelism();
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 256) return undefined;
  return Number(raw);
}

export const isClusterWorker = (): boolean => cluster.isWorker;

/** Worker side: the listening line goes to the primary instead of stdout. */
export function reportListening(line: ListeningLine): void {
  process.send?.({ type: 'svc:listening', line } satisfies ClusterMessage);
}

/** Worker side, on a failed start: closes the channel to the primary so the process can exit. */
export function leaveCluster(): void {
  if (cluster.isWorker) cluster.worker?.disconnect();
}

/** Worker side: the primary's shutdown message starts the same drain as a signal. */
export function onPrimaryShutdown(begin: () => void): void {
  if (!cluster.isWorker) return;
  process.on('message', (m: ClusterMessage | undefined) => {
    if (m?.type === 'svc:shutdown') begin();
  });
}

/** Restarts allowed in RESTART_WINDOW_MS before the primary gives up (a crash loop). */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

export interface PrimaryOptions {
  processes: number;
  log: Logger;
  graceMs: number;
  /** Called once every worker listens, with the first worker's listening line; announces it. */
  onListening(line: ListeningLine): Promise<void>;
  /** Run after the workers exited (the metrics listener). */
  close(): Promise<void>;
}

/** Primary side: forks the workers and runs until they have all exited; resolves with the exit code. */
export function runPrimary(o: PrimaryOptions): Promise<number> {
  const listening = new Set<number>();
  const restarts: number[] = [];
  let first: ListeningLine | undefined;
  let announced = false;
  let stopping = false;
  let failed = false;
  let resolveExit: (code: number) => void;
  const exited = new Promise<number>((resolve) => {
    resolveExit = resolve;
  });

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on('message', (m: ClusterMessage) => {
      if (m?.type !== 'svc:listening') return;
      // Started while the others were being stopped: it missed the message.
      if (stopping) worker.send({ type: 'svc:shutdown' } satisfies ClusterMessage);
      listening.add(worker.id);
      first ??= m.line;
      if (!announced && listening.size === o.processes) {
        announced = true;
        void o.onListening(first);
      }
    });
    return worker;
  };

  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    o.log.info({ reason, processes: Object.keys(cluster.workers ?? {}).length }, 'stopping the processes');
    for (const w of Object.values(cluster.workers ?? {})) {
      if (w?.isConnected()) w.send({ type: 'svc:shutdown' } satisfies ClusterMessage);
    }
    // Each worker cuts its own connections at the grace period; this only catches a hung one.
    setTimeout(() => {
      o.log.error('processes did not stop in time');
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      failed = true;
    }, o.graceMs + 20_000).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker.id);
    if (code !== 0 && !stopping) {
      const now = Date.now();
      while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (!announced || restarts.length >= MAX_RESTARTS) {
        // Start-up failed (the worker printed why), or a crash loop: restarting will not help.
        o.log.error(
          { code, signal },
          announced ? 'processes keep dying; stopping' : 'a process failed to start',
        );
        failed = true;
        stop('failure');
      } else {
        restarts.push(now);
        o.log.error({ code, signal }, 'a serving process died; starting another');
        fork();
        return;
      }
    } else if (code !== 0) {
      failed = true;
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      void o.close().finally(() => resolveExit(failed ? 1 : 0));
    }
  });

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (++signals > 1) {
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }
    stop(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  for (let i = 0; i < o.processes; i++) fork();
  return exited;
}
