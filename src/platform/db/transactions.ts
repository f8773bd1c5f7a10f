// Transactions every area runs the same way: a function that takes either the app's storage
// or a transaction its caller already holds, and joins the caller's when there is one.
import type { Kysely, Transaction } from 'kysely';
import type { Db } from './index.js';
import type { Database } from './schema.js';

/** Either the app's storage or a transaction the caller already holds. */
export type DbLike = Db | Kysely<Database>;

export function kyselyOf(db: DbLike): Kysely<Database> {
  return 'kysely' in db && !('selectFrom' in db) ? db.kysely : (db as Kysely<Database>);
}

/**
 * Runs `fn` in a transaction, or in the caller's when it passed one. On SQLite the
 * transaction waits for the write lock when it begins (sqlite-dialect.ts), and gives up with
 * DatabaseBusyError (503 `database_busy`), which is not retried here: the wait is over. A
 * SQLITE_BUSY from inside (a statement that raced another process some other way) rolled
 * the transaction back whole, so it is simply run again.
 */
export async function inTransaction<T>(db: DbLike, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const k = kyselyOf(db);
  if (k.isTransaction) return fn(k);
  for (let attempt = 1; ; attempt++) {
    try {
      return await k.transaction().execute((trx: Transaction<Database>) => fn(trx));
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= 20 || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw err;
      await new Promise((r) => setTimeout(r, attempt * 5));
    }
  }
}
