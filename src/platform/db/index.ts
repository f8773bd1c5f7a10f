// Storage: SQLite (better-sqlite3, WAL) in the data directory by default, PostgreSQL when
// DATABASE_URL is set. The rest of the code sees one Kysely instance either way.
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type Migration, type MigrationResultSet, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { queryTracer } from '../tracing/db.js';
import { startCheckpointer } from './checkpointer.js';
import { DEFAULT_LOCK_WAIT_MS, isLockConflict } from './lock-wait.js';
import { migrations } from './migrations/index.js';
import { type Listener, pgListen, pgNotify } from './notify.js';
import type { Database } from './schema.js';
import { LockWaitingSqliteDialect } from './sqlite-dialect.js';

export type { Database } from './schema.js';
export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  readonly kysely: Kysely<Database>;
  readonly dialect: Dialect;
  /** DATABASE_LOCK_WAIT_MS: how long a write waits for a lock held by another connection (lock-wait.ts); absent: the default. */
  readonly lockWaitMs?: number;
  /** The raw SQLite handle, for the few hot-path statements that cannot afford a query builder. */
  readonly sqlite?: SQLite.Database;
  /** PostgreSQL only: hints between instances (notify.ts); SQLite instances poll. */
  listen?(channel: string, onMessage: (payload: string) => void): Listener;
  notify?(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

// int8 (bigint) arrives from pg as a string; our bigints are epoch milliseconds and
// counters, well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string;
  /** DATABASE_LOCK_WAIT_MS; DEFAULT_LOCK_WAIT_MS when absent. */
  databaseLockWaitMs?: number;
}

export function openDb(options: DbOptions): Db {
  const lockWaitMs = options.databaseLockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that loses its server emits 'error'; without a listener the process dies.
    pool.on('error', () => {});
    // A row or table lock held elsewhere (a stuck session, a long migration) fails the
    // statement with 55P03 after the wait instead of holding the request, and a pooled
    // connection, for as long as the other side keeps it. The client runs its queries in
    // order, so this comes before anything the pool hands the connection out for.
    pool.on('connect', (client) => {
      client.query(`SET lock_timeout = ${Math.max(1, Math.floor(lockWaitMs))}`).catch(() => {});
    });
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: queryTracer('postgresql'),
    });
    const url = options.databaseUrl;
    return {
      kysely,
      dialect: 'postgres',
      lockWaitMs,
      listen: (channel, onMessage) => pgListen(url, channel, onMessage),
      notify: (channel, payload) => pgNotify(kysely, channel, payload),
      close: () => kysely.destroy(),
    };
  }
  const file = sqliteFile(options.dataDir);
  createPrivately(file);
  const sqlite = new SQLite(file);
  // WAL + NORMAL: a committed transaction survives a killed process (the WAL is in the OS
  // page cache); only a power loss can take the last transactions. Several processes (CLI
  // and server, --processes) share the file: a write that finds it locked waits, but never
  // inside SQLite, whose busy handler sleeps on the event loop — busy_timeout 0 makes it
  // fail at once, and the dialect and fast paths wait asynchronously (lock-wait.ts).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 0');
  sqlite.pragma('foreign_keys = ON');
  // SQLite gives -wal and -shm the main file's mode; files made by older versions are narrowed here.
  for (const suffix of ['', '-wal', '-shm']) narrow(file + suffix);
  const checkpointer = startCheckpointer(sqlite, file);
  const kysely = new Kysely<Database>({
    dialect: new LockWaitingSqliteDialect(sqlite, lockWaitMs),
    log: queryTracer('sqlite'),
  });
  // Once: a second close (a test that took storage away, then disposed of it) would wait
  // for a checkpointer thread that is already gone.
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await kysely.destroy();
      // Kysely opens its driver on first use only; a handle it never used is closed here.
      if (sqlite.open) sqlite.close();
      await checkpointer.stop();
    })());
  return { kysely, dialect: 'sqlite', lockWaitMs, sqlite, close };
}

export const sqliteFile = (dataDir: string) => resolve(dataDir, 'svc.sqlite');

/**
 * The data folder (0700 when this creates it) and the database file (0600) before SQLite
 * opens it: records, hashes and the audit log are nobody else's to read on a shared machine.
 */
function createPrivately(file: string): void {
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
}

function narrow(path: string): void {
  try {
    chmodSync(path, 0o600);
  } catch {
    // Absent (-wal/-shm come with the first write) or not ours: nothing to narrow.
  }
}

/** Where storage lives, for people: the SQLite file, or the PostgreSQL URL without its password. */
export function describeStorage(options: DbOptions): string {
  if (!options.databaseUrl) return `SQLite ${sqliteFile(options.dataDir)}`;
  try {
    const url = new URL(options.databaseUrl);
    url.password = '';
    url.search = '';
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return 'PostgreSQL';
  }
}

/** Brings the schema up to date. Idempotent; safe when several instances start together. */
export async function migrate(db: Db, secret?: string): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; a
  // database shared with other schemas (or other deployments) would confuse it.
  const migrationTableSchema =
    db.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db.kysely)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => withSecret(migrations, secret) },
    migrationTableSchema,
  });
  // PostgreSQL serialises migrators with a lock and runs each migration in a transaction.
  // Kysely does neither on SQLite, so two processes could apply the same migration: hold
  // the database's write lock (BEGIN IMMEDIATE) for the whole run instead. A process that
  // finds the lock taken (SQLITE_BUSY; on PostgreSQL lock_timeout's 55P03 while another
  // instance migrates) tries again for up to MIGRATION_LOCK_WAIT_MS, and then finds the work
  // done. isTransient() lists the other failures that are retried, on both dialects.
  const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      db.sqlite?.exec('BEGIN IMMEDIATE');
      const { error, results } = await migrator.migrateToLatest();
      db.sqlite?.exec(error ? 'ROLLBACK' : 'COMMIT');
      if (error) throw new MigrationError(results ?? [], error);
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    } catch (err) {
      if (db.sqlite?.inTransaction) db.sqlite.exec('ROLLBACK');
      const cause = err instanceof MigrationError ? err.cause : err;
      const again = isLockConflict(cause) ? Date.now() < deadline : isTransient(cause) && attempt < 10;
      if (!again) throw err;
      await new Promise((r) => setTimeout(r, Math.min(250, 20 * attempt)));
    }
  }
}

/** How long start-up waits for another process's migrations (or a lock held elsewhere) to end. */
const MIGRATION_LOCK_WAIT_MS = 120_000;

/** A migration that re-seals data (0009) takes the master secret as a second argument. */
type SealingStep = (db: Kysely<unknown>, secret?: string) => Promise<void>;

function withSecret(all: Record<string, Migration>, secret: string | undefined): Record<string, Migration> {
  const bind = (step: SealingStep) => (db: Kysely<unknown>) => step(db, secret);
  return Object.fromEntries(
    Object.entries(all).map(([name, m]) => [
      name,
      { up: bind(m.up), ...(m.down ? { down: bind(m.down) } : {}) },
    ]),
  );
}

/**
 * Failures worth a few more tries (locks are waited for apart): on PostgreSQL the catalog races of
 * Kysely's introspection, which reads the tables and columns of every schema — when another
 * schema is dropped or migrated meanwhile (another deployment, a parallel test run) its
 * query fails with "schema … does not exist" (3F000), "relation … does not exist" (42P01),
 * or, when a column there is renamed, "column … does not exist" (42703: its
 * pg_get_serial_sequence() looks the column up by name outside the query's snapshot).
 */
function isTransient(err: unknown): boolean {
  const code = String((err as { code?: unknown })?.code ?? '');
  return code === '3F000' || code === '42P01' || code === '42703';
}

export class MigrationError extends Error {
  constructor(
    readonly results: NonNullable<MigrationResultSet['results']>,
    cause: unknown,
  ) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    super(`migration ${failed} failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}
