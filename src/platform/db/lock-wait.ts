// Waiting for a database lock that another process holds, without stopping the event loop.
// SQLite's own busy handler sleeps inside the driver's synchronous call, so a write lock held
// elsewhere for 40 s froze every service of the process, health included. The server's
// connection therefore never waits inside SQLite (busy_timeout 0): a statement that finds
// the lock taken fails at once, and the caller tries again after an asynchronous pause,
// for up to DATABASE_LOCK_WAIT_MS, then gives up with DatabaseBusyError (503
// `database_busy`). PostgreSQL gets the same bound as its lock_timeout (index.ts).

/** DATABASE_LOCK_WAIT_MS's default: what SQLite's busy_timeout was before it stopped blocking. */
export const DEFAULT_LOCK_WAIT_MS = 5_000;

/** The lock was still held elsewhere when the wait ran out; nothing of the work was written. */
export class DatabaseBusyError extends Error {
  readonly code = 'DATABASE_BUSY';
  constructor(waitedMs: number, cause: unknown) {
    super(`database locked by another connection for more than ${waitedMs} ms`, { cause });
  }
}

/**
 * A lock another connection holds: SQLite's SQLITE_BUSY family, PostgreSQL's
 * lock_not_available (55P03, raised by lock_timeout), or our own DatabaseBusyError.
 */
export function isLockConflict(err: unknown): boolean {
  if (err instanceof DatabaseBusyError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code === '55P03');
}

/** SQLite's SQLITE_BUSY family alone: another connection holds the write lock. */
export const isSqliteBusy = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

/** Pauses between attempts: 2 ms doubling to 100 ms, with jitter so waiters do not march in step. */
export function pauseBefore(attempt: number): number {
  const base = Math.min(100, 2 ** Math.min(attempt, 7));
  return base / 2 + Math.random() * (base / 2);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (which may be synchronous: a prepared better-sqlite3 statement) again while
 * it fails with SQLITE_BUSY, pausing asynchronously between tries; after `waitMs` it throws
 * DatabaseBusyError. `beforeRetry`/`afterPause` let a caller give up and take back what it
 * holds around the pause (the Kysely driver lends its connection out meanwhile).
 */
export async function retryWhileBusy<T>(
  waitMs: number,
  attempt: () => T | Promise<T>,
  around: { beforePause?: () => void | Promise<void>; afterPause?: () => void | Promise<void> } = {},
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isSqliteBusy(err)) throw err;
      const left = deadline - Date.now();
      if (left <= 0) throw new DatabaseBusyError(waitMs, err);
      await around.beforePause?.();
      await sleep(Math.min(left, pauseBefore(n)));
      await around.afterPause?.();
    }
  }
}

/** What `whenFree` needs of the storage: the SQLite handle and the wait (a Db, or a transaction: nothing). */
interface FastPathDb {
  sqlite?: { inTransaction: boolean };
  lockWaitMs?: number;
}

/** A stand-in for SQLITE_BUSY while this process's own query-builder transaction has the connection. */
const ownTransaction = () =>
  Object.assign(new Error('connection in a transaction'), { code: 'SQLITE_BUSY_OWN' });

/**
 * For the synchronous fast paths (prepared statements on the raw handle): `run` once the
 * connection is free — no lock held by another process, and no query-builder transaction of
 * this process open on it between two of its statements (joining that one would tie this
 * work to its fate) — waiting asynchronously for either, up to the storage's lock wait.
 */
export function whenFree<T>(db: FastPathDb, run: () => T): Promise<T> {
  const sqlite = db.sqlite;
  if (!sqlite) return Promise.resolve().then(run);
  return retryWhileBusy(db.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS, () => {
    if (sqlite.inTransaction) throw ownTransaction();
    return run();
  });
}
