// The request log's writer: rows wait in memory and are written in one transaction per tick
// (250 ms by default), so a model call never waits for its own log write; close() writes
// what is left (on shutdown). A failed write is logged (counts only) and its rows dropped:
// the log is a record of traffic, never a reason to hold memory without bound.
import type { Kysely } from 'kysely';
import type { Logger } from '../../platform/logger.js';
import type { CallRow } from './row.js';
import type { CallsTables } from './tables.js';

/** Rows per INSERT: well inside SQLite's and PostgreSQL's bound on parameters. */
const CHUNK = 200;
/** Beyond this many waiting rows (a stalled database), new rows are dropped and counted. */
const MAX_WAITING = 50_000;

export class CallLogWriter {
  #waiting: CallRow[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> = Promise.resolve();
  #dropped = 0;

  constructor(
    private readonly db: Kysely<CallsTables>,
    private readonly logger: Logger,
    private readonly tickMs = 250,
  ) {}

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
      await this.db.transaction().execute(async (tx) => {
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
}
