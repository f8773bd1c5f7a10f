// What a caller hands a pool with each file: whose it is (for the fair share) and a signal
// that stops it (a deadline, a client that went away). The pools announce their tasks on a
// diagnostics channel, so tests and metrics can see the order of work and the threads
// they stop, without the pools knowing who listens.
import { channel } from 'node:diagnostics_channel';
import { DocumentError } from './errors.js';

export interface JobOptions {
  /** Whose file it is (an organisation, an account): each owner gets a fair share of the pool. */
  owner?: string;
  /** Aborting it takes the task out of line, or ends the thread running it. */
  signal?: AbortSignal;
}

export interface JobEvent {
  pool: 'pdf' | 'ocr';
  /**
   * start: a thread took the task; stopped: the thread running it is being ended (deadline,
   * cancel); exit: a PDF thread has ended (Node's own 'exit': the thread no longer runs).
   */
  event: 'queued' | 'start' | 'end' | 'stopped' | 'exit';
  owner: string;
  /** The thread that runs the task (worker_threads threadId), for start/end/stopped. */
  threadId?: number;
}

export const jobEvents = channel('svc.documents.jobs');

export function announce(event: JobEvent): void {
  if (jobEvents.hasSubscribers) jobEvents.publish(event);
}

/** The owner of files that name none: they all share one line. */
export const NO_OWNER = '-';

/** Why the signal was aborted, as a DocumentError (the caller's own reason when it is one). */
export function abortReason(signal: AbortSignal): DocumentError {
  const reason = signal.reason as unknown;
  if (reason instanceof DocumentError) return reason;
  if (reason instanceof Error && reason.name === 'TimeoutError') return new DocumentError('timeout');
  return new DocumentError('cancelled');
}

/**
 * A signal for one request: aborted with DocumentError('timeout') after `timeoutMs`, or with
 * DocumentError('cancelled') by `cancel()`. `dispose()` clears the timer.
 */
export function deadline(timeoutMs: number): { signal: AbortSignal; cancel(): void; dispose(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DocumentError('timeout', timeoutMs)), timeoutMs);
  timer.unref();
  return {
    signal: controller.signal,
    cancel: () => controller.abort(new DocumentError('cancelled')),
    dispose: () => clearTimeout(timer),
  };
}
