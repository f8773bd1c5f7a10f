// One durable job queue for every area: enqueue, claim with a lease and a fencing token,
// heartbeat, fenced complete/fail, sweeper, handler registry per kind, runner loop.
export { errorCode, isPermanent, PermanentJobError } from './errors.js';
export {
  backoffMs,
  cancel,
  claim,
  complete,
  countByStatus,
  DEFAULT_MAX_ATTEMPTS,
  type Effects,
  enqueue,
  fail,
  type FailState,
  heartbeat,
  type Lease,
  type NewJob,
  sweepExpired,
} from './queue.js';
export {
  deleteJobs,
  expireWaiting,
  FINISHED,
  finishedBefore,
  finishedIds,
  hasDueJob,
  type JobRow,
  queuedByKind,
  readJobRow,
  replacePayload,
  statusesOf,
} from './rows.js';
export { type JobHandler, type JobOutcome, JobRegistry } from './registry.js';
export { type Runner, type RunnerOptions, startRunner } from './runner.js';
export type { JobStatus, JobsTable } from './tables.js';
