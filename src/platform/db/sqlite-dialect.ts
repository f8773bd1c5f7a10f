// Kysely's SQLite dialect, with the waits for another process's write lock moved out of
// the driver's synchronous calls (lock-wait.ts): a statement outside a transaction that finds
// the database locked is tried again after an asynchronous pause, and a transaction takes
// the write lock when it begins (BEGIN IMMEDIATE) the same way. During each pause the single
// connection is lent back, so this process's reads and other work go on meanwhile.
//
// IMMEDIATE rather than SQLite's deferred BEGIN: a transaction that read first and then
// found the lock taken could only be run again whole (and one that read before another
// process committed never gets the lock at all); taking it at the start means the wait
// happens before any work, and never in the middle.
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  SqliteDialect,
  type SqliteDialectConfig,
} from 'kysely';
import { retryWhileBusy } from './lock-wait.js';

export class LockWaitingSqliteDialect extends SqliteDialect {
  readonly #sqlite: SQLite.Database;
  readonly #waitMs: number;

  constructor(sqlite: SQLite.Database, waitMs: number, config: Omit<SqliteDialectConfig, 'database'> = {}) {
    super({ ...config, database: sqlite });
    this.#sqlite = sqlite;
    this.#waitMs = waitMs;
  }

  override createDriver(): Driver {
    return new LockWaitingDriver(super.createDriver(), this.#sqlite, this.#waitMs);
  }
}

type Compile = QueryCompiler['compileQuery'];

/** The connection handed to Kysely: the driver's own, whose statements wait for the lock. */
class WaitingConnection implements DatabaseConnection {
  constructor(
    readonly raw: DatabaseConnection,
    private readonly driver: LockWaitingDriver,
  ) {}

  executeQuery<R>(query: CompiledQuery) {
    return this.driver.waiting(this.raw, () => this.raw.executeQuery<R>(query));
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    return this.raw.streamQuery<R>(query, chunkSize);
  }
}

class LockWaitingDriver implements Driver {
  #connection?: WaitingConnection;

  constructor(
    private readonly inner: Driver,
    private readonly sqlite: SQLite.Database,
    private readonly waitMs: number,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const raw = await this.inner.acquireConnection();
    // SQLite has one connection: the same wrapper every time.
    if (this.#connection?.raw !== raw) this.#connection = new WaitingConnection(raw, this);
    return this.#connection;
  }

  /**
   * `run` again while the database is locked elsewhere. Inside a transaction the lock is
   * already ours (IMMEDIATE), so a failure there is not a wait: it goes to the caller.
   */
  waiting<T>(raw: DatabaseConnection, run: () => Promise<T>): Promise<T> {
    if (this.sqlite.inTransaction) return run();
    return retryWhileBusy(this.waitMs, run, {
      beforePause: () => this.inner.releaseConnection(raw),
      afterPause: async () => {
        await this.inner.acquireConnection();
      },
    });
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const raw = rawOf(connection);
    await this.waiting(raw, () => raw.executeQuery(CompiledQuery.raw('begin immediate')));
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(rawOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(rawOf(connection));
  }

  savepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    return this.inner.savepoint!(rawOf(connection), name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    return this.inner.rollbackToSavepoint!(rawOf(connection), name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    return this.inner.releaseSavepoint!(rawOf(connection), name, compile);
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(rawOf(connection));
  }

  destroy() {
    return this.inner.destroy();
  }
}

const rawOf = (connection: DatabaseConnection): DatabaseConnection =>
  connection instanceof WaitingConnection ? connection.raw : connection;
