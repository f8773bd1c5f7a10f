// The request log's writer: rows wait in memory and are written in one transaction per tick
// (250 ms by default), so a model call never waits for its own log write; close() writes
// what is left (on shutdown). A failed write is logged (counts only) and its rows dropped:
// the log is a record of traffic, never a reason to hold memory without bound.
// On SQLite the batch is one synchronous transaction of a prepared single-row INSERT (the
// query builder compiled 200-row INSERTs: ~3 KB allocated and tens of µs of CPU per row;
// docs/contributing/performance.md "Request log writes"); while the connection is in another
// transaction, or another process holds the write lock, the builder's path (which waits) runs.
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { isSqliteBusy } from '../../platform/db/lock-wait.js';
import { prepared } from '../../platform/db/statements.js';
import type { DbLike } from '../../platform/db/transactions.js';
import type { Logger } from '../../platform/logger.js';
import type { CallRow } from './row.js';
import { type CallsTables, kyselyOf } from './tables.js';

/** Rows per INSERT: well inside SQLite's and PostgreSQL's bound on parameters. */
const CHUNK = 200;
/** Beyond this many waiting rows (a stalled database), new rows are dropped and counted. */
const MAX_WAITING = 50_000;

/** Every column of a row, so the single-row INSERT names them all (the type makes it exhaustive). */
const COLUMNS: Record<keyof CallRow, true> = {
  id: true,
  at: true,
  day: true,
  organization_id: true,
  account_id: true,
  key_id: true,
  route: true,
  model_asked: true,
  model_used: true,
  provider: true,
  region: true,
  status: true,
  latency_ms: true,
  input_tokens: true,
  output_tokens: true,
  cost_micros: true,
  findings: true,
};

function insertRow(db: Kysely<CallsTables>, row: CallRow) {
  const values: Record<string, unknown> = {};
  for (const column of Object.keys(COLUMNS)) values[column] = row[column as keyof CallRow];
  return db.insertInto('call_log').values(values as CallRow);
}

/** The batch as one synchronous SQLite transaction (throws, rolled back, on any failure). */
function sqliteBatch(sqlite: SQLite.Database, kysely: Kysely<CallsTables>): (rows: CallRow[]) => void {
  const insert = prepared(sqlite, kysely, insertRow);
  return sqlite.transaction((rows: CallRow[]) => {
    for (const row of rows) insert.statement.run(...insert.args(row));
  });
}

export class CallLogWriter {
  #waiting: CallRow[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #dropped = 0;
  readonly #db: Kysely<CallsTables>;
  readonly #sqlite: SQLite.Database | undefined;
  /** Prepared on the first write (the table exists by then). */
  #sqliteBatch: ((rows: CallRow[]) => void) | undefined;

  constructor(
    db: DbLike,
    private readonly logger: Logger,
    private readonly tickMs = 250,
  ) {
    this.#db = kyselyOf(db);
    this.#sqlite = 'sqlite' in db ? db.sqlite : undefined;
  }

  add(row: CallRow): void {
    if (this.#waiting.length >= MAX_WAITING) {
      this.#dropped++;
      return;
    }
    this.#waiting.push(row);
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.tickMs).unref();
  }

  /** Writes every waiting row; resolves once they are committed (tests wait on it). */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  async close(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }

  async #write(): Promise<void> {
    const rows = this.#waiting;
    if (rows.length === 0) return;
    this.#waiting = [];
    try {
      if (!this.#writeAtOnce(rows))
        await this.#db.transaction().execute(async (tx) => {
          for (let i = 0; i < rows.length; i += CHUNK) {
            await tx
              .insertInto('call_log')
              .values(rows.slice(i, i + CHUNK))
              .execute();
          }
        });
    } catch (err) {
      this.logger.warn({ err: (err as Error).name, rows: rows.length }, 'request log write failed');
    }
    if (this.#dropped > 0) {
      this.logger.warn({ dropped: this.#dropped }, 'request log rows dropped');
      this.#dropped = 0;
    }
  }

  /** The SQLite fast path, when it can run now: false leaves the rows to the builder's path. */
  #writeAtOnce(rows: CallRow[]): boolean {
    if (!this.#sqlite || this.#sqlite.inTransaction) return false;
    try {
      this.#sqliteBatch ??= sqliteBatch(this.#sqlite, this.#db);
      this.#sqliteBatch(rows);
      return true;
    } catch (err) {
      if (isSqliteBusy(err)) return false;
      throw err;
    }
  }
}
